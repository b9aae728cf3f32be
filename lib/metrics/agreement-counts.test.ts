import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countAgreement, countKappa } from "./agreement-counts";
import { cohenKappa } from "./agreement-kappa";

describe("countAgreement", () => {
  it("hand example: exact 2/3, mean |diff| 1/3, QWK 1 − 9/123", () => {
    const r = countAgreement([1, 2, 4], [1, 2, 5]);
    expect(r.n).toBe(3);
    expect(r.exact).toBeCloseTo(2 / 3, 12);
    expect(r.meanAbsDifference).toBeCloseTo(1 / 3, 12);
    expect(r.quadraticKappa).toBeCloseTo(1 - 9 / 123, 12);
  });

  it("equals quadratic-weighted cohenKappa over the full integer scale", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(12), fc.nat(12)), { minLength: 1, maxLength: 40 }), (pairs) => {
        const a = pairs.map((p) => p[0]);
        const b = pairs.map((p) => p[1]);
        const lo = Math.min(...a, ...b);
        const hi = Math.max(...a, ...b);
        const categories = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
        const viaMatrix = cohenKappa(a, b, { weights: "quadratic", categories });
        const direct = countKappa(a, b);
        if (Number.isNaN(viaMatrix)) return Number.isNaN(direct);
        return Math.abs(viaMatrix - direct) < 1e-9;
      }),
    );
  });

  it("symmetric, in [−1, 1], identical varied counts → 1", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(50), fc.nat(50)), { minLength: 2, maxLength: 30 }), (pairs) => {
        const a = pairs.map((p) => p[0]);
        const b = pairs.map((p) => p[1]);
        const k1 = countKappa(a, b);
        const k2 = countKappa(b, a);
        if (Number.isNaN(k1)) return Number.isNaN(k2);
        return Math.abs(k1 - k2) < 1e-12 && k1 >= -1 - 1e-12 && k1 <= 1 + 1e-12;
      }),
    );
    expect(countKappa([0, 3, 7], [0, 3, 7])).toBe(1);
  });

  it("large counts cost nothing (closed form)", () => {
    expect(countKappa([0, 1_000_000], [0, 1_000_000])).toBe(1);
  });

  it("edge cases: empty → NaN, no variation → NaN, bad input names rater and item", () => {
    expect(countAgreement([], []).exact).toBeNaN();
    expect(countKappa([2, 2], [2, 2])).toBeNaN();
    expect(countAgreement([2, 2], [2, 2]).exact).toBe(1);
    expect(() => countKappa([1], [1, 2])).toThrow(/rater A has 1 counts but rater B has 2/);
    expect(() => countKappa([1, -1], [1, 2])).toThrow(/rater A, item 1: -1 is not a non-negative whole count/);
    expect(() => countKappa([1, 2], [1, 2.5])).toThrow(/rater B, item 1/);
  });
});
