import { describe, expect, it } from "vitest";
import { framesForItem, frameForTime, type VideoTiming } from "./frame-mapping";
import { arrayElementLines, jsonErrorLocation } from "./json-positions";
import { stableJson } from "./stable-json";
import { benchmarkKindFromCli } from "./types";
import { VideoRefIndex, allVideoKeys, refsWithSharedBasename } from "./video-ref";

describe("json positions", () => {
  it("finds the start line of each element of a keyed array, ignoring brackets in strings", () => {
    const text = '{\n  "x": "[{",\n  "items": [\n    {"a": "]"},\n\n    {"b": [1, 2]}, 3,\n    "s"\n  ]\n}';
    expect(arrayElementLines(text, ["items"]).get("items")).toEqual([4, 6, 6, 7]);
    expect([...arrayElementLines('{"data": {"t1": [1,\n2], "t2": [\n{}]}}', ["data", "*"]).entries()]).toEqual([
      ["data\u0000t1", [1, 2]],
      ["data\u0000t2", [3]],
    ]);
    expect(arrayElementLines("[\n{},\n{}\n]", []).get("")).toEqual([2, 3]);
  });

  it("locates JSON.parse errors", () => {
    const text = '{\n  "a": 1,\n  "b" 2\n}';
    try {
      JSON.parse(text);
    } catch (e) {
      expect(jsonErrorLocation(text, e).line).toBe(3);
    }
    const cut = '{\n  "a": [1,';
    try {
      JSON.parse(cut);
    } catch (e) {
      expect(jsonErrorLocation(cut, e).line).toBe(2);
    }
  });
});

describe("video references", () => {
  const videos = [
    { id: "v1", originalName: "-FZTi5EfPSQ.mp4", sourcePath: "vcbench/RoomTour3D/-FZTi5EfPSQ.mp4" },
    { id: "v2", originalName: "charades_VYMZC.mp4", sourcePath: null },
    { id: "v3", originalName: "12.mp4", sourcePath: "ec/12.mp4" },
    { id: "v4", originalName: "12.mkv", sourcePath: "other/12.mkv" },
    { id: "v5", originalName: "0000.mp4", sourcePath: "simulated/0000.mp4" },
    { id: "v6", originalName: "x.mp4", sourcePath: null },
    { id: "v7", originalName: "y.mp4", sourcePath: "other/y.mp4" },
  ];
  const index = new VideoRefIndex(videos);
  it("matches by source path, its trailing parts, original name, and names without extension", () => {
    expect(index.resolve("RoomTour3D/-FZTi5EfPSQ.mp4").video?.id).toBe("v1");
    expect(index.resolve("vcbench/RoomTour3D/-FZTi5EfPSQ.mp4").video?.id).toBe("v1");
    expect(index.resolve("charades_VYMZC").video?.id).toBe("v2");
    expect(index.resolve("simulated/0000.mp4").video?.id).toBe("v5");
    expect(index.resolve("ec/12").video?.id).toBe("v3");
    expect(index.resolve("charades_VYMZC.avi").video).toBeNull();
    expect(index.resolve("unknown.mp4")).toEqual({ video: null, ambiguous: [] });
  });
  it("matches a reference's file name to a video uploaded on its own, unless names are shared", () => {
    expect(index.resolve("RoomTour3D/x.mp4").video?.id).toBe("v6");
    expect(index.resolve("RoomTour3D/x.mp4", { allowBasename: false }).video).toBeNull();
    expect(index.resolve("RoomTour3D/y.mp4").video).toBeNull();
    expect([...refsWithSharedBasename(["a/x.mp4", "b/x.mp4", "a/z.mp4", "a/z.mp4"])].sort()).toEqual(["a/x.mp4", "b/x.mp4"]);
  });
  it("refuses ambiguous references", () => {
    const r = index.resolve("12");
    expect(r.video).toBeNull();
    expect(r.ambiguous.map((v) => v.id).sort()).toEqual(["v3", "v4"]);
  });
  it("lists the keys a pending item may carry", () => {
    expect(allVideoKeys(videos[0]).sort()).toEqual(
      ["-FZTi5EfPSQ", "-FZTi5EfPSQ.mp4", "RoomTour3D/-FZTi5EfPSQ", "RoomTour3D/-FZTi5EfPSQ.mp4", "vcbench/RoomTour3D/-FZTi5EfPSQ", "vcbench/RoomTour3D/-FZTi5EfPSQ.mp4"].sort(),
    );
  });
});

describe("frame mapping", () => {
  // 10 frames at 10 fps starting at pts 0.5 s (time base 1/1000)
  const table = { timeBase: { num: 1, den: 1000 }, pts: Array.from({ length: 10 }, (_, i) => 500 + i * 100), endPts: 1500 };
  const timing: VideoTiming = { videoId: "v", durationSec: 1, table };
  it("maps seconds from the start to the frame shown, on offset files too", () => {
    expect(frameForTime(timing, 0)).toBe(0);
    expect(frameForTime(timing, 0.25)).toBe(2);
    expect(frameForTime(timing, 0.3)).toBe(3);
    expect(frameForTime(timing, 5)).toBe(9);
    expect(frameForTime({ ...timing, table: null }, 0.3)).toBeNull();
  });
  it("warns about times beyond the video and missing PTS tables", () => {
    const r = framesForItem({ externalId: "x", line: 3, queryTimes: [0.2, 1.5], spans: [{ startSec: 0.1, endSec: 2 }] }, timing, "a.mp4");
    expect(r.queryFrames).toEqual([2, 9]);
    expect(r.spanFrames).toEqual([[1, 9]]);
    expect(r.warnings.map((w) => [w.code, w.item_id, w.line])).toEqual([["time_beyond_video", "x", 3]]);
    const none = framesForItem({ externalId: "x", line: null, queryTimes: [0.2], spans: [] }, { videoId: "v", durationSec: 1, table: null, problem: "gone" }, "a.mp4");
    expect(none.queryFrames).toEqual([null]);
    expect(none.warnings.map((w) => w.code)).toEqual(["pts_unavailable"]);
  });
});

describe("small helpers", () => {
  it("sorts keys for comparison", () => {
    expect(stableJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe('{"a":{"d":[2,{"e":0,"f":1}]},"b":1}');
  });
  it("reads benchmark names from the command line", () => {
    expect(benchmarkKindFromCli("vcbench")).toBe("VCBENCH");
    expect(benchmarkKindFromCli("toc-bench")).toBe("TOCBENCH");
    expect(benchmarkKindFromCli("ec_bench")).toBe("ECBENCH");
    expect(benchmarkKindFromCli("mmlu")).toBeNull();
  });
});
