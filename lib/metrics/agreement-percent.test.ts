import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fleissKappaFromCounts } from "./agreement-fleiss";
import { cohenKappaDetails } from "./agreement-kappa";
import { pairwisePercentAgreement, percentAgreement } from "./agreement-percent";

describe("percentAgreement", () => {
  it("Wikipedia 'Cohen's kappa' example: p_o = 35/50 = 0.7", () => {
    // Provenance: same 2x2 table as in agreement-kappa.test.ts (20 + 15 agreements of 50).
    const a = [...new Array(25).fill("yes"), ...new Array(25).fill("no")];
    const b = [...new Array(20).fill("yes"), ...new Array(5).fill("no"), ...new Array(10).fill("yes"), ...new Array(15).fill("no")];
    expect(percentAgreement(a, b)).toBeCloseTo(0.7, 12);
  });

  it("edge cases: empty → NaN; mismatched lengths and invalid labels throw", () => {
    expect(percentAgreement([], [])).toBeNaN();
    expect(() => percentAgreement([1], [])).toThrow(/rater A has 1 labels but rater B has 0/);
    expect(() => percentAgreement([1, undefined as never], [1, 2])).toThrow(/rater A, item 1/);
  });

  it("equals Cohen's p_o", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }).chain((n) =>
          fc.tuple(
            fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
            fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
          ),
        ),
        ([a, b]) => {
          expect(percentAgreement(a, b)).toBeCloseTo(cohenKappaDetails(a, b).observedAgreement, 12);
        },
      ),
    );
  });
});

describe("pairwisePercentAgreement", () => {
  it("hand-computed example with missing ratings, both averages", () => {
    // unit 0: [a, a, b] → agreeing ordered pairs 2 of 6 → 1/3
    // unit 1: [c, c]    → 2 of 2 → 1
    // unit 2: [a, null] → one rating: ignored
    // unit 3: [a, b, c, c] → 2 of 12 → 1/6
    const units = [["a", "a", "b"], ["c", "c"], ["a", null], ["a", "b", "c", "c"]];
    expect(pairwisePercentAgreement(units)).toBeCloseTo((1 / 3 + 1 + 1 / 6) / 3, 12);
    expect(pairwisePercentAgreement(units, { average: "pair" })).toBeCloseTo((2 + 2 + 2) / (6 + 2 + 12), 12);
  });

  it("Wikipedia Fleiss table: unit average = Fleiss' P̄ = 0.378…", () => {
    // Provenance: Wikipedia, "Fleiss' kappa" worked example (P̄ = 0.378).
    const table = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const units = table.map((row) => row.flatMap((n, j) => new Array<number>(n).fill(j)));
    expect(pairwisePercentAgreement(units)).toBeCloseTo(0.378021978021978, 12);
    // with equal m, P̄ also follows from Randolph's kappa: P̄ = κ_R (1 − 1/K) + 1/K
    const kr = fleissKappaFromCounts(table, { method: "randolph" });
    expect(pairwisePercentAgreement(units, { average: "pair" })).toBeCloseTo(kr * 0.8 + 0.2, 12);
  });

  it("two complete raters: equals percentAgreement", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 20 }),
        (pairs) => {
          const p = percentAgreement(pairs.map((x) => x[0]), pairs.map((x) => x[1]));
          expect(pairwisePercentAgreement(pairs)).toBeCloseTo(p, 12);
          expect(pairwisePercentAgreement(pairs, { average: "pair" })).toBeCloseTo(p, 12);
        },
      ),
    );
  });

  it("edge cases: nothing pairable → NaN; invalid label throws", () => {
    expect(pairwisePercentAgreement([])).toBeNaN();
    expect(pairwisePercentAgreement([[1], [null, 2]])).toBeNaN();
    expect(() => pairwisePercentAgreement([[1, {} as never]])).toThrow(/unit 0, rating 1/);
    expect(() => pairwisePercentAgreement([[1, 1]], { average: "x" as never })).toThrow(/average must be/);
  });
});
