import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cohenKappa, cohenKappaDetails, cohenKappaFromMatrix, type KappaWeighting } from "./agreement-kappa";

// Golden values: unless stated otherwise, each expected value was computed with
// scikit-learn 1.9.1 `sklearn.metrics.cohen_kappa_score` on the same inputs (run once in a
// throwaway Python environment, not a dependency of this repo), and where noted also by hand.

const repeat = <T>(v: T, n: number): T[] => new Array<T>(n).fill(v);

describe("cohenKappa: golden vectors", () => {
  it("scikit-learn docstring example = 0.6875", () => {
    // Provenance: the Examples section of sklearn's cohen_kappa_score docstring.
    const y1 = ["negative", "positive", "negative", "neutral", "positive"];
    const y2 = ["negative", "positive", "negative", "neutral", "negative"];
    expect(cohenKappa(y1, y2)).toBeCloseTo(0.6875, 12);
  });

  it("Wikipedia 'Cohen's kappa' 2x2 worked example: p_o = 0.7, p_e = 0.5, κ = 0.4", () => {
    // Provenance: Wikipedia, "Cohen's kappa", simple example (50 grant proposals:
    // yes/yes 20, A yes B no 5, A no B yes 10, no/no 15); sklearn gives 0.4 too.
    const a = [...repeat("yes", 25), ...repeat("no", 25)];
    const b = [...repeat("yes", 20), ...repeat("no", 5), ...repeat("yes", 10), ...repeat("no", 15)];
    const d = cohenKappaDetails(a, b);
    expect(d.observedAgreement).toBeCloseTo(0.7, 12);
    expect(d.expectedAgreement).toBeCloseTo(0.5, 12);
    expect(d.kappa).toBeCloseTo(0.4, 12);
    expect(d.n).toBe(50);
    expect(d.categories).toEqual(["no", "yes"]);
    expect(d.matrix).toEqual([
      [15, 10],
      [5, 20],
    ]);
  });

  it("tiny 3-category case, by hand: none 0.5, linear 2/3, quadratic 0.8", () => {
    // By hand: O has (0,0)=1, (1,2)=1, (2,2)=1; rows r=(1,1,1), cols c=(1,0,2), N=3.
    // none: p_o = 2/3, p_e = (1·1+1·0+1·2)/9 = 1/3 → (2/3−1/3)/(2/3) = 0.5.
    // linear: Σwo = 1, Σwe = Σ_ij |i−j| r_i c_j / 3 = 3 → 1 − 1/3.
    // quadratic: Σwo = 1, Σwe = 5 → 0.8. sklearn agrees (0.5, 0.6666666666666667, 0.8).
    expect(cohenKappa([0, 1, 2], [0, 2, 2])).toBeCloseTo(0.5, 12);
    expect(cohenKappa([0, 1, 2], [0, 2, 2], { weights: "linear" })).toBeCloseTo(2 / 3, 12);
    expect(cohenKappa([0, 1, 2], [0, 2, 2], { weights: "quadratic" })).toBeCloseTo(0.8, 12);
  });

  it("10-item ordinal vector, all three weightings (sklearn)", () => {
    const a = [0, 1, 2, 3, 2, 1, 0, 3, 3, 2];
    const b = [0, 2, 2, 3, 1, 1, 1, 3, 2, 2];
    expect(cohenKappa(a, b)).toBeCloseTo(0.45945945945945954, 12);
    expect(cohenKappa(a, b, { weights: "linear" })).toBeCloseTo(0.6428571428571428, 12);
    expect(cohenKappa(a, b, { weights: "quadratic" })).toBeCloseTo(0.801980198019802, 12);
  });

  it("VSAS-style 0-3 rubric with supplied categories, quadratic (sklearn)", () => {
    const judge = [0, 1, 2, 3, 3, 2, 1, 0, 2, 3, 1, 2];
    const human = [0, 1, 3, 3, 2, 2, 0, 0, 2, 3, 2, 2];
    expect(cohenKappa(judge, human, { weights: "quadratic", categories: [0, 1, 2, 3] })).toBeCloseTo(
      0.8536585365853658,
      12,
    );
  });

  it("weights use positions in the category list, not label values (sklearn)", () => {
    const a = [1, 2, 5, 5, 2, 1, 2];
    const b = [1, 5, 5, 2, 2, 2, 1];
    // inferred categories [1, 2, 5] → positions 0, 1, 2
    expect(cohenKappa(a, b)).toBeCloseTo(0.125, 12);
    expect(cohenKappa(a, b, { weights: "linear" })).toBeCloseTo(0.3, 12);
    expect(cohenKappa(a, b, { weights: "quadratic" })).toBeCloseTo(0.5, 12);
    // full scale 1..5 → 5 is at position 4
    const categories = [1, 2, 3, 4, 5];
    expect(cohenKappa(a, b, { categories })).toBeCloseTo(0.125, 12);
    expect(cohenKappa(a, b, { weights: "quadratic", categories })).toBeCloseTo(0.4354838709677419, 12);
  });

  it("supplied order changes weighted kappa (sklearn labels=['c','b','a'])", () => {
    const v = cohenKappa(["b", "a", "c", "a"], ["b", "a", "a", "a"], {
      weights: "linear",
      categories: ["c", "b", "a"],
    });
    expect(v).toBeCloseTo(0.33333333333333337, 12);
    expect(cohenKappa([0, 1, 2, 2], [0, 2, 1, 2], { weights: "linear", categories: [2, 1, 0] })).toBeCloseTo(
      0.4285714285714286,
      12,
    );
  });

  it("booleans, total disagreement, and disjoint single labels (sklearn)", () => {
    expect(cohenKappa([true, false, true, true], [true, false, false, true])).toBeCloseTo(0.5, 12);
    expect(cohenKappa([0, 1], [1, 0])).toBeCloseTo(-1, 12);
    // each rater used one (different) label: p_o = 0, p_e = 0 → 0 (sklearn 0.0)
    expect(cohenKappa(["a", "a"], ["b", "b"])).toBe(0);
  });
});

// 24 random cases (Python random.seed(20261122): n in 2..12, K in 2..5, B copies A or draws
// at random), each value from scikit-learn 1.9.1 cohen_kappa_score(a, b, weights=w).
const SKLEARN_RANDOM: Array<[number[], number[], KappaWeighting, number]> = [
  [[2, 1, 2, 2, 0, 0, 2, 1, 0, 0, 1], [1, 0, 1, 2, 2, 1, 0, 2, 2, 0, 2], "none", -0.23750000000000004],
  [[1, 0, 2, 1, 1, 2, 0, 0, 1, 1, 1], [1, 2, 2, 1, 1, 2, 0, 0, 2, 1, 0], "linear", 0.5510204081632654],
  [[2, 3, 0, 3, 1, 3, 1, 1, 2, 3, 0], [2, 3, 3, 1, 1, 3, 1, 3, 2, 3, 0], "quadratic", 0.37037037037037035],
  [[0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 1, 0], "none", 1.0],
  [[1, 0, 1, 0, 0, 2, 2, 1, 0], [1, 0, 1, 0, 0, 2, 2, 1, 1], "linear", 0.8656716417910448],
  [[1, 0, 1, 4, 3, 4, 2, 0, 3], [3, 0, 2, 2, 3, 4, 2, 0, 3], "quadratic", 0.7428571428571429],
  [[0, 0, 0, 1, 1], [1, 1, 1, 1, 1], "none", 0.0],
  [[0, 1, 1, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0, 0], "linear", 1.0],
  [[0, 1, 1, 2, 3], [2, 1, 1, 0, 0], "quadratic", -0.7346938775510203],
  [[0, 0, 1, 0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 1, 1, 1, 1, 1], "none", 0.5263157894736843],
  [[2, 2, 1, 1, 1, 1], [2, 3, 2, 3, 1, 2], "linear", 0.11764705882352933],
  [[0, 1, 2, 0, 2, 0, 1, 1, 1, 1, 2], [2, 1, 2, 0, 0, 2, 2, 1, 1, 2, 0], "quadratic", -0.2857142857142858],
  [[2, 0, 3, 2, 4, 2, 1, 2, 4, 1], [2, 0, 3, 0, 0, 2, 3, 2, 4, 1], "none", 0.620253164556962],
  [[4, 3, 0, 3, 0], [0, 2, 0, 3, 0], "linear", 0.375],
  [[2, 1], [3, 1], "quadratic", 0.6666666666666667],
  [[0, 0, 0, 0, 1, 1, 0, 0, 0], [0, 0, 0, 0, 0, 1, 0, 0, 0], "none", 0.6086956521739131],
  [[2, 2, 0, 2, 1, 0, 2], [1, 2, 0, 2, 1, 0, 2], "linear", 0.8444444444444444],
  [[2, 2], [2, 3], "quadratic", 0.0],
  [[1, 1, 0, 2, 0, 0], [1, 2, 2, 1, 1, 0], "none", 0.039999999999999813],
  [[0, 1, 0, 2, 2, 1, 4, 1, 2, 4, 1, 4], [0, 3, 0, 2, 2, 3, 4, 3, 2, 4, 0, 4], "linear", 0.6585365853658536],
  [[3, 2, 1], [1, 3, 1], "quadratic", 0.0],
  [[0, 0, 1, 0, 0, 1], [0, 0, 1, 0, 0, 1], "none", 1.0],
  [[0, 1], [0, 0], "linear", 0.0],
  [[0, 0, 0, 1, 1, 1, 0, 2, 2, 2, 0], [2, 0, 0, 1, 1, 1, 2, 2, 0, 2, 0], "quadratic", 0.25],
];

describe("cohenKappa: differential vectors from scikit-learn", () => {
  it.each(SKLEARN_RANDOM.map((v, i) => [i, ...v] as const))("case %i", (_i, a, b, weights, expected) => {
    expect(cohenKappa(a, b, { weights })).toBeCloseTo(expected, 12);
  });
});

describe("cohenKappa: edge cases", () => {
  it("single shared category (p_e = 1) is undefined → NaN, as sklearn", () => {
    expect(cohenKappa([1, 1], [1, 1])).toBeNaN();
    expect(cohenKappa([1, 1], [1, 1], { weights: "quadratic" })).toBeNaN();
    expect(cohenKappa([1, 1], [1, 1], { undefinedValue: 1 })).toBe(1);
    // supplying unused categories does not change p_e = 1
    expect(cohenKappa(["y", "y"], ["y", "y"], { categories: ["y", "n"] })).toBeNaN();
  });

  it("empty input → NaN (sklearn raises instead)", () => {
    expect(cohenKappa([], [])).toBeNaN();
    const d = cohenKappaDetails([], []);
    expect(d.n).toBe(0);
    expect(d.observedAgreement).toBeNaN();
    expect(cohenKappa([], [], { undefinedValue: 0 })).toBe(0);
  });

  it("NaN never passes a qualification threshold", () => {
    const k = cohenKappa(["a"], ["a"]);
    expect(k >= 0.8).toBe(false);
  });

  it("labels outside the supplied categories: error by default, dropped with 'ignore' (sklearn)", () => {
    expect(() => cohenKappa([1, 2, 3], [1, 2, 9], { categories: [1, 2, 3] })).toThrow(
      /rater B, item 2: label 9 is not one of the categories/,
    );
    expect(cohenKappa([1, 2, 3], [1, 2, 9], { categories: [1, 2, 3], unknownLabels: "ignore" })).toBe(1);
    expect(cohenKappa([9], [9], { categories: [1, 2], unknownLabels: "ignore" })).toBeNaN();
  });

  it("rejects mismatched lengths, invalid labels, mixed types for weighted kappa, duplicate categories", () => {
    expect(() => cohenKappa([1, 2], [1])).toThrow(/rater A has 2 labels but rater B has 1/);
    expect(() => cohenKappa([1, Number.NaN], [1, 2])).toThrow(/rater A, item 1: NaN is not a valid label/);
    expect(() => cohenKappa([1, null as never], [1, 2])).toThrow(/item 1: null is not a valid label/);
    expect(() => cohenKappa([1, "2"], [1, 2], { weights: "linear" })).toThrow(/mix number and string/);
    expect(cohenKappa([1, "2"], [1, "2"])).toBe(1); // unweighted: order irrelevant
    expect(() => cohenKappa([1], [1], { categories: [1, 1] })).toThrow(/appears twice/);
    expect(() => cohenKappa([1], [1], { weights: "cubic" as KappaWeighting })).toThrow(/weights must be/);
    expect(() => cohenKappa([1], [1], { undefinedValue: 2 })).toThrow(/undefinedValue/);
  });

  it("1 and '1' are different categories; 0 and -0 the same", () => {
    expect(cohenKappaDetails([1, "1"], [1, "1"]).categories).toEqual([1, "1"]);
    expect(cohenKappa([0, 1, -0], [-0, 1, 0])).toBe(1);
  });
});

describe("cohenKappaFromMatrix", () => {
  it("equals cohenKappa on the same data", () => {
    // Wikipedia example as a matrix (rows A, columns B; yes first)
    expect(
      cohenKappaFromMatrix([
        [20, 5],
        [10, 15],
      ]),
    ).toBeCloseTo(0.4, 12);
    expect(
      cohenKappaFromMatrix(
        [
          [1, 0, 0],
          [0, 0, 1],
          [0, 0, 1],
        ],
        { weights: "quadratic" },
      ),
    ).toBeCloseTo(0.8, 12);
  });

  it("validates the matrix and handles an all-zero one", () => {
    expect(() => cohenKappaFromMatrix([[1, 2], [3]])).toThrow(/row 1 has 1 cells, expected 2/);
    expect(() => cohenKappaFromMatrix([[-1]])).toThrow(/cell \[0\]\[0\]/);
    expect(cohenKappaFromMatrix([[0, 0], [0, 0]])).toBeNaN();
    expect(cohenKappaFromMatrix([])).toBeNaN();
  });
});

describe("cohenKappa: properties", () => {
  const weightings: KappaWeighting[] = ["none", "linear", "quadratic"];
  const pairs = fc
    .integer({ min: 1, max: 30 })
    .chain((n) =>
      fc.tuple(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
      ),
    );
  const same = (x: number, y: number) => (Number.isNaN(x) ? Number.isNaN(y) : Math.abs(x - y) < 1e-12);

  it("is symmetric in the two raters (all weightings)", () => {
    fc.assert(
      fc.property(pairs, fc.constantFrom(...weightings), ([a, b], weights) => {
        expect(same(cohenKappa(a, b, { weights }), cohenKappa(b, a, { weights }))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("is 1 for identical ratings using more than one category", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 2, maxLength: 40 }).filter((a) => new Set(a).size > 1),
        fc.constantFrom(...weightings),
        (a, weights) => {
          expect(cohenKappa(a, [...a], { weights })).toBeCloseTo(1, 12);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("lies in [-1, 1] or is NaN", () => {
    fc.assert(
      fc.property(pairs, fc.constantFrom(...weightings), ([a, b], weights) => {
        const k = cohenKappa(a, b, { weights, categories: [0, 1, 2, 3, 4] });
        if (!Number.isNaN(k)) {
          expect(k).toBeGreaterThanOrEqual(-1 - 1e-12);
          expect(k).toBeLessThanOrEqual(1 + 1e-12);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("unweighted kappa does not depend on the category order", () => {
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        const k1 = cohenKappa(a, b, { categories: [0, 1, 2, 3, 4] });
        const k2 = cohenKappa(a, b, { categories: [3, 1, 4, 0, 2] });
        expect(same(k1, k2)).toBe(true);
      }),
    );
  });

  it("unweighted kappa equals (p_o − p_e)/(1 − p_e) from the details", () => {
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        const d = cohenKappaDetails(a, b);
        if (d.expectedAgreement < 1) {
          expect(d.kappa).toBeCloseTo((d.observedAgreement - d.expectedAgreement) / (1 - d.expectedAgreement), 10);
        } else {
          expect(d.kappa).toBeNaN();
        }
      }),
    );
  });
});
