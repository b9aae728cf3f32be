import { describe, expect, it } from "vitest";
import type { PtsTable } from "./pts-table";
import { checkSceneCutsSidecar, cutFramesOf, parseSceneCutOutput, SCENE_CUT_THRESHOLD, SCENE_CUTS_SIDECAR_VERSION, SceneCutOutputError } from "./scene-cuts";

const OUTPUT = [
  "frame:50   pts:25600   pts_time:2",
  "lavfi.scd.time=2",
  "frame:100  pts:38400   pts_time:3",
  "lavfi.scd.time=3",
  "",
].join("\n");

describe("parseSceneCutOutput", () => {
  it("reads frame index and pts of every cut block", () => {
    expect(parseSceneCutOutput(OUTPUT)).toEqual([
      { frame: 50, pts: 25600 },
      { frame: 100, pts: 38400 },
    ]);
  });

  it("accepts Windows line ends, NOPTS, other keys and negative pts; skips frames without the cut key", () => {
    const out = [
      "frame:3    pts:NOPTS   pts_time:NOPTS\r",
      "lavfi.scd.score=12.5\r",
      "lavfi.scd.time=NOPTS\r",
      "frame:4    pts:200     pts_time:0.2\r",
      "lavfi.scd.score=1.0\r",
      "frame:7    pts:-40     pts_time:-0.04\r",
      "lavfi.scd.time=-0.04\r",
    ].join("\n");
    expect(parseSceneCutOutput(out)).toEqual([
      { frame: 3, pts: null },
      { frame: 7, pts: -40 },
    ]);
  });

  it("finds no cuts in empty output", () => {
    expect(parseSceneCutOutput("")).toEqual([]);
    expect(parseSceneCutOutput("\n\n")).toEqual([]);
  });

  it("refuses a frame line it cannot read instead of reporting no cuts", () => {
    expect(() => parseSceneCutOutput("frame:12 time:0.5\nlavfi.scd.time=0.5\n")).toThrow(SceneCutOutputError);
    expect(() => parseSceneCutOutput("frame:12 time:0.5\n")).toThrow(/unreadable scene detection line "frame:12 time:0.5"/);
  });
});

describe("cutFramesOf", () => {
  // 25 fps in 1/12800 with a 2.5 s first-frame offset: frame i at 32000 + 512 i.
  const offset: PtsTable = { timeBase: { num: 1, den: 12800 }, pts: Array.from({ length: 140 }, (_, i) => 32000 + 512 * i), endPts: 32000 + 512 * 140 };

  it("maps cuts by their pts (first-frame offset included), not by the printed frame number", () => {
    expect(cutFramesOf([{ frame: 999, pts: 32000 + 512 * 50 }, { frame: 90, pts: 32000 + 512 * 90 }], offset)).toEqual([50, 90]);
  });

  it("takes the frame displayed at a pts that is no frame's exact pts", () => {
    expect(cutFramesOf([{ frame: 0, pts: 32000 + 512 * 20 + 100 }], offset)).toEqual([20]);
  });

  it("falls back to the frame number without pts; drops frame 0, frames outside the table and duplicates; sorts", () => {
    expect(cutFramesOf([{ frame: 90, pts: null }, { frame: 0, pts: null }, { frame: 500, pts: null }, { frame: 12, pts: null }, { frame: 12, pts: 32000 + 512 * 12 }], offset)).toEqual([12, 90]);
  });

  it("maps variable-rate tables (25 then 50 fps) exactly", () => {
    const pts = [...Array.from({ length: 50 }, (_, i) => i * 40), ...Array.from({ length: 50 }, (_, i) => 2000 + i * 20)];
    const vfr: PtsTable = { timeBase: { num: 1, den: 1000 }, pts, endPts: 3000 };
    expect(cutFramesOf([{ frame: 50, pts: 2000 }, { frame: 75, pts: 2500 }], vfr)).toEqual([50, 75]);
  });
});

describe("checkSceneCutsSidecar", () => {
  const ok = { version: SCENE_CUTS_SIDECAR_VERSION, threshold: SCENE_CUT_THRESHOLD, frameCount: 100, frames: [10, 40], detectMs: 12 };

  it("accepts a well-formed document", () => {
    expect(checkSceneCutsSidecar(ok, 100)).toEqual(ok);
  });

  it("treats another threshold, version or frame count as stale (null)", () => {
    expect(checkSceneCutsSidecar({ ...ok, threshold: SCENE_CUT_THRESHOLD + 1 }, 100)).toBeNull();
    expect(checkSceneCutsSidecar({ ...ok, version: 0 }, 100)).toBeNull();
    expect(checkSceneCutsSidecar(ok, 101)).toBeNull();
  });

  it("names the bad entry of a malformed document", () => {
    expect(() => checkSceneCutsSidecar({ ...ok, frames: [10, 10] }, 100)).toThrow("frames[1] must be an integer above 10 and below 100, got 10");
    expect(() => checkSceneCutsSidecar({ ...ok, frames: [0] }, 100)).toThrow("frames[0]");
    expect(() => checkSceneCutsSidecar({ ...ok, frames: [100] }, 100)).toThrow("frames[0]");
    expect(() => checkSceneCutsSidecar({ ...ok, frames: "10" }, 100)).toThrow("frames must be an array");
    expect(() => checkSceneCutsSidecar(null, 100)).toThrow("not a JSON object");
  });
});
