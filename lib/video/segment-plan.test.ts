import { describe, expect, it } from "vitest";
import { forcedKeyframeTimes, planSegments } from "./segment-plan";
import type { PtsTable } from "./pts-table";

const tb = { num: 1, den: 90000 };
const cfr30: PtsTable = { timeBase: tb, pts: Array.from({ length: 300 }, (_, i) => i * 3000), endPts: 900000 };
const offset: PtsTable = { timeBase: tb, pts: Array.from({ length: 250 }, (_, i) => 225000 + i * 3600), endPts: 1125000 };

describe("planSegments", () => {
  it("starts segments at the frames displayed at the cut times", () => {
    const plan = planSegments(cfr30, [2, 5.01, 1.0])
    expect(plan.cutFrames).toEqual([30, 60, 150]);
    expect(plan.segments.map((s) => [s.startFrame, s.endFrameExclusive])).toEqual([[0, 30], [30, 60], [60, 150], [150, 300]]);
    expect(plan.segments[1].startTime).toBe(1);
    expect(plan.segments[3].endTime).toBe(10);
  });

  it("drops cuts on the first frame and duplicates, sorts the rest", () => {
    const plan = planSegments(cfr30, [0, 0.01, 3, 3.02, 3.0])
    expect(plan.cutFrames).toEqual([90]);
    expect(planSegments(cfr30, []).segments).toHaveLength(1);
  });

  it("works in the presentation timeline of a file that does not start at 0", () => {
    const plan = planSegments(offset, [1, 2.5, 4.5, 12.46]);
    expect(plan.cutFrames).toEqual([50, 249]);
    expect(plan.segments[1].startTime).toBe(4.5);
  });

  it("rejects cut times at or after the end, and non-numbers", () => {
    expect(() => planSegments(cfr30, [10])).toThrow(/not before the end/);
    expect(() => planSegments(cfr30, [Number.NaN])).toThrow(/finite/);
    expect(() => planSegments({ timeBase: tb, pts: [], endPts: 0 }, [1])).toThrow(/without frames/);
  });
});

describe("forcedKeyframeTimes", () => {
  it("places each time a quarter of the previous frame before the cut frame, minus the start shift", () => {
    expect(forcedKeyframeTimes(cfr30, [30], 0)[0]).toBeCloseTo(1 - 1 / 120, 12);
    expect(forcedKeyframeTimes(offset, [50], 2.5)[0]).toBeCloseTo(2 - 0.01, 12);
    expect(() => forcedKeyframeTimes(cfr30, [0], 0)).toThrow(RangeError);
  });
});
