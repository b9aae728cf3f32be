import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AlphaMetric,
  codersToUnits,
  krippendorffAlpha,
  krippendorffAlphaDetails,
} from "./agreement-krippendorff";

// Provenance of the golden vectors: K. Krippendorff (2011), "Computing Krippendorff's
// Alpha-Reliability" (Annenberg School for Communication, departmental paper 43), worked
// examples A (two observers, binary), B (two observers, nominal) and C (four observers,
// values 1-5, missing data). The paper prints α to three decimals (A 0.095, B 0.692,
// C nominal 0.743, ordinal 0.815, interval 0.849, ratio 0.797); the full-precision values
// below were recomputed by an independent coincidence-matrix implementation in a
// throwaway Python script and agree with every printed value.

const _ = null;
// Example C: rows are observers A-D, columns are units 1-12 (Krippendorff's layout).
const EXAMPLE_C = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
  [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
];

describe("krippendorffAlpha: golden vectors (Krippendorff 2011)", () => {
  const units = codersToUnits(EXAMPLE_C);

  it.each<[AlphaMetric, number, number]>([
    ["nominal", 0.743421052631579, 0.743],
    ["ordinal", 0.8153875037548814, 0.815],
    ["interval", 0.8491071428571428, 0.849],
    ["ratio", 0.7974027747116121, 0.797],
  ])("example C, %s metric", (metric, full, printed) => {
    const a = krippendorffAlpha(units, { metric });
    expect(a).toBeCloseTo(full, 12);
    expect(Math.round(a * 1000) / 1000).toBe(printed);
  });

  it("example C: unit 12 (one value) is not pairable; n = 40 pairable values", () => {
    const d = krippendorffAlphaDetails(units);
    expect(d.pairableUnits).toBe(11);
    expect(d.pairableValues).toBe(40);
  });

  it("example A, two observers, binary data: α = 0.095", () => {
    // By hand: n = 20, n_0 = 14, n_1 = 6, o_01 = 4 → α = 1 − 19·4/(14·6) = 0.0952…
    const units = codersToUnits([
      [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
      [1, 1, 1, 0, 0, 1, 0, 0, 0, 0],
    ]);
    expect(krippendorffAlpha(units)).toBeCloseTo(0.09523809523809512, 12);
    expect(krippendorffAlpha(units)).toBeCloseTo(1 - (19 * 4) / (14 * 6), 12);
  });

  it("example B, two observers, nominal data: α = 0.692", () => {
    const units = codersToUnits([
      ["a", "a", "b", "b", "d", "c", "c", "c", "e", "d", "d", "a"],
      ["b", "a", "b", "b", "b", "c", "c", "c", "e", "d", "d", "d"],
    ]);
    expect(krippendorffAlpha(units)).toBeCloseTo(0.6919642857142858, 12);
  });
});

describe("krippendorffAlpha: edge cases", () => {
  it("no pairable unit → NaN", () => {
    expect(krippendorffAlpha([])).toBeNaN();
    expect(krippendorffAlpha([[1], [2, null], [undefined, Number.NaN, 3]])).toBeNaN();
    expect(krippendorffAlphaDetails([[1]]).pairableValues).toBe(0);
  });

  it("no variation (all pairable values equal) → NaN", () => {
    expect(krippendorffAlpha([[2, 2], [2, 2, 2]])).toBeNaN();
    expect(krippendorffAlpha([[2, 2], [2, 2, 2]], { metric: "interval" })).toBeNaN();
  });

  it("units with one value are ignored", () => {
    const units = codersToUnits(EXAMPLE_C);
    const withSingles = [...units, [5], [null, 1, null], []];
    for (const metric of ["nominal", "ordinal", "interval", "ratio"] as const) {
      expect(krippendorffAlpha(withSingles, { metric })).toBeCloseTo(krippendorffAlpha(units, { metric }), 12);
    }
  });

  it("ordinal string labels follow the supplied category order", () => {
    const names = ["one", "two", "three", "four", "five"];
    const units = codersToUnits(EXAMPLE_C).map((u) => u.map((v) => (v === null ? null : names[(v as number) - 1])));
    expect(krippendorffAlpha(units, { metric: "ordinal", categories: names })).toBeCloseTo(0.8153875037548814, 12);
    expect(() => krippendorffAlpha(units, { metric: "ordinal" })).toThrow(/need `categories`/);
  });

  it("rejects invalid values naming the unit", () => {
    expect(() => krippendorffAlpha([[1, "x"]], { metric: "interval" })).toThrow(/unit 0, value 1: "x" is not a number/);
    expect(() => krippendorffAlpha([[1, -2]], { metric: "ratio" })).toThrow(/unit 0, value 1: -2 is negative/);
    expect(() => krippendorffAlpha([[1, 2], [1, Infinity]])).toThrow(/unit 1, value 1: Infinity is not a valid label/);
    expect(() => krippendorffAlpha([[1, 3]], { categories: [1, 2] })).toThrow(/unit 0, value 1: 3 is not one of the categories/);
    expect(() => krippendorffAlpha([[1, 2]], { metric: "cosine" as AlphaMetric })).toThrow(/metric must be/);
  });

  it("codersToUnits pads short rows with undefined", () => {
    expect(codersToUnits([[1, 2, 3], [4]])).toEqual([[1, 4], [2, undefined], [3, undefined]]);
    expect(codersToUnits([])).toEqual([]);
  });
});

/** Brute force: the coincidence-matrix definition, enumerating ordered pairs. */
function alphaByPairs(units: Array<Array<number | null>>, metric: AlphaMetric): number {
  const vals = units.map((u) => u.filter((v): v is number => v !== null)).filter((u) => u.length >= 2);
  const all = vals.flat();
  const n = all.length;
  const distinct = [...new Set(all)].sort((x, y) => x - y);
  const freq = new Map<number, number>();
  for (const v of all) freq.set(v, (freq.get(v) ?? 0) + 1);
  const delta = (c: number, k: number): number => {
    if (metric === "nominal") return c === k ? 0 : 1;
    if (metric === "interval") return (c - k) ** 2;
    if (metric === "ratio") return c + k === 0 ? 0 : ((c - k) / (c + k)) ** 2;
    const lo = Math.min(c, k);
    const hi = Math.max(c, k);
    let s = 0;
    for (const g of distinct) if (g >= lo && g <= hi) s += freq.get(g) as number;
    return (s - ((freq.get(c) as number) + (freq.get(k) as number)) / 2) ** 2;
  };
  let dObs = 0;
  for (const u of vals) {
    for (let i = 0; i < u.length; i++) for (let j = 0; j < u.length; j++) if (i !== j) dObs += delta(u[i], u[j]) / (u.length - 1);
  }
  let dExp = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) dExp += delta(all[i], all[j]);
  return n === 0 || dExp === 0 ? Number.NaN : 1 - ((n - 1) * dObs) / dExp;
}

describe("krippendorffAlpha: properties", () => {
  const metrics: AlphaMetric[] = ["nominal", "ordinal", "interval", "ratio"];
  const reliability = fc.array(
    fc.array(fc.option(fc.integer({ min: 0, max: 6 }), { nil: null, freq: 4 }), { minLength: 0, maxLength: 5 }),
    { minLength: 0, maxLength: 12 },
  );

  it("matches the pairwise definition (brute force) for every metric", () => {
    fc.assert(
      fc.property(reliability, fc.constantFrom(...metrics), (units, metric) => {
        const expected = alphaByPairs(units, metric);
        const got = krippendorffAlpha(units, { metric });
        if (Number.isNaN(expected)) expect(got).toBeNaN();
        else expect(got).toBeCloseTo(expected, 9);
      }),
      { numRuns: 400 },
    );
  });

  it("α = 1 for perfect agreement (whenever defined), any metric, with missing values", () => {
    const perfect = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 2 })),
      { minLength: 1, maxLength: 10 },
    );
    fc.assert(
      fc.property(perfect, fc.constantFrom(...metrics), (spec, metric) => {
        const units = spec.map(([v, copies, gaps]) => [...new Array(copies).fill(v), ...new Array(gaps).fill(null)]);
        const a = krippendorffAlpha(units, { metric });
        if (!Number.isNaN(a)) expect(a).toBeCloseTo(1, 12);
      }),
    );
  });

  it("interval α is invariant under x ↦ c·x + d (c ≠ 0); nominal α under relabelling", () => {
    fc.assert(
      fc.property(
        reliability,
        fc.integer({ min: -5, max: 5 }).filter((c) => c !== 0),
        fc.integer({ min: -100, max: 100 }),
        (units, c, d) => {
          const mapped = units.map((u) => u.map((v) => (v === null ? null : c * v + d)));
          const a = krippendorffAlpha(units, { metric: "interval" });
          const b = krippendorffAlpha(mapped, { metric: "interval" });
          if (Number.isNaN(a)) expect(b).toBeNaN();
          else expect(b).toBeCloseTo(a, 9);
          const relabelled = units.map((u) => u.map((v) => (v === null ? null : `L${(v * 7) % 11}`)));
          const n1 = krippendorffAlpha(units);
          const n2 = krippendorffAlpha(relabelled);
          if (Number.isNaN(n1)) expect(n2).toBeNaN();
          else expect(n2).toBeCloseTo(n1, 12);
        },
      ),
    );
  });
});

describe("krippendorffAlpha: numerical robustness", () => {
  it("identical non-representable values are 'no variation' (NaN), not a rounding artefact", () => {
    expect(krippendorffAlpha([[0.1, 0.1, 0.1], [0.1, 0.1]], { metric: "interval" })).toBeNaN();
  });

  it("interval α is unchanged by a large offset (frame numbers around 1e9)", () => {
    const units = codersToUnits(EXAMPLE_C);
    const shifted = units.map((u) => u.map((v) => (v === null ? null : (v as number) + 1e9)));
    expect(krippendorffAlpha(shifted, { metric: "interval" })).toBeCloseTo(0.8491071428571428, 9);
  });
});
