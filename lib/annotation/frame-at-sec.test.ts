import { describe, expect, it } from "vitest";
import { firstFrameAtOrAfter, frameAtSec, wholeSecondTime } from "./frame-at-sec";

// VFR with a first-frame offset removed: frames at 0, 0.04, 0.08, then 0.5 s steps
const pts = [0, 0.04, 0.08, 0.58, 1.08, 1.58, 2.08];
const ft = (frame: number) => ({ frame, sec: pts[frame] });

describe("frame-at-sec", () => {
  it("finds the first frame at or after a time", () => {
    expect(firstFrameAtOrAfter(0, pts.length, ft)).toBe(0);
    expect(firstFrameAtOrAfter(0.04, pts.length, ft)).toBe(1);
    expect(firstFrameAtOrAfter(0.05, pts.length, ft)).toBe(2);
    expect(firstFrameAtOrAfter(1, pts.length, ft)).toBe(4);
    expect(firstFrameAtOrAfter(99, pts.length, ft)).toBe(6);
  });
  it("finds the frame on screen at a time", () => {
    expect(frameAtSec(0.05, pts.length, ft)).toBe(1);
    expect(frameAtSec(1.08, pts.length, ft)).toBe(4);
    expect(frameAtSec(1.0, pts.length, ft)).toBe(3);
    expect(frameAtSec(50, pts.length, ft)).toBe(6);
  });
  it("snaps to whole seconds (floor for starts, ceil for ends)", () => {
    expect(wholeSecondTime(1.7, pts.length, ft)).toEqual({ frame: 4, sec: 1.08 });
    expect(wholeSecondTime(0.3, pts.length, ft, true)).toEqual({ frame: 4, sec: 1.08 });
    expect(wholeSecondTime(0.3, pts.length, ft)).toEqual({ frame: 0, sec: 0 });
  });
});
