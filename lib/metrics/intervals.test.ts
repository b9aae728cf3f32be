import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  hullIoU,
  intersectionLength,
  intervalHull,
  intervalIoU,
  mergeIntervals,
  normalizeIntervals,
  temporalIoU,
  unionLength,
  type Interval,
} from "@/lib/metrics/intervals";

/*
 * Golden vectors (REF): produced by running `merge_intervals` and `compute_iou` from
 * matsuolab/EC-Bench `close_models/evaluation/judge_core.py` (commit 601ddae) with
 * python3 on exactly these inputs (functions extracted from the file, nothing else run).
 * Hand-computed vectors are marked (HAND).
 */
const REF: { name: string; a: Interval[]; b: Interval[]; mergedA: Interval[]; mergedB: Interval[]; iou: number | null }[] = [
  { name: "gapped vs bridge", a: [[0, 10], [20, 30]], b: [[5, 25]], mergedA: [[0, 10], [20, 30]], mergedB: [[5, 25]], iou: 0.3333333333333333 },
  { name: "touching merge", a: [[0, 5], [5, 10]], b: [[0, 10]], mergedA: [[0, 10]], mergedB: [[0, 10]], iou: 1.0 },
  { name: "nested + duplicates", a: [[3, 8], [0, 10], [3, 8]], b: [[2, 4], [6, 12]], mergedA: [[0, 10]], mergedB: [[2, 4], [6, 12]], iou: 0.5 },
  { name: "disjoint", a: [[0, 1]], b: [[2, 3]], mergedA: [[0, 1]], mergedB: [[2, 3]], iou: 0.0 },
  { name: "zero length only", a: [[5, 5]], b: [[5, 5]], mergedA: [[5, 5]], mergedB: [[5, 5]], iou: 0.0 },
  { name: "one empty", a: [], b: [[1, 2]], mergedA: [], mergedB: [[1, 2]], iou: 0.0 },
  { name: "both empty", a: [], b: [], mergedA: [], mergedB: [], iou: null },
  {
    name: "EC-Bench-like row",
    a: [[199, 203], [2698, 2699]],
    b: [[190, 205], [2690, 2700], [3000, 3010]],
    mergedA: [[199, 203], [2698, 2699]],
    mergedB: [[190, 205], [2690, 2700], [3000, 3010]],
    iou: 0.14285714285714285,
  },
];

describe("intervals: golden vectors from the EC-Bench reference", () => {
  for (const c of REF) {
    it(c.name, () => {
      expect(mergeIntervals(c.a)).toEqual(c.mergedA);
      expect(mergeIntervals(c.b)).toEqual(c.mergedB);
      const got = temporalIoU(c.a, c.b);
      if (c.iou === null) expect(got).toBeNull();
      else expect(got).toBeCloseTo(c.iou, 15);
    });
  }
});

describe("intervals: behaviour (HAND)", () => {
  it("normalizeIntervals drops or swaps reversed and non-finite intervals", () => {
    expect(normalizeIntervals([[5, 3], [1, 2], [NaN, 4], [0, Infinity]])).toEqual([[1, 2]]);
    expect(normalizeIntervals([[5, 3], [1, 2]], { reversed: "swap" })).toEqual([[3, 5], [1, 2]]);
  });

  it("mergeIntervals with a gap tolerance (EC-Bench protocol: clips < 5 s apart merge)", () => {
    const clips: Interval[] = [[0, 10], [14, 20], [25, 30], [40, 41]];
    // 14-10 = 4 < 5 merges; 25-20 = 5 is not < 5; 40-30 = 10.
    expect(mergeIntervals(clips, { gap: 5, gapInclusive: false })).toEqual([[0, 20], [25, 30], [40, 41]]);
    // inclusive: 5 <= 5 merges too.
    expect(mergeIntervals(clips, { gap: 5 })).toEqual([[0, 30], [40, 41]]);
    expect(mergeIntervals([], { gap: 5 })).toEqual([]);
    expect(mergeIntervals([[0, 1], [3, 4]], { gap: -2 })).toEqual([[0, 1], [3, 4]]);
  });

  it("unionLength and intersectionLength", () => {
    expect(unionLength([[0, 10], [5, 15], [20, 21]])).toBe(16);
    expect(unionLength([])).toBe(0);
    expect(intersectionLength([[0, 10], [20, 30]], [[5, 25]])).toBe(10);
    expect(intersectionLength([[0, 5]], [[5, 10]])).toBe(0);
    expect(intersectionLength([], [[0, 1]])).toBe(0);
  });

  it("hull and single-interval IoU (paper variant)", () => {
    expect(intervalHull([[20, 30], [0, 10]])).toEqual([0, 30]);
    expect(intervalHull([])).toBeNull();
    expect(intervalIoU([0, 10], [5, 15])).toBeCloseTo(5 / 15, 15);
    expect(intervalIoU([10, 0], [5, 15])).toBeCloseTo(5 / 15, 15);
    expect(intervalIoU([3, 3], [3, 3])).toBe(0);
    // hull of A = [0,30], B = [5,25] → 20/30; union-based gives 10/30.
    expect(hullIoU([[0, 10], [20, 30]], [[5, 25]])).toBeCloseTo(20 / 30, 15);
    expect(hullIoU([], [])).toBeNull();
    expect(hullIoU([], [[0, 1]])).toBe(0);
  });
});

const intervalArb = fc
  .tuple(fc.integer({ min: 0, max: 3600 }), fc.integer({ min: 0, max: 600 }))
  .map(([s, len]) => [s, s + len] as Interval);
const listArb = fc.array(intervalArb, { maxLength: 8 });

describe("intervals: properties", () => {
  it("temporalIoU and hullIoU are symmetric and in [0,1]", () => {
    fc.assert(
      fc.property(listArb, listArb, (a, b) => {
        for (const f of [temporalIoU, hullIoU]) {
          const x = f(a, b);
          const y = f(b, a);
          expect(x).toEqual(y);
          if (x !== null) {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(1);
          }
        }
      }),
    );
  });

  it("IoU(A, A) = 1 when A has positive length; merge is idempotent and order-free", () => {
    fc.assert(
      fc.property(listArb, (a) => {
        if (unionLength(a) > 0) {
          expect(temporalIoU(a, a)).toBeCloseTo(1, 12);
          expect(hullIoU(a, a)).toBeCloseTo(1, 12);
        }
        const m = mergeIntervals(a);
        expect(mergeIntervals(m)).toEqual(m);
        expect(mergeIntervals([...a].reverse())).toEqual(m);
        for (let i = 1; i < m.length; i++) expect(m[i][0]).toBeGreaterThan(m[i - 1][1]);
      }),
    );
  });

  it("|A ∩ B| <= min(|A|, |B|) and inclusion-exclusion holds", () => {
    fc.assert(
      fc.property(listArb, listArb, (a, b) => {
        const inter = intersectionLength(a, b);
        expect(inter).toBeLessThanOrEqual(Math.min(unionLength(a), unionLength(b)));
        expect(unionLength([...a, ...b])).toBe(unionLength(a) + unionLength(b) - inter);
      }),
    );
  });

  it("a larger gap never yields more merged intervals", () => {
    fc.assert(
      fc.property(listArb, fc.integer({ min: 0, max: 30 }), (a, g) => {
        expect(mergeIntervals(a, { gap: g + 1 }).length).toBeLessThanOrEqual(mergeIntervals(a, { gap: g }).length);
      }),
    );
  });
});
