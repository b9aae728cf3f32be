import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFrameCodes } from "./decode-frames";
import { timeOfFrame } from "./frame-time";
import { probeVideo } from "./probe-video";
import { parseMediaPlaylist, segmentVideo, type SegmentResult } from "./segment-video";
import { generateInto, makeTempDir, miniDemoSpec, removeTempDir } from "./video-test-fixtures";

let dir = "";
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(() => removeTempDir(dir));

const size = { width: 640, height: 360 };

/** Decodes every segment (init + media segment) and checks it holds exactly its planned frames. */
async function expectFrameExactSegments(result: SegmentResult) {
  for (const seg of result.segments) {
    const codes = await decodeFrameCodes([path.join(result.outDir, result.initFile), path.join(result.outDir, seg.file)], size);
    const expected = Array.from({ length: seg.endFrameExclusive - seg.startFrame }, (_, i) => seg.startFrame + i);
    expect(codes, `segment ${seg.index}`).toEqual(expected);
  }
}

describe("segmentVideo", { timeout: 40_000 }, () => {
  it("cuts a constant-rate video exactly at the frames displayed at the cut times", async () => {
    const input = await generateInto(dir, miniDemoSpec("cfr30", 90));
    const outDir = path.join(dir, "seg-cfr");
    const result = await segmentVideo(input, [1.0, 0.5166, 2.2], outDir, { preset: "ultrafast" });
    expect(result.cutFrames).toEqual([15, 30, 66]);
    expect(result.segments.map((s) => [s.startFrame, s.endFrameExclusive])).toEqual([[0, 15], [15, 30], [30, 66], [66, 90]]);
    expect(result.mediaTimeOffset).toBe(0);
    expect(result.segments[2]).toMatchObject({ startTime: 1, endTime: 2.2, mediaStartTime: 1 });
    const files = (await readdir(outDir)).sort();
    expect(files).toEqual(["init.mp4", "playlist.m3u8", "seg-00000.m4s", "seg-00001.m4s", "seg-00002.m4s", "seg-00003.m4s"]);
    const playlist = await readFile(path.join(outDir, "playlist.m3u8"), "utf8");
    expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(playlist).toContain("#EXT-X-ENDLIST");
    expect(parseMediaPlaylist(playlist).map((e) => e.uri)).toEqual(result.segments.map((s) => s.file));
    await expectFrameExactSegments(result);
  });

  it("cuts a variable-rate video exactly, at cut times inside 15 and 60 fps runs", async () => {
    const input = await generateInto(dir, miniDemoSpec("vfr", 20));
    const probe = await probeVideo(input);
    // frames 0-19 at 30 fps, 20-29 at 15 fps, 30-49 at 60 fps, 50-69 at 24 fps
    const cuts = [timeOfFrame(probe.ptsTable, 23) + 0.05, timeOfFrame(probe.ptsTable, 41), timeOfFrame(probe.ptsTable, 50) + 0.001];
    const result = await segmentVideo(input, cuts, path.join(dir, "seg-vfr"), { probe, preset: "ultrafast" });
    expect(result.cutFrames).toEqual([23, 41, 50]);
    await expectFrameExactSegments(result);
  });

  it("cuts a video whose first frame is at 2.5 s (HLS timeline zero-based)", async () => {
    const input = await generateInto(dir, miniDemoSpec("offset", 60));
    const result = await segmentVideo(input, [3.0, 4.1], path.join(dir, "seg-offset"), { preset: "ultrafast" });
    expect(result.cutFrames).toEqual([12, 40]);
    expect(result.mediaTimeOffset).toBe(2.5);
    expect(result.segments[1].startTime).toBeCloseTo(2.98, 9); // frame 12, displayed at 3.0
    expect(result.segments[1].mediaStartTime).toBeCloseTo(0.48, 9);
    await expectFrameExactSegments(result);
  });

  it("replaces an earlier output and rejects cut times after the end", async () => {
    const input = await generateInto(dir, miniDemoSpec("cfr30", 30));
    const outDir = path.join(dir, "seg-again");
    await segmentVideo(input, [0.5], outDir, { preset: "ultrafast" });
    const again = await segmentVideo(input, [], outDir, { preset: "ultrafast" });
    expect(again.segments).toHaveLength(1);
    expect((await readdir(outDir)).sort()).toEqual(["init.mp4", "playlist.m3u8", "seg-00000.m4s"]);
    await expect(segmentVideo(input, [5], outDir)).rejects.toThrow(/not before the end/);
  });
});
