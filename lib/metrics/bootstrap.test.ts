import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cohenKappa } from "./agreement-kappa";
import { bootstrapCI, bootstrapWeightedCI, createRng, forEachResampleWeights, mean, quantileSelect, quantileSorted } from "./bootstrap";

// Provenance: the generator outputs and the two bootstrap intervals below were produced
// by an independent Python re-implementation (mulberry32 step + murmur3 fmix32 seeding +
// rejection sampling for indices, written from the algorithm descriptions, with
// numpy.percentile for the type-7 quantiles and numpy.std(ddof=1)), run once in /tmp.
// The quantile vectors are numpy.percentile(..., method="linear") outputs.

describe("createRng", () => {
  it.each([
    [0, [1144304738, 1416247, 958946056, 627933444, 2007157716]],
    [1, [1228566310, 1041339923, 2248853198, 1551223671, 657430983]],
    [42, [2091601267, 2169168056, 306405048, 1675291194, 4055396326]],
    [-1, [146612443, 1647005904, 128168844, 1578492502, 3066638271]],
  ])("seed %i: first five 32-bit outputs", (seed, expected) => {
    const rng = createRng(seed);
    expect(Array.from({ length: 5 }, () => rng.nextUint32())).toEqual(expected);
  });

  it("nextInt uses rejection sampling deterministically (seed 123, n = 7)", () => {
    const rng = createRng(123);
    expect(Array.from({ length: 12 }, () => rng.nextInt(7))).toEqual([5, 2, 3, 3, 4, 0, 2, 2, 2, 2, 6, 6]);
  });

  it("nextFloat is in [0, 1) and nextInt roughly uniform", () => {
    const rng = createRng(99);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60000; i++) {
      const f = rng.nextFloat();
      expect(f >= 0 && f < 1).toBe(true);
      counts[rng.nextInt(6)] += 1;
    }
    // χ² with 5 d.f.; 20.5 is the 0.999 quantile
    const chi2 = counts.reduce((s, c) => s + (c - 10000) ** 2 / 10000, 0);
    expect(chi2).toBeLessThan(20.5);
  });

  it("rejects bad seeds and bounds", () => {
    expect(() => createRng(1.5)).toThrow(/seed must be a safe integer/);
    expect(() => createRng(0).nextInt(0)).toThrow(/n must be an integer/);
  });
});

describe("quantileSorted (type 7)", () => {
  it("matches numpy.percentile linear", () => {
    const x = [1, 2, 3, 4, 10];
    const got = [0.025, 0.975, 0.5, 0.1, 0, 1].map((p) => quantileSorted(x, p));
    const expected = [1.1, 9.399999999999999, 3.0, 1.4, 1.0, 10.0];
    got.forEach((g, i) => expect(g).toBeCloseTo(expected[i], 12));
    expect(quantileSorted([], 0.5)).toBeNaN();
    expect(quantileSorted([7], 0.3)).toBe(7);
    expect(() => quantileSorted([1], 1.5)).toThrow(/p must be in \[0, 1\]/);
  });
});

describe("bootstrapCI: golden intervals", () => {
  const values = [3, 7, 1, 9, 4, 6, 2, 8, 5, 10];

  it("mean, B = 200, seed 7, 95 %", () => {
    const ci = bootstrapCI(values, mean, { resamples: 200, seed: 7 });
    expect(ci.estimate).toBe(5.5);
    expect(ci.lower).toBeCloseTo(3.8975000000000004, 12);
    expect(ci.upper).toBeCloseTo(7.2, 12);
    expect(ci.standardError).toBeCloseTo(0.83533762319413, 12);
    expect(ci).toMatchObject({ level: 0.95, resamples: 200, validResamples: 200, n: 10, seed: 7, method: "percentile" });
  });

  it("median, B = 500, seed 2026, 90 %", () => {
    const median = (s: readonly number[]) => {
      const t = [...s].sort((a, b) => a - b);
      const m = t.length >> 1;
      return t.length % 2 ? t[m] : (t[m - 1] + t[m]) / 2;
    };
    const ci = bootstrapCI(values, median, { resamples: 500, seed: 2026, level: 0.9 });
    expect(ci.estimate).toBe(5.5);
    expect(ci.lower).toBe(3);
    expect(ci.upper).toBe(8);
    expect(ci.standardError).toBeCloseTo(1.4225833848931135, 12);
  });
});

describe("bootstrapCI: edge cases", () => {
  it("empty input → NaN everywhere, statistic not called", () => {
    let called = false;
    const ci = bootstrapCI([], () => {
      called = true;
      return 0;
    });
    expect(called).toBe(false);
    expect([ci.estimate, ci.lower, ci.upper, ci.standardError].every(Number.isNaN)).toBe(true);
    expect(ci.validResamples).toBe(0);
    expect(ci.n).toBe(0);
  });

  it("n = 1 → lower = upper = estimate", () => {
    const ci = bootstrapCI([0.42], mean, { resamples: 50 });
    expect(ci.lower).toBe(0.42);
    expect(ci.upper).toBe(0.42);
    expect(ci.estimate).toBe(0.42);
    expect(ci.standardError).toBe(0);
  });

  it("drops NaN replicates and counts them (kappa over resampled item pairs)", () => {
    const pairs = [
      { a: "y", b: "y" },
      { a: "n", b: "n" },
      { a: "y", b: "n" },
      { a: "y", b: "y" },
    ];
    const kappa = (s: readonly { a: string; b: string }[]) =>
      cohenKappa(
        s.map((p) => p.a),
        s.map((p) => p.b),
      );
    const ci = bootstrapCI(pairs, kappa, { resamples: 300, seed: 3 });
    expect(ci.estimate).toBeCloseTo(0.5, 12);
    expect(ci.validResamples).toBeLessThan(300); // some resamples hold only "y"/"y" pairs
    expect(ci.validResamples).toBeGreaterThan(0);
    expect(ci.lower).toBeLessThanOrEqual(ci.upper);
    const allNaN = bootstrapCI([1, 2], () => Number.NaN, { resamples: 10 });
    expect(allNaN.lower).toBeNaN();
    expect(allNaN.validResamples).toBe(0);
  });

  it("default options: B = 1000, level 0.95, seed 0", () => {
    const a = bootstrapCI([1, 2, 3], mean);
    const b = bootstrapCI([1, 2, 3], mean, { resamples: 1000, level: 0.95, seed: 0 });
    expect(a).toEqual(b);
  });

  it("rejects invalid options", () => {
    expect(() => bootstrapCI([1], mean, { resamples: 0 })).toThrow(/resamples must be a positive integer/);
    expect(() => bootstrapCI([1], mean, { level: 1 })).toThrow(/level must be strictly between 0 and 1/);
    expect(() => bootstrapCI([1], mean, { seed: 0.5 })).toThrow(/seed must be a safe integer/);
    expect(() => bootstrapCI([1], "mean" as never)).toThrow(/statistic must be a function/);
  });
});

describe("bootstrapCI: properties", () => {
  const data = fc.array(fc.integer({ min: -100, max: 100 }), { minLength: 5, maxLength: 30 });

  it("is deterministic for a seed", () => {
    fc.assert(
      fc.property(data, fc.integer(), (xs, seed) => {
        const a = bootstrapCI(xs, mean, { resamples: 100, seed });
        const b = bootstrapCI([...xs], mean, { resamples: 100, seed });
        expect(a).toEqual(b);
      }),
      { numRuns: 50 },
    );
  });

  it("contains the point estimate for the mean of typical data", () => {
    fc.assert(
      fc.property(data, fc.integer(), (xs, seed) => {
        const ci = bootstrapCI(xs, mean, { resamples: 300, seed });
        expect(ci.lower).toBeLessThanOrEqual(ci.estimate);
        expect(ci.upper).toBeGreaterThanOrEqual(ci.estimate);
      }),
      { numRuns: 50 },
    );
  });

  it("a higher level gives a wider (nested) interval for the same seed", () => {
    fc.assert(
      fc.property(data, fc.integer(), (xs, seed) => {
        const narrow = bootstrapCI(xs, mean, { resamples: 200, seed, level: 0.5 });
        const wide = bootstrapCI(xs, mean, { resamples: 200, seed, level: 0.99 });
        expect(wide.lower).toBeLessThanOrEqual(narrow.lower);
        expect(wide.upper).toBeGreaterThanOrEqual(narrow.upper);
      }),
      { numRuns: 30 },
    );
  });
});

describe("quantileSelect and bootstrapWeightedCI", () => {
  it("quantileSelect equals quantileSorted of the sorted values (ties, negatives, any p)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (xs, p) => {
        const sorted = [...xs].sort((a, b) => a - b);
        expect(quantileSelect(Float64Array.from(xs), p)).toBe(quantileSorted(sorted, p) + 0);
      }),
    );
    expect(quantileSelect(new Float64Array(0), 0.5)).toBeNaN();
  });

  it("gives bootstrapCI's interval for an order-free statistic (same draws for the same seed)", () => {
    const xs = Array.from({ length: 57 }, (_, i) => (i * 37) % 11);
    const ref = bootstrapCI(xs, mean, { resamples: 400, seed: 5 });
    const [got] = bootstrapWeightedCI(
      xs.length,
      1,
      (w, out) => {
        let s = 0;
        for (let i = 0; i < xs.length; i++) s += w[i] * xs[i];
        out[0] = s / xs.length;
      },
      { resamples: 400, seed: 5 },
    );
    expect(got).toEqual({ estimate: ref.estimate, lower: ref.lower, upper: ref.upper, validResamples: ref.validResamples });
    expect(bootstrapWeightedCI(0, 2, () => {})).toEqual([
      { estimate: Number.NaN, lower: Number.NaN, upper: Number.NaN, validResamples: 0 },
      { estimate: Number.NaN, lower: Number.NaN, upper: Number.NaN, validResamples: 0 },
    ]);
    expect(() => bootstrapWeightedCI(3, 1, () => {}, { resamples: 0 })).toThrow(/resamples must be a positive integer/);
  });
});

describe("forEachResampleWeights", () => {
  it("gives the counts of the indices bootstrapCI draws, replicate by replicate", () => {
    for (const n of [1, 7, 1000]) {
      const seen: number[][] = [];
      forEachResampleWeights(n, 20, 42, (w) => seen.push(Array.from(w)));
      const items = Array.from({ length: n }, (_, i) => i);
      const expected: number[][] = [];
      let first = true;
      bootstrapCI(items, (sample) => {
        if (!first) {
          const counts = new Array<number>(n).fill(0);
          for (const i of sample) counts[i] += 1;
          expected.push(counts);
        }
        first = false;
        return 0;
      }, { resamples: 20, seed: 42 });
      expect(seen).toEqual(expected);
      expect(seen.every((w) => w.reduce((a, b) => a + b, 0) === n)).toBe(true);
    }
  });

  it("visits nothing for n = 0 and rejects a bad n or seed", () => {
    let calls = 0;
    forEachResampleWeights(0, 10, 0, () => calls++);
    expect(calls).toBe(0);
    expect(() => forEachResampleWeights(-1, 10, 0, () => {})).toThrow(RangeError);
    expect(() => forEachResampleWeights(3, 10, 0.5, () => {})).toThrow(RangeError);
  });
});
