/**
 * Krippendorff's alpha for any number of coders, missing values allowed, with the
 * nominal, ordinal, interval and ratio difference functions.
 *
 * Source: K. Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability",
 * Annenberg School for Communication, University of Pennsylvania (departmental paper
 * 43): coincidence matrices, §C-§E. Its worked examples are the golden vectors in
 * `agreement-krippendorff.test.ts`.
 *
 * Pure TypeScript: no I/O, no dependencies outside lib/metrics.
 */
import {
  type Label,
  type MaybeLabel,
  assertLabel,
  describe,
  indexCategories,
  inferCategories,
  isMissing,
  normalizeZero,
} from "./agreement-labels";

/**
 * Difference function δ²(c, k) between two values (Krippendorff 2011, §E):
 * - `"nominal"`: 0 if c = k else 1 (any labels);
 * - `"ordinal"`: (Σ_{g from c to k} n_g − (n_c + n_k)/2)², where g runs over the ranked
 *   categories between c and k inclusive and n_g is how many pairable values are g
 *   (numbers ranked ascending, or the order of `categories`);
 * - `"interval"`: (c − k)² (finite numbers);
 * - `"ratio"`: ((c − k)/(c + k))², 0 when c = k = 0 (non-negative finite numbers).
 */
export type AlphaMetric = "nominal" | "ordinal" | "interval" | "ratio";

export type KrippendorffAlphaOptions = {
  /** Difference function, default `"nominal"`. */
  metric?: AlphaMetric;
  /**
   * Category order for `"ordinal"` data that are not numbers (e.g. `["low", "mid",
   * "high"]`); for nominal data it only validates labels. Ignored for interval/ratio.
   */
  categories?: readonly Label[];
};

export type KrippendorffAlphaDetails = {
  /** α = 1 − D_o / D_e, or `NaN` when undefined. */
  alpha: number;
  /** n: number of pairable values (values in units with at least 2 values). */
  pairableValues: number;
  /** Number of units with at least 2 values (the others are ignored). */
  pairableUnits: number;
  /** D_o: observed disagreement (`NaN` when n = 0). */
  observedDisagreement: number;
  /** D_e: disagreement expected by chance (`NaN` when n = 0). */
  expectedDisagreement: number;
};

/**
 * Krippendorff's alpha. `units[u]` holds the values the coders gave to unit u, in any
 * order and of any length; `null`, `undefined` and `NaN` mean "no value" (a coder who
 * did not code the unit). To start from a coders × units matrix (Krippendorff's
 * reliability-data layout) use `codersToUnits`.
 *
 * Formula (Krippendorff 2011). Units with fewer than 2 values are not pairable and are
 * ignored. For each pairable unit u with m_u values, each ordered pair of its values
 * (i ≠ j) adds 1/(m_u − 1) to the coincidence o_ck of their values c, k. Then
 *
 *   n_c = Σ_k o_ck,   n = Σ_c n_c (the number of pairable values),
 *   D_o = (1/n) Σ_c Σ_k o_ck δ²(c, k),
 *   D_e = (1/(n(n − 1))) Σ_c Σ_k n_c n_k δ²(c, k),
 *   α   = 1 − D_o / D_e.
 *
 * α = 1 for perfect agreement, 0 at chance level, negative for systematic disagreement
 * (α ≥ −1 is not guaranteed for small samples). Nominal and interval are computed in
 * O(total values) from per-unit sums (Σ_{i≠j}(x_i − x_j)² = 2 m_u Σ_i (x_i − x̄_u)²);
 * ordinal and ratio from the coincidence matrix over the distinct values.
 *
 * Edge cases:
 * - no pairable unit (n = 0) → `NaN`;
 * - D_e = 0 (every pairable value is the same, no variation) → 0/0, undefined → `NaN`
 *   (Krippendorff 2011: α is not defined without variation);
 * - an invalid value (wrong type for the metric, ±Infinity, a negative value for
 *   `"ratio"`, a label outside `categories`) → throws, naming the unit and position.
 */
export function krippendorffAlpha(
  units: ReadonlyArray<ReadonlyArray<MaybeLabel>>,
  options: KrippendorffAlphaOptions = {},
): number {
  return krippendorffAlphaDetails(units, options).alpha;
}

/** `krippendorffAlpha` with n, the number of pairable units, D_o and D_e. */
export function krippendorffAlphaDetails(
  units: ReadonlyArray<ReadonlyArray<MaybeLabel>>,
  options: KrippendorffAlphaOptions = {},
): KrippendorffAlphaDetails {
  const where = "krippendorffAlpha";
  const metric = options.metric ?? "nominal";
  if (!["nominal", "ordinal", "interval", "ratio"].includes(metric)) {
    throw new RangeError(`${where}: metric must be "nominal", "ordinal", "interval" or "ratio", got ${describe(metric)}`);
  }
  if (!Array.isArray(units)) throw new TypeError(`${where}: units must be an array of arrays`);
  const useCategories = options.categories && (metric === "nominal" || metric === "ordinal");
  const categoryIndex = useCategories ? indexCategories(options.categories as Label[], where) : null;
  const pairable: Label[][] = [];
  units.forEach((unit, u) => {
    if (!Array.isArray(unit)) throw new TypeError(`${where}: unit ${u} is not an array`);
    const values: Label[] = [];
    unit.forEach((v, i) => {
      if (isMissing(v)) return;
      assertLabel(v, `${where}: unit ${u}, value ${i}`);
      if (metric === "interval" || metric === "ratio") {
        if (typeof v !== "number") {
          throw new TypeError(`${where}: unit ${u}, value ${i}: ${describe(v)} is not a number (metric "${metric}")`);
        }
        if (metric === "ratio" && v < 0) {
          throw new RangeError(`${where}: unit ${u}, value ${i}: ${v} is negative (metric "ratio" needs values >= 0)`);
        }
      }
      if (categoryIndex && !categoryIndex.has(normalizeZero(v))) {
        throw new RangeError(`${where}: unit ${u}, value ${i}: ${describe(v)} is not one of the categories`);
      }
      values.push(normalizeZero(v));
    });
    if (values.length >= 2) pairable.push(values);
  });
  let n = 0;
  for (const u of pairable) n += u.length;
  if (n === 0) {
    const nan = Number.NaN;
    return { alpha: nan, pairableValues: 0, pairableUnits: 0, observedDisagreement: nan, expectedDisagreement: nan };
  }
  let observedSum: number; // Σ_c Σ_k o_ck δ²  (= n D_o)
  let expectedSum: number; // Σ_c Σ_k n_c n_k δ²  (= n (n − 1) D_e)
  if (metric === "interval") {
    [observedSum, expectedSum] = intervalSums(pairable as number[][], n);
  } else if (metric === "nominal") {
    [observedSum, expectedSum] = nominalSums(pairable, n);
  } else {
    [observedSum, expectedSum] = matrixSums(pairable, metric, options.categories, where);
  }
  const observed = observedSum / n;
  const expected = expectedSum / (n * (n - 1));
  const alpha = expectedSum === 0 ? Number.NaN : 1 - ((n - 1) * observedSum) / expectedSum;
  return { alpha, pairableValues: n, pairableUnits: pairable.length, observedDisagreement: observed, expectedDisagreement: expected };
}

/**
 * Transposes Krippendorff's reliability-data layout (one row per coder, one column per
 * unit, missing values as `null`/`undefined`/`NaN`) into the per-unit lists
 * `krippendorffAlpha` takes. Rows may have different lengths (short rows are missing
 * values for the trailing units).
 */
export function codersToUnits(coders: ReadonlyArray<ReadonlyArray<MaybeLabel>>): MaybeLabel[][] {
  let width = 0;
  for (const row of coders) width = Math.max(width, row.length);
  return Array.from({ length: width }, (_, u) => coders.map((row) => row[u]));
}

function nominalSums(units: Label[][], n: number): [number, number] {
  let observed = 0;
  const totals = new Map<Label, number>();
  for (const unit of units) {
    const counts = new Map<Label, number>();
    for (const v of unit) counts.set(v, (counts.get(v) ?? 0) + 1);
    const m = unit.length;
    let sumSq = 0;
    for (const [v, c] of counts) {
      sumSq += c * c;
      totals.set(v, (totals.get(v) ?? 0) + c);
    }
    observed += (m * m - sumSq) / (m - 1);
  }
  let totalSq = 0;
  for (const c of totals.values()) totalSq += c * c;
  return [observed, n * n - totalSq];
}

function intervalSums(units: number[][], n: number): [number, number] {
  // Sums of squares in the shifted form Σd² − (Σd)²/m (d = x − shift): exactly 0 when
  // the values are identical, and accurate for values clustered far from 0 (frames).
  const shift = units[0][0];
  let observed = 0;
  let s1Total = 0;
  let s2Total = 0;
  for (const unit of units) {
    const m = unit.length;
    const local = unit[0];
    let s1 = 0;
    let s2 = 0;
    for (const x of unit) {
      const d = x - local;
      s1 += d;
      s2 += d * d;
      const g = x - shift;
      s1Total += g;
      s2Total += g * g;
    }
    const ss = Math.max(0, s2 - (s1 * s1) / m);
    observed += (2 * m * ss) / (m - 1);
  }
  const ssTotal = Math.max(0, s2Total - (s1Total * s1Total) / n);
  return [observed, 2 * n * ssTotal];
}

function matrixSums(
  units: Label[][],
  metric: "ordinal" | "ratio",
  categories: readonly Label[] | undefined,
  where: string,
): [number, number] {
  let values: Label[];
  if (metric === "ordinal" && categories) {
    values = [...categories]; // already validated by the caller
  } else {
    values = inferCategories(units, where, true);
    if (metric === "ordinal" && values.some((x) => typeof x === "string")) {
      throw new TypeError(`${where}: ordinal string values need \`categories\` giving their rank order`);
    }
  }
  const index = indexCategories(values, where);
  const v = values.length;
  const o: number[][] = Array.from({ length: v }, () => new Array<number>(v).fill(0));
  for (const unit of units) {
    const counts = new Map<number, number>();
    for (const x of unit) {
      const i = index.get(x) as number;
      counts.set(i, (counts.get(i) ?? 0) + 1);
    }
    const m = unit.length;
    for (const [c, nc] of counts) {
      for (const [k, nk] of counts) {
        o[c][k] += (c === k ? nc * (nc - 1) : nc * nk) / (m - 1);
      }
    }
  }
  const marg = o.map((row) => row.reduce((s, x) => s + x, 0));
  const prefix = [0]; // prefix[g] = Σ_{h < g} n_h, for the ordinal sums
  for (const x of marg) prefix.push(prefix[prefix.length - 1] + x);
  const delta = (c: number, k: number): number => {
    if (c === k) return 0;
    if (metric === "ratio") {
      const a = values[c] as number;
      const b = values[k] as number;
      return a + b === 0 ? 0 : ((a - b) / (a + b)) ** 2;
    }
    const s = prefix[Math.max(c, k) + 1] - prefix[Math.min(c, k)];
    return (s - (marg[c] + marg[k]) / 2) ** 2;
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < v; c++) {
    for (let k = 0; k < v; k++) {
      if (c === k) continue;
      const d = delta(c, k);
      observed += o[c][k] * d;
      expected += marg[c] * marg[k] * d;
    }
  }
  return [observed, expected];
}
