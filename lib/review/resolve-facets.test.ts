import { describe, expect, it } from "vitest";
import { frameTimeAt, meanFrameTime } from "./resolve-facets";

const at = (frame: number, fps = 30) => ({ frame, sec: frame / fps });

describe("meanFrameTime", () => {
  it("rounds the mean frame to the nearest, ties to the earlier, with the time interpolated", () => {
    const cases: [number[], number][] = [[[10, 13], 11], [[10, 14], 12], [[10, 11, 15], 12], [[10, 10, 11], 10]]; // 11.5 → 11; 10.33 → 10
    for (const [frames, want] of cases) {
      const m = meanFrameTime(frames.map((f) => at(f)), 30);
      expect(m.frame).toBe(want);
      expect(m.sec).toBeCloseTo(want / 30, 12);
    }
  });

  it("gives frame 0 as +0, never -0 (Math.ceil(-0.5) is -0; a merged document must equal its source)", () => {
    const m = meanFrameTime([at(0), at(0)], 30);
    expect(Object.is(m.frame, 0)).toBe(true);
    expect(m).toEqual(at(0));
    expect(Object.is(meanFrameTime([at(0), at(1)], 30).frame, 0)).toBe(true);
  });
});

describe("frameTimeAt", () => {
  it("takes a member's own time at its frame, interpolates between members, extrapolates by fps", () => {
    const known = [{ frame: 10, sec: 0.5 }, { frame: 20, sec: 1.5 }];
    expect(frameTimeAt(10, known, 30)).toEqual({ frame: 10, sec: 0.5 });
    expect(frameTimeAt(15, known, 30).sec).toBeCloseTo(1.0, 12);
    expect(frameTimeAt(23, known, 30).sec).toBeCloseTo(1.6, 12);
  });
});
