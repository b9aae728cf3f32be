import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fleissKappa, fleissKappaFromCounts } from "./agreement-fleiss";
import { krippendorffAlpha } from "./agreement-krippendorff";

// Provenance: Wikipedia, "Fleiss' kappa", worked example (10 subjects, 14 raters,
// 5 categories), which reports P̄ = 0.378, P̄_e = 0.213, κ = 0.210. The full-precision
// value 0.20993070442195522 was recomputed from the table with the formulas of Fleiss
// (1971) in a throwaway Python script (P̄ = 0.378021978…, P̄_e = 0.212755102…).
const WIKIPEDIA_TABLE = [
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

describe("fleissKappaFromCounts: golden vectors", () => {
  it("Wikipedia worked example: κ ≈ 0.210", () => {
    const k = fleissKappaFromCounts(WIKIPEDIA_TABLE);
    expect(k).toBeCloseTo(0.20993070442195522, 12);
    expect(Math.round(k * 1000) / 1000).toBe(0.21);
  });

  it("Randolph free-marginal variant on the same table: (P̄ − 1/5)/(1 − 1/5) = 0.22252747…", () => {
    // By hand from P̄ = 0.378021978021978: (0.378021978 − 0.2)/0.8.
    expect(fleissKappaFromCounts(WIKIPEDIA_TABLE, { method: "randolph" })).toBeCloseTo(0.2225274725274725, 12);
  });

  it("two raters = Scott's pi (Wikipedia Cohen example: π = 0.195/0.495)", () => {
    // By hand: pooled shares yes 55/100, no 45/100 → P_e = 0.505; P_o = 0.7;
    // π = (0.7 − 0.505)/(1 − 0.505) = 0.393939…
    const subjects = [
      ...new Array(20).fill(["yes", "yes"]),
      ...new Array(5).fill(["yes", "no"]),
      ...new Array(10).fill(["no", "yes"]),
      ...new Array(15).fill(["no", "no"]),
    ];
    expect(fleissKappa(subjects)).toBeCloseTo(0.195 / 0.495, 12);
  });
});

describe("fleissKappa: from labels", () => {
  it("equals the count-table form", () => {
    const categories = ["a", "b", "c", "d", "e"];
    const subjects = WIKIPEDIA_TABLE.map((row) => row.flatMap((n, j) => new Array<string>(n).fill(categories[j])));
    expect(fleissKappa(subjects)).toBeCloseTo(0.20993070442195522, 12);
    expect(fleissKappa(subjects, { categories, method: "randolph" })).toBeCloseTo(0.2225274725274725, 12);
  });

  it("perfect agreement with >1 category → 1; one category overall → NaN", () => {
    expect(fleissKappa([["x", "x", "x"], ["y", "y", "y"]])).toBe(1);
    expect(fleissKappa([["x", "x"], ["x", "x"]])).toBeNaN();
    expect(fleissKappaFromCounts([[3], [3]], { method: "randolph" })).toBeNaN();
  });

  it("no subjects → NaN", () => {
    expect(fleissKappa([])).toBeNaN();
    expect(fleissKappaFromCounts([])).toBeNaN();
  });

  it("rejects unequal rating counts, fewer than 2 ratings, missing and unknown labels", () => {
    expect(() => fleissKappa([["a", "b"], ["a", "b", "a"]])).toThrow(/subject 1 has 3 ratings but subject 0 has 2/);
    expect(() => fleissKappa([["a"], ["b"]])).toThrow(/at least 2 are needed/);
    expect(() => fleissKappa([["a", null]])).toThrow(/subject 0, rating 1 is missing/);
    expect(() => fleissKappa([["a", "z"]], { categories: ["a", "b"] })).toThrow(/label z is not one of the categories/);
    expect(() => fleissKappaFromCounts([[1, 1], [2]])).toThrow(/subject 1 has 1 category counts, expected 2/);
    expect(() => fleissKappaFromCounts([[1.5, 0.5]])).toThrow(/not a non-negative integer/);
  });
});

describe("fleissKappa: properties", () => {
  const table = fc
    .tuple(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 12 }))
    .chain(([m, k, n]) =>
      fc.array(fc.array(fc.integer({ min: 0, max: k - 1 }), { minLength: m, maxLength: m }), {
        minLength: n,
        maxLength: n,
      }),
    );

  it("κ ≤ 1, and 1 for perfect agreement", () => {
    fc.assert(
      fc.property(table, (subjects) => {
        const k = fleissKappa(subjects);
        if (!Number.isNaN(k)) expect(k).toBeLessThanOrEqual(1 + 1e-12);
        const perfect = subjects.map((row) => row.map(() => row[0]));
        const kp = fleissKappa(perfect);
        if (!Number.isNaN(kp)) expect(kp).toBeCloseTo(1, 12);
      }),
    );
  });

  it("Krippendorff's nominal α = 1 − (1 − κ_Fleiss)(nm − 1)/(nm) on complete data", () => {
    // Identity from the two definitions: D_o = 1 − P̄ and D_e = (1 − P̄_e)·nm/(nm − 1).
    fc.assert(
      fc.property(table, (subjects) => {
        const k = fleissKappa(subjects);
        const a = krippendorffAlpha(subjects);
        const total = subjects.length * subjects[0].length;
        if (Number.isNaN(k)) expect(a).toBeNaN();
        else expect(a).toBeCloseTo(1 - ((1 - k) * (total - 1)) / total, 10);
      }),
    );
  });

  it("does not depend on the order of subjects or of ratings within a subject", () => {
    fc.assert(
      fc.property(table, (subjects) => {
        const shuffled = [...subjects].reverse().map((row) => [...row].reverse());
        const k1 = fleissKappa(subjects);
        const k2 = fleissKappa(shuffled);
        if (Number.isNaN(k1)) expect(k2).toBeNaN();
        else expect(k2).toBeCloseTo(k1, 12);
      }),
    );
  });
});
