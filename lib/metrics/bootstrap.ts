/**
 * Seeded nonparametric bootstrap confidence intervals (percentile method) for any
 * aggregate: a mean score, an accuracy, a kappa over items, a per-question metric mean.
 *
 * Sources: B. Efron (1979), "Bootstrap methods: another look at the jackknife",
 * Annals of Statistics 7(1):1-26; B. Efron & R. Tibshirani (1993), "An Introduction to
 * the Bootstrap", ch. 13 (percentile intervals). Quantiles are Hyndman & Fan (1996)
 * type 7 (linear interpolation, numpy's default), as in scipy's percentile bootstrap.
 *
 * The generator is mulberry32 (a 32-bit counter passed through an avalanche mix, by
 * T. Ettinger, public domain) seeded through the murmur3 32-bit finaliser, written here:
 * the same seed gives the same interval on every platform, so a reported CI can be
 * reproduced exactly. It is not cryptographic.
 *
 * Pure TypeScript: no I/O, no dependencies.
 */

/** A seeded pseudo-random generator. */
export type Rng = {
  /** Next uniform integer in [0, 2³²). */
  nextUint32(): number;
  /** Next uniform float in [0, 1) (multiples of 2⁻³²). */
  nextFloat(): number;
  /** Next uniform integer in [0, n) for an integer 1 ≤ n ≤ 2³², without modulo bias (rejection). */
  nextInt(n: number): number;
};

/**
 * mulberry32 generator for `seed` (any safe integer; reduced modulo 2³² after the
 * murmur3 fmix32 finaliser so that nearby seeds give unrelated streams).
 * Step: s ← s + 0x6D2B79F5 (mod 2³²); output = mix(s) with
 * t = (s ⊕ s≫15)·(s | 1); t = t ⊕ (t + (t ⊕ t≫7)·(t | 61)); out = t ⊕ t≫14.
 * Throws on a non-integer seed.
 */
export function createRng(seed: number): Rng {
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`createRng: seed must be a safe integer, got ${String(seed)}`);
  }
  let state = seedState(seed);
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    nextUint32,
    nextFloat: () => nextUint32() / 4294967296,
    nextInt(n: number): number {
      if (!(Number.isInteger(n) && n >= 1 && n <= 4294967296)) {
        throw new RangeError(`nextInt: n must be an integer in [1, 2^32], got ${String(n)}`);
      }
      const limit = 4294967296 - (4294967296 % n); // largest multiple of n ≤ 2³²
      for (;;) {
        const u = nextUint32();
        if (u < limit) return u % n;
      }
    },
  };
}

export type BootstrapOptions = {
  /** Number of bootstrap resamples B (integer ≥ 1), default 1000. */
  resamples?: number;
  /** Confidence level 1 − α in (0, 1), default 0.95. */
  level?: number;
  /** Seed of the generator (safe integer), default 0: results are reproducible by default. */
  seed?: number;
};

export type BootstrapInterval = {
  /** The statistic on the original data, θ̂ = s(x); `NaN` for empty input. */
  estimate: number;
  /** Lower bound: the α/2 quantile of the bootstrap replicates; `NaN` if there are none. */
  lower: number;
  /** Upper bound: the 1 − α/2 quantile of the bootstrap replicates; `NaN` if there are none. */
  upper: number;
  /** Standard deviation of the replicates (divisor B′ − 1), the bootstrap standard error; `NaN` if B′ < 2. */
  standardError: number;
  level: number;
  resamples: number;
  /** B′: replicates that were not `NaN` (only these enter the quantiles). */
  validResamples: number;
  /** Number of items n. */
  n: number;
  seed: number;
  method: "percentile";
};

/**
 * Percentile bootstrap confidence interval of `statistic` over `items`.
 *
 * Procedure: θ̂ = s(x) on the n items; then B times draw n items uniformly with
 * replacement (indices from the seeded generator, in order) and compute the replicate
 * θ*_b = s(x*_b). With the B′ non-`NaN` replicates sorted, the interval is
 *
 *   [ Q(α/2), Q(1 − α/2) ],  α = 1 − level,
 *
 * Q the type-7 quantile (`quantileSorted`). The percentile method assumes the bootstrap
 * distribution mirrors the sampling distribution; it is transformation-respecting
 * but may under-cover for small n or skewed statistics (Efron & Tibshirani 1993, §13.3).
 *
 * Items can be anything: numbers (`bootstrapCI(scores, mean)`), or whole records for
 * statistics that need pairs, e.g. kappa over items:
 * `bootstrapCI(pairs, (s) => cohenKappa(s.map((p) => p.a), s.map((p) => p.b)))`.
 * Replicates in which the statistic is undefined (`NaN`, e.g. a kappa whose resample
 * holds one category only) are dropped and counted (`resamples − validResamples`).
 *
 * Deterministic: the same items, statistic, resamples and seed give the same interval.
 *
 * Edge cases: n = 0 → estimate, bounds and standard error `NaN` (the statistic is not
 * called); n = 1 → every resample equals the input, so lower = upper = estimate (for a
 * deterministic statistic); all replicates `NaN` → bounds `NaN`. Invalid options
 * (resamples not a positive integer, level outside (0, 1), non-integer seed) → throws.
 */
export function bootstrapCI<T>(
  items: readonly T[],
  statistic: (sample: readonly T[]) => number,
  options: BootstrapOptions = {},
): BootstrapInterval {
  const where = "bootstrapCI";
  if (!Array.isArray(items)) throw new TypeError(`${where}: items must be an array`);
  if (typeof statistic !== "function") throw new TypeError(`${where}: statistic must be a function`);
  const { resamples, level, seed } = checkedOptions(where, options);
  const rng = createRng(seed);
  const n = items.length;
  const base = { level, resamples, n, seed, method: "percentile" as const };
  if (n === 0) {
    const nan = Number.NaN;
    return { ...base, estimate: nan, lower: nan, upper: nan, standardError: nan, validResamples: 0 };
  }
  const estimate = statistic(items);
  const replicates: number[] = [];
  const sample = new Array<T>(n);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) sample[i] = items[rng.nextInt(n)];
    const v = statistic(sample);
    if (!Number.isNaN(v)) replicates.push(v);
  }
  replicates.sort((x, y) => x - y);
  const alpha = 1 - level;
  return {
    ...base,
    estimate,
    lower: quantileSorted(replicates, alpha / 2),
    upper: quantileSorted(replicates, 1 - alpha / 2),
    standardError: sampleStandardDeviation(replicates),
    validResamples: replicates.length,
  };
}

function checkedOptions(where: string, options: BootstrapOptions): { resamples: number; level: number; seed: number } {
  const resamples = options.resamples ?? 1000;
  const level = options.level ?? 0.95;
  const seed = options.seed ?? 0;
  if (!(Number.isInteger(resamples) && resamples >= 1)) {
    throw new RangeError(`${where}: resamples must be a positive integer, got ${String(resamples)}`);
  }
  if (!(typeof level === "number" && level > 0 && level < 1)) {
    throw new RangeError(`${where}: level must be strictly between 0 and 1, got ${String(level)}`);
  }
  return { resamples, level, seed };
}

/** A percentile interval of one statistic of a multi-statistic bootstrap. */
export type WeightedInterval = { estimate: number; lower: number; upper: number; validResamples: number };

/**
 * Percentile bootstrap intervals of SEVERAL statistics of the same resamples of n items, each
 * statistic a function of item weights (how many times each item is in the sample). This is the
 * fast form for statistics of sums of per-item vectors (a pooled F1, a kappa of summed tables):
 * the items are resampled once per replicate for every statistic, and `evaluate` only adds the
 * drawn items' vectors times their weights.
 *
 * The resamples are exactly those of `bootstrapCI` with the same n and seed (the same generator
 * draws n indices per replicate, in order), so a statistic that does not depend on the order of
 * the sample gets the same interval here (up to floating-point summation order). `evaluate(w, out)`
 * writes the `statistics` values into `out`; it is called once with all weights 1 (the estimate,
 * θ̂) and then once per replicate. NaN replicates are dropped per statistic, as in `bootstrapCI`.
 * n = 0 → every estimate and bound NaN (`evaluate` is not called).
 */
export function bootstrapWeightedCI(
  n: number,
  statistics: number,
  evaluate: (weights: Uint32Array, out: Float64Array) => void,
  options: BootstrapOptions = {},
): WeightedInterval[] {
  const where = "bootstrapWeightedCI";
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`${where}: n must be a non-negative integer, got ${String(n)}`);
  if (!(Number.isInteger(statistics) && statistics >= 0)) throw new RangeError(`${where}: statistics must be a non-negative integer, got ${String(statistics)}`);
  const { resamples, level, seed } = checkedOptions(where, options);
  if (n === 0) return Array.from({ length: statistics }, () => ({ estimate: Number.NaN, lower: Number.NaN, upper: Number.NaN, validResamples: 0 }));
  if (!Number.isSafeInteger(seed)) throw new RangeError(`${where}: seed must be a safe integer, got ${String(seed)}`);
  const out = new Float64Array(statistics);
  evaluate(new Uint32Array(n).fill(1), out);
  const estimates = Float64Array.from(out);
  // values[s * resamples + b]: replicate b of statistic s.
  const values = new Float64Array(statistics * resamples);
  forEachResampleWeights(n, resamples, seed, (weights, b) => {
    evaluate(weights, out);
    for (let s = 0; s < statistics; s++) values[s * resamples + b] = out[s];
  });
  const alpha = 1 - level;
  const column = new Float64Array(resamples);
  return Array.from({ length: statistics }, (_, s) => {
    let valid = 0;
    for (let b = 0; b < resamples; b++) {
      const v = values[s * resamples + b];
      if (!Number.isNaN(v)) column[valid++] = v;
    }
    const kept = column.subarray(0, valid);
    return { estimate: estimates[s], lower: quantileSelect(kept, alpha / 2), upper: quantileSelect(kept, 1 - alpha / 2), validResamples: valid };
  });
}

/**
 * Visits the B resamples of n items as item weights: `visit(weights, b)` with weights[i] = how many
 * times item i is drawn in replicate b (Σ weights = n). The draws are exactly `bootstrapCI`'s (the
 * same generator draws n indices per replicate, in order, with `nextInt`'s rejection), so a
 * statistic that does not depend on the order of its sample gets the same replicates from
 * either. `weights` is one array reused for every replicate (copy it to keep it). n = 0 or
 * resamples = 0 → `visit` is never called.
 */
export function forEachResampleWeights(n: number, resamples: number, seed: number, visit: (weights: Uint32Array, b: number) => void): void {
  const where = "forEachResampleWeights";
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`${where}: n must be a non-negative integer, got ${String(n)}`);
  if (!(Number.isInteger(resamples) && resamples >= 0)) throw new RangeError(`${where}: resamples must be a non-negative integer, got ${String(resamples)}`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`${where}: seed must be a safe integer, got ${String(seed)}`);
  if (n === 0) return;
  // createRng's mulberry32 step and nextInt's rejection, inlined (the same draws, without a call per index).
  let state = seedState(seed);
  const weights = new Uint32Array(n);
  const limit = 4294967296 - (4294967296 % n); // nextInt(n)'s rejection bound, inlined
  for (let b = 0; b < resamples; b++) {
    weights.fill(0);
    for (let i = 0; i < n; i++) {
      let u: number;
      do {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), state | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        u = (t ^ (t >>> 14)) >>> 0;
      } while (u >= limit);
      // u mod n through an exact double division (u < 2³², so ⌊u / n⌋ never rounds up): much
      // faster than % on values above 2³¹, which the engine computes in floating point.
      weights[u - Math.floor(u / n) * n] += 1;
    }
    visit(weights, b);
  }
}

/**
 * The type-7 quantile of `values` (no NaN) without sorting them: the same value as
 * `quantileSorted` of the sorted values, found by selection (expected linear time); `values` is
 * reordered in place. Empty → NaN.
 */
export function quantileSelect(values: Float64Array, p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantileSelect: p must be in [0, 1], got ${String(p)}`);
  const len = values.length;
  if (len === 0) return Number.NaN;
  const h = (len - 1) * p;
  const i = Math.floor(h);
  const frac = h - i;
  selectKth(values, i);
  const x = values[i];
  if (frac === 0 || i + 1 >= len) return x;
  // After the selection every value after position i is ≥ x: the next order statistic is their minimum.
  let y = values[i + 1];
  for (let j = i + 2; j < len; j++) if (values[j] < y) y = values[j];
  return x === y ? x : x + frac * (y - x);
}

/**
 * Reorders `a` so that a[k] is its k-th smallest value, every value before it ≤ a[k] and every
 * value after it ≥ a[k] (Hoare's FIND / Wirth's selection with a median-of-three pivot).
 */
function selectKth(a: Float64Array, k: number): void {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    const p = a[lo];
    const q = a[mid];
    const r = a[hi];
    const pivot = p < q ? (q < r ? q : p < r ? r : p) : p < r ? p : q < r ? r : q;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * Quantile of ascending-sorted values, Hyndman & Fan (1996) type 7 (numpy
 * `percentile(..., method="linear")`, R's default): h = (N − 1)·p,
 * Q = x_⌊h⌋ + (h − ⌊h⌋)(x_⌊h⌋+1 − x_⌊h⌋) with 0-based x. Empty input → `NaN`;
 * p outside [0, 1] → throws.
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantileSorted: p must be in [0, 1], got ${String(p)}`);
  const len = sorted.length;
  if (len === 0) return Number.NaN;
  const h = (len - 1) * p;
  const i = Math.floor(h);
  const frac = h - i;
  const x = sorted[i];
  if (frac === 0 || i + 1 >= len) return x;
  const y = sorted[i + 1];
  return x === y ? x : x + frac * (y - x);
}

/** Arithmetic mean (1/n) Σ x_i; `NaN` for an empty list. A convenient `statistic`. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

function sampleStandardDeviation(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return Number.NaN;
  // shifted two-sum form: exact 0 for identical values, stable for clustered replicates
  const shift = values[0];
  let s1 = 0;
  let s2 = 0;
  for (const v of values) {
    const d = v - shift;
    s1 += d;
    s2 += d * d;
  }
  return Math.sqrt(Math.max(0, (s2 - (s1 * s1) / n) / (n - 1)));
}

/** The generator's initial state for `seed` (see `createRng`). */
function seedState(seed: number): number {
  return fmix32(((seed % 4294967296) + 4294967296) % 4294967296);
}

/** murmur3 fmix32 finaliser: a bijection of [0, 2³²) with full avalanche. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
