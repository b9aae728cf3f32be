/**
 * Cohen's kappa for two raters, unweighted and weighted (linear, quadratic), with the
 * exact semantics of scikit-learn's `sklearn.metrics.cohen_kappa_score` (checked against
 * scikit-learn 1.9.1, see `agreement-kappa.test.ts`).
 *
 * Used by reviewer qualification (annotator vs. gold labels, threshold default 0.8) and
 * by the VSAS judge-vs-human agreement (binary yes/no, or the 0-3 rubric with
 * quadratic weights and `categories: [0, 1, 2, 3]`).
 *
 * Sources: J. Cohen (1960), "A coefficient of agreement for nominal scales",
 * Educational and Psychological Measurement 20(1):37-46; J. Cohen (1968), "Weighted
 * kappa", Psychological Bulletin 70(4):213-220; scikit-learn `cohen_kappa_score`.
 *
 * Pure TypeScript: no I/O, no dependencies outside lib/metrics.
 */
import {
  type Label,
  assertLabel,
  describe,
  indexCategories,
  inferCategories,
  normalizeZero,
} from "./agreement-labels";

/**
 * Disagreement weights w_ij between categories at positions i and j of the category
 * list (positions, not label values: categories `[1, 2, 5]` are 0, 1, 2 apart):
 * - `"none"`: w_ij = 1 if i ≠ j else 0 (plain Cohen's kappa);
 * - `"linear"`: w_ij = |i − j|;
 * - `"quadratic"`: w_ij = (i − j)².
 */
export type KappaWeighting = "none" | "linear" | "quadratic";

export type CohenKappaOptions = {
  /** Disagreement weights, default `"none"` (sklearn `weights=None`). */
  weights?: KappaWeighting;
  /**
   * The categories and their order (sklearn `labels`). Default: the union of the labels
   * both raters used, sorted (`compareLabels`: numbers ascending, strings by code point,
   * `false < true`). Weighted kappa refuses an inferred list that mixes types.
   * Supplying the full scale matters for weighted kappa (the distances are positions in
   * this list) and lets a category nobody used still count.
   */
  categories?: readonly Label[];
  /**
   * A pair in which a label is not in `categories`:
   * - `"error"` (default): throw a `RangeError` naming the item;
   * - `"ignore"`: drop the pair, exactly as scikit-learn does.
   */
  unknownLabels?: "error" | "ignore";
  /**
   * Value returned when kappa is undefined (sklearn `replace_undefined_by`, default
   * `NaN`): no pairs, or expected disagreement 0 (both raters used one and the same
   * single category). Must be `NaN` or in [-1, 1].
   */
  undefinedValue?: number;
};

/** Everything `cohenKappa` computes, for display next to the statistic. */
export type CohenKappaDetails = {
  /** The statistic (or `undefinedValue`). */
  kappa: number;
  /** Number of pairs counted N (after dropping pairs with unknown labels when ignored). */
  n: number;
  /** The category list used, in weight order. */
  categories: Label[];
  /** Confusion matrix: matrix[i][j] = number of items rater A put in category i and B in j. */
  matrix: number[][];
  /** p_o: proportion of items with identical labels (NaN when N = 0). */
  observedAgreement: number;
  /** p_e = Σ_k p_{A,k} p_{B,k}: chance agreement from the two raters' marginals (NaN when N = 0). */
  expectedAgreement: number;
  /** q_o = (1/N) Σ_ij w_ij o_ij: weighted observed disagreement (NaN when N = 0). */
  observedDisagreement: number;
  /** q_e = (1/N) Σ_ij w_ij e_ij: weighted chance disagreement (NaN when N = 0). */
  expectedDisagreement: number;
};

/**
 * Cohen's kappa between rater A's labels `a` and rater B's labels `b` (item i rated
 * `a[i]` by A and `b[i]` by B).
 *
 * Formula (scikit-learn's, which covers both variants): with the K × K confusion matrix
 * O (o_ij = number of items A labelled i and B labelled j, N = Σ o_ij), the chance
 * matrix E = r cᵀ / N (r_i = Σ_j o_ij, A's row totals; c_j = Σ_i o_ij, B's column
 * totals) and the weights W of `KappaWeighting`,
 *
 *   κ = 1 − Σ_ij w_ij o_ij / Σ_ij w_ij e_ij.
 *
 * Unweighted this is Cohen's (1960) κ = (p_o − p_e) / (1 − p_e) with p_o = Σ_k o_kk / N
 * and p_e = Σ_k r_k c_k / N²; weighted it is Cohen's (1968) κ_w.
 *
 * Range: κ ∈ [−1, 1] for unweighted and quadratic weights; 1 = perfect agreement,
 * 0 = chance-level agreement. Symmetric in A and B.
 *
 * Edge cases:
 * - `a.length !== b.length`, a missing/invalid label, or (by default) a label outside
 *   `categories` → throws an error naming the item;
 * - no pairs (empty input, or all pairs dropped by `unknownLabels: "ignore"`) →
 *   `undefinedValue` (default `NaN`; scikit-learn raises on empty input instead);
 * - Σ w_ij e_ij = 0 (e.g. both raters used the same single category, p_e = 1) → the
 *   0/0 is undefined: `undefinedValue` (default `NaN`, scikit-learn's behaviour), even
 *   when observed agreement is perfect. Callers comparing to a threshold get `false`
 *   for `NaN >= 0.8`, so an undefined kappa never qualifies anyone.
 */
export function cohenKappa(
  a: readonly Label[],
  b: readonly Label[],
  options: CohenKappaOptions = {},
): number {
  return cohenKappaDetails(a, b, options).kappa;
}

/** `cohenKappa` with its intermediate quantities (confusion matrix, p_o, p_e, q_o, q_e). */
export function cohenKappaDetails(
  a: readonly Label[],
  b: readonly Label[],
  options: CohenKappaOptions = {},
): CohenKappaDetails {
  const weights = options.weights ?? "none";
  const where = "cohenKappa";
  if (!Array.isArray(a) || !Array.isArray(b)) {
    throw new TypeError(`${where}: both raters' labels must be arrays`);
  }
  if (a.length !== b.length) {
    throw new RangeError(
      `${where}: rater A has ${a.length} labels but rater B has ${b.length}; the two lists must rate the same items in the same order`,
    );
  }
  a.forEach((v, i) => assertLabel(v, `${where}: rater A, item ${i}`));
  b.forEach((v, i) => assertLabel(v, `${where}: rater B, item ${i}`));
  const categories = options.categories
    ? [...options.categories]
    : inferCategories([a, b], where, weights !== "none");
  const index = indexCategories(categories, where);
  const unknown = options.unknownLabels ?? "error";
  const k = categories.length;
  const matrix = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let i = 0; i < a.length; i++) {
    const ia = index.get(normalizeZero(a[i]));
    const ib = index.get(normalizeZero(b[i]));
    if (ia === undefined || ib === undefined) {
      if (unknown === "ignore") continue;
      const [who, v] = ia === undefined ? ["A", a[i]] : ["B", b[i]];
      throw new RangeError(
        `${where}: rater ${who}, item ${i}: label ${describe(v)} is not one of the categories`,
      );
    }
    matrix[ia][ib] += 1;
  }
  const stats = kappaFromMatrix(matrix, weights, options.undefinedValue, where);
  return { ...stats, categories, matrix };
}

/**
 * Cohen's kappa from a K × K confusion (agreement) matrix of non-negative counts
 * (or weights): `matrix[i][j]` = amount of items rater A put in category i and rater B
 * in category j, categories in weight order. Same formula and edge cases as
 * `cohenKappa` (total 0 or Σ w_ij e_ij = 0 → `undefinedValue`, default `NaN`).
 * Throws on a non-square matrix or a negative / non-finite cell.
 */
export function cohenKappaFromMatrix(
  matrix: ReadonlyArray<ReadonlyArray<number>>,
  options: { weights?: KappaWeighting; undefinedValue?: number } = {},
): number {
  const where = "cohenKappaFromMatrix";
  const k = matrix.length;
  matrix.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== k) {
      throw new RangeError(`${where}: row ${i} has ${row?.length} cells, expected ${k} (square matrix)`);
    }
    row.forEach((x, j) => {
      if (!(Number.isFinite(x) && x >= 0)) {
        throw new RangeError(`${where}: cell [${i}][${j}] = ${x} is not a non-negative finite number`);
      }
    });
  });
  return kappaFromMatrix(matrix, options.weights ?? "none", options.undefinedValue, where).kappa;
}

/** w_ij for positions i, j (see `KappaWeighting`). */
export function kappaWeight(i: number, j: number, weights: KappaWeighting): number {
  if (weights === "linear") return Math.abs(i - j);
  if (weights === "quadratic") return (i - j) * (i - j);
  return i === j ? 0 : 1;
}

function kappaFromMatrix(
  matrix: ReadonlyArray<ReadonlyArray<number>>,
  weights: KappaWeighting,
  undefinedValue: number | undefined,
  where: string,
): Omit<CohenKappaDetails, "categories" | "matrix"> {
  if (weights !== "none" && weights !== "linear" && weights !== "quadratic") {
    throw new RangeError(`${where}: weights must be "none", "linear" or "quadratic", got ${describe(weights)}`);
  }
  const undef = undefinedValue ?? Number.NaN;
  if (!(Number.isNaN(undef) || (undef >= -1 && undef <= 1))) {
    throw new RangeError(`${where}: undefinedValue must be NaN or in [-1, 1], got ${undef}`);
  }
  const k = matrix.length;
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  let n = 0;
  let diagonal = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const x = matrix[i][j];
      rows[i] += x;
      cols[j] += x;
      n += x;
      if (i === j) diagonal += x;
    }
  }
  if (n === 0) {
    const nan = Number.NaN;
    return { kappa: undef, n: 0, observedAgreement: nan, expectedAgreement: nan, observedDisagreement: nan, expectedDisagreement: nan };
  }
  let wObserved = 0;
  let wExpected = 0;
  let chanceDiagonal = 0;
  for (let i = 0; i < k; i++) {
    chanceDiagonal += (rows[i] * cols[i]) / n;
    for (let j = 0; j < k; j++) {
      const w = kappaWeight(i, j, weights);
      if (w === 0) continue;
      wObserved += w * matrix[i][j];
      wExpected += (w * rows[i] * cols[j]) / n;
    }
  }
  const kappa = wExpected === 0 ? undef : 1 - wObserved / wExpected;
  return {
    kappa,
    n,
    observedAgreement: diagonal / n,
    expectedAgreement: chanceDiagonal / n,
    observedDisagreement: wObserved / n,
    expectedDisagreement: wExpected / n,
  };
}
