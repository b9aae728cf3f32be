import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { binEvents, frameBinnedKappa, matchEvents, matchSortedFrames } from "./agreement-timestamps";

/** Brute force: best (max count, then min total |offset|) over all one-to-one matchings. */
function bruteForce(a: number[], b: number[], tol: number): { count: number; cost: number } {
  let best = { count: 0, cost: 0 };
  const used = new Array<boolean>(b.length).fill(false);
  const rec = (i: number, count: number, cost: number) => {
    if (i === a.length) {
      if (count > best.count || (count === best.count && cost < best.cost)) best = { count, cost };
      return;
    }
    rec(i + 1, count, cost); // a[i] unmatched
    for (let j = 0; j < b.length; j++) {
      const d = Math.abs(a[i] - b[j]);
      if (!used[j] && d <= tol) {
        used[j] = true;
        rec(i + 1, count + 1, cost + d);
        used[j] = false;
      }
    }
  };
  rec(0, 0, 0);
  return best;
}

const totalOffset = (r: ReturnType<typeof matchEvents>) => r.matches.reduce((s, m) => s + Math.abs(m.offsetFrames), 0);

describe("matchEvents: hand-checked examples", () => {
  it("maximises the number of matches first (nearest-first greedy would find 1)", () => {
    // Pairs within 2 frames: 10-12 (2), 13-12 (1), 13-15 (2). Greedy by distance takes
    // 13-12 and strands both others; the optimum is 10-12 and 13-15.
    const r = matchEvents([10, 13], [12, 15], { tolerance: 2 });
    expect(r.truePositives).toBe(2);
    expect(r.matches.map((m) => [m.referenceIndex, m.candidateIndex])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(r.meanAbsOffsetFrames).toBe(2);
  });

  it("then minimises the total offset (non-crossing pairing)", () => {
    // {0-2, 4-3}: cost 3; {0-3, 4-2}: cost 5.
    const r = matchEvents([0, 4], [3, 2], { tolerance: 3 });
    expect(r.truePositives).toBe(2);
    expect(r.matches).toEqual([
      { referenceIndex: 0, candidateIndex: 1, offsetFrames: 2, offsetSeconds: Number.NaN },
      { referenceIndex: 1, candidateIndex: 0, offsetFrames: -1, offsetSeconds: Number.NaN },
    ]);
    expect(totalOffset(r)).toBe(3);
    expect(r.meanOffsetFrames).toBe(0.5);
  });

  it("precision, recall, F1 with the reference as truth; tolerance is inclusive", () => {
    // reference 4 events, candidate 3, matches 100-103 (|3| = tol) and 200-199; 300 and 400 missed; 500 spurious.
    const r = matchEvents([100, 200, 300, 400], [103, 199, 500], { tolerance: 3 });
    expect(r.truePositives).toBe(2);
    expect(r.falsePositives).toBe(1);
    expect(r.falseNegatives).toBe(2);
    expect(r.precision).toBeCloseTo(2 / 3, 12);
    expect(r.recall).toBeCloseTo(1 / 2, 12);
    expect(r.f1).toBeCloseTo(4 / 7, 12); // 2TP / (|R| + |C|)
    expect(r.meanAbsOffsetFrames).toBe(2);
    expect(r.meanOffsetFrames).toBe(1);
    expect(matchEvents([100], [104], { tolerance: 3 }).truePositives).toBe(0);
  });

  it("offsets in seconds: from the events' seconds when both have them, else frames / fps", () => {
    const r = matchEvents(
      [{ frame: 30, seconds: 1.0 }, { frame: 60 }],
      [{ frame: 31, seconds: 1.04 }, { frame: 58, seconds: 1.93 }],
      { tolerance: 2, fps: 25 },
    );
    expect(r.matches[0].offsetSeconds).toBeCloseTo(0.04, 12);
    expect(r.matches[1].offsetSeconds).toBeCloseTo(-2 / 25, 12);
    expect(r.meanAbsOffsetSeconds).toBeCloseTo((0.04 + 0.08) / 2, 12);
    const noFps = matchEvents([{ frame: 60 }], [{ frame: 58 }], { tolerance: 2 });
    expect(noFps.meanAbsOffsetFrames).toBe(2);
    expect(noFps.meanAbsOffsetSeconds).toBeNaN();
  });

  it("indices refer to the unsorted input; duplicates are matched one-to-one", () => {
    const r = matchEvents([50, 10, 10], [10, 49], { tolerance: 0 });
    expect(r.truePositives).toBe(1);
    expect(r.matches[0].referenceIndex).toBe(1);
    expect(r.matches[0].candidateIndex).toBe(0);
  });

  it("edge cases: empty sides", () => {
    const both = matchEvents([], [], { tolerance: 5 });
    expect([both.precision, both.recall, both.f1]).toEqual([1, 1, 1]);
    expect(both.meanAbsOffsetFrames).toBeNaN();
    const noCand = matchEvents([1, 2], [], { tolerance: 5 });
    expect([noCand.precision, noCand.recall, noCand.f1]).toEqual([0, 0, 0]);
    const noRef = matchEvents([], [1], { tolerance: 5 });
    expect([noRef.precision, noRef.recall, noRef.f1, noRef.falsePositives]).toEqual([0, 0, 0, 1]);
  });

  it("rejects bad input naming the event or option", () => {
    expect(() => matchEvents([1], [Number.NaN], { tolerance: 1 })).toThrow(/candidate: event 0 has no finite frame/);
    expect(() => matchEvents([{ frame: "3" } as never], [], { tolerance: 1 })).toThrow(/reference: event 0/);
    expect(() => matchEvents([1], [1], { tolerance: -1 })).toThrow(/tolerance must be/);
    expect(() => matchEvents([1], [1], { tolerance: 1, fps: 0 })).toThrow(/fps must be/);
    expect(() => matchEvents([{ frame: 1, seconds: Number.NaN }], [], { tolerance: 1 })).toThrow(/non-finite seconds/);
    expect(() => matchSortedFrames([2, 1], [], 1)).toThrow(/not sorted/);
  });

  it("handles long dense sequences quickly (banded DP)", () => {
    const a = Array.from({ length: 20000 }, (_, i) => i * 3);
    const b = Array.from({ length: 20000 }, (_, i) => i * 3 + 1);
    const r = matchEvents(a, b, { tolerance: 2 });
    expect(r.truePositives).toBe(20000);
    expect(r.meanAbsOffsetFrames).toBe(1);
  });
});

describe("matchEvents: properties", () => {
  const frames = fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 0, maxLength: 6 });
  const tolerance = fc.integer({ min: 0, max: 6 });

  it("is optimal: same count and total offset as brute force", () => {
    fc.assert(
      fc.property(frames, frames, tolerance, (a, b, tol) => {
        const r = matchEvents(a, b, { tolerance: tol });
        const best = bruteForce(a, b, tol);
        expect(r.truePositives).toBe(best.count);
        expect(totalOffset(r)).toBe(best.cost);
      }),
      { numRuns: 1500 },
    );
  });

  it("is optimal with fractional frames and tolerance", () => {
    const real = fc.array(fc.double({ min: 0, max: 20, noNaN: true }), { maxLength: 5 });
    fc.assert(
      fc.property(real, real, fc.double({ min: 0, max: 4, noNaN: true }), (a, b, tol) => {
        const r = matchEvents(a, b, { tolerance: tol });
        const best = bruteForce(a, b, tol);
        expect(r.truePositives).toBe(best.count);
        expect(totalOffset(r)).toBeCloseTo(best.cost, 9);
      }),
      { numRuns: 500 },
    );
  });

  it("is symmetric in the number of matches and the total offset; F1 is symmetric", () => {
    fc.assert(
      fc.property(frames, frames, tolerance, (a, b, tol) => {
        const ab = matchEvents(a, b, { tolerance: tol });
        const ba = matchEvents(b, a, { tolerance: tol });
        expect(ba.truePositives).toBe(ab.truePositives);
        expect(totalOffset(ba)).toBe(totalOffset(ab));
        expect(ba.f1).toBeCloseTo(ab.f1, 12);
        expect(ba.precision).toBeCloseTo(ab.recall, 12);
      }),
      { numRuns: 500 },
    );
  });

  it("never matches beyond the tolerance and is one-to-one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 40 }),
        tolerance,
        (a, b, tol) => {
          const r = matchEvents(a, b, { tolerance: tol });
          for (const m of r.matches) {
            expect(Math.abs(b[m.candidateIndex] - a[m.referenceIndex])).toBeLessThanOrEqual(tol);
            expect(m.offsetFrames).toBe(b[m.candidateIndex] - a[m.referenceIndex]);
          }
          expect(new Set(r.matches.map((m) => m.referenceIndex)).size).toBe(r.matches.length);
          expect(new Set(r.matches.map((m) => m.candidateIndex)).size).toBe(r.matches.length);
          expect(r.truePositives + r.falseNegatives).toBe(a.length);
          expect(r.truePositives + r.falsePositives).toBe(b.length);
        },
      ),
    );
  });

  it("identical lists match completely with zero offset", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 50 }), tolerance, (a, tol) => {
        const r = matchEvents(a, [...a].reverse(), { tolerance: tol });
        expect(r.truePositives).toBe(a.length);
        expect(r.meanAbsOffsetFrames).toBe(0);
        expect(r.f1).toBe(1);
      }),
    );
  });
});

describe("frameBinnedKappa", () => {
  // Hand computation, checked with scikit-learn 1.9.1 cohen_kappa_score on the bin vectors.
  it("w = 1: bins differ at frames 5 and 6 → κ = (0.8 − 0.68)/0.32 = 0.375", () => {
    expect(binEvents([1, 5], { frameCount: 10 })).toEqual([0, 1, 0, 0, 0, 1, 0, 0, 0, 0]);
    expect(frameBinnedKappa([1, 5], [1, 6], { frameCount: 10 })).toBeCloseTo(0.375, 12);
  });

  it("w = 2: 5 bins, p_o = 0.6, p_e = 0.52 → κ = 1/6", () => {
    expect(binEvents([1, 5], { frameCount: 10, window: 2 })).toEqual([1, 0, 1, 0, 0]);
    expect(frameBinnedKappa([1, 5], [1, 6], { frameCount: 10, window: 2 })).toBeCloseTo(1 / 6, 12);
  });

  it("w = 3: bins {0-2}, {3-5}, {6-8}, {9}; 5 and 6 fall apart (κ = 0), 6 and 8 together (κ = 1)", () => {
    expect(binEvents([1, 6], { frameCount: 10, window: 3 })).toEqual([1, 0, 1, 0]);
    // [1,1,0,0] vs [1,0,1,0]: p_o = 0.5, p_e = 0.5 → 0 (sklearn 0.0)
    expect(frameBinnedKappa([1, 5], [1, 6], { frameCount: 10, window: 3 })).toBe(0);
    expect(frameBinnedKappa([1, 6], [1, 8], { frameCount: 10, window: 3 })).toBe(1);
  });

  it("accepts {frame} objects; several events in one bin count once", () => {
    expect(frameBinnedKappa([{ frame: 2 }, { frame: 2 }, { frame: 7 }], [2, 7], { frameCount: 8 })).toBe(1);
  });

  it("edge cases: no events on either side → NaN (p_e = 1); bad frames and options throw", () => {
    expect(frameBinnedKappa([], [], { frameCount: 10 })).toBeNaN();
    expect(frameBinnedKappa([0], [], { frameCount: 1 })).toBe(0); // one bin, A 1 vs B 0: p_o = p_e = 0
    expect(() => frameBinnedKappa([10], [], { frameCount: 10 })).toThrow(/event 0 at frame 10 is outside the video \(0 to 9\)/);
    expect(() => frameBinnedKappa([-1], [], { frameCount: 10 })).toThrow(/outside the video/);
    expect(() => binEvents([], { frameCount: 0 })).toThrow(/frameCount must be a positive integer/);
    expect(() => binEvents([], { frameCount: 10, window: 1.5 })).toThrow(/window must be a positive integer/);
  });

  it("is symmetric and 1 for identical non-trivial event sets", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 99 }), { maxLength: 15 }),
        fc.array(fc.integer({ min: 0, max: 99 }), { maxLength: 15 }),
        fc.integer({ min: 1, max: 10 }),
        (a, b, window) => {
          const opts = { frameCount: 100, window };
          const k1 = frameBinnedKappa(a, b, opts);
          const k2 = frameBinnedKappa(b, a, opts);
          if (Number.isNaN(k1)) expect(k2).toBeNaN();
          else expect(k2).toBeCloseTo(k1, 12);
          const bins = binEvents(a, opts);
          if (bins.includes(1) && bins.includes(0)) expect(frameBinnedKappa(a, a, opts)).toBe(1);
        },
      ),
    );
  });
});
