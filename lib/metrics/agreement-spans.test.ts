import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spanTemporalIoU } from "./agreement-spans";

// All expected values are hand computations from the definition tIoU = |∪A ∩ ∪B| / |∪A ∪ ∪B|.

describe("spanTemporalIoU", () => {
  it("union mode: overlapping spans of one annotator are merged first", () => {
    // A: [0,10] ∪ [5,15] = [0,15]; B: [10,20]. ∩ = 5, ∪ = 15 + 10 − 5 = 20 → 0.25
    expect(spanTemporalIoU([[0, 10], [5, 15]], [[10, 20]])).toBeCloseTo(0.25, 12);
  });

  it("union vs hull mode differ when a set has gaps", () => {
    // A: [0,2] ∪ [8,10] (length 4), B: [0,10]. union: ∩ = 4, ∪ = 10 → 0.4; hull: A → [0,10] → 1
    const a = [
      [0, 2],
      [8, 10],
    ] as const;
    expect(spanTemporalIoU(a, [[0, 10]])).toBeCloseTo(0.4, 12);
    expect(spanTemporalIoU(a, [[0, 10]], { mode: "hull" })).toBe(1);
  });

  it("accepts {start, end} objects; inclusiveEnd reads frame spans [s, e] as [s, e + 1)", () => {
    // frames 10..19 vs 15..24: continuous [10,19]∩[15,24] = 4, ∪ = 14 → 4/14;
    // inclusive [10,20)∩[15,25) = 5, ∪ = 15 → 1/3
    const a = [{ start: 10, end: 19 }];
    const b = [{ start: 15, end: 24 }];
    expect(spanTemporalIoU(a, b)).toBeCloseTo(4 / 14, 12);
    expect(spanTemporalIoU(a, b, { inclusiveEnd: true })).toBeCloseTo(1 / 3, 12);
    // a single-frame span [7, 7] has length 1 when the end frame is included
    expect(spanTemporalIoU([[7, 7]], [[7, 7]], { inclusiveEnd: true })).toBe(1);
  });

  it("edge cases: both empty → NaN, one empty → 0, only zero-length spans → 0", () => {
    expect(spanTemporalIoU([], [])).toBeNaN();
    expect(spanTemporalIoU([[0, 1]], [])).toBe(0);
    expect(spanTemporalIoU([], [[0, 1]], { mode: "hull" })).toBe(0);
    expect(spanTemporalIoU([[3, 3]], [[3, 3]])).toBe(0);
  });

  it("rejects reversed or non-finite spans naming the annotator and span", () => {
    expect(() => spanTemporalIoU([[0, 1], [5, 2]], [])).toThrow(/annotator A, span 1: end 2 is before start 5/);
    expect(() => spanTemporalIoU([], [{ start: 0, end: Number.NaN }])).toThrow(/annotator B, span 0/);
    expect(() => spanTemporalIoU([], [], { mode: "max" as never })).toThrow(/mode must be/);
  });

  it("is symmetric, within [0, 1], and 1 for identical sets of positive length", () => {
    const span = fc
      .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 20 }))
      .map(([s, len]) => [s, s + len] as [number, number]);
    const spans = fc.array(span, { maxLength: 6 });
    fc.assert(
      fc.property(spans, spans, fc.constantFrom("union" as const, "hull" as const), (a, b, mode) => {
        const x = spanTemporalIoU(a, b, { mode });
        const y = spanTemporalIoU(b, a, { mode });
        if (Number.isNaN(x)) expect(y).toBeNaN();
        else {
          expect(y).toBeCloseTo(x, 12);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(1);
        }
        if (a.some(([s, e]) => e > s)) expect(spanTemporalIoU(a, [...a].reverse(), { mode })).toBeCloseTo(1, 12);
      }),
    );
  });
});
