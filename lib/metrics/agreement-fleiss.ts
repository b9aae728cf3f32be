/**
 * Fleiss' kappa: chance-corrected agreement among a fixed number m ≥ 2 of ratings per
 * subject, where different subjects may be rated by different raters.
 *
 * Source: J. L. Fleiss (1971), "Measuring nominal scale agreement among many raters",
 * Psychological Bulletin 76(5):378-382. Same definition as statsmodels
 * `statsmodels.stats.inter_rater.fleiss_kappa(table, method="fleiss")`; the
 * `"randolph"` option is Randolph's (2005) free-marginal multirater kappa (statsmodels
 * `method="randolph"`).
 *
 * Pure TypeScript: no I/O, no dependencies outside lib/metrics.
 */
import {
  type Label,
  type MaybeLabel,
  assertLabel,
  indexCategories,
  inferCategories,
  isMissing,
  normalizeZero,
} from "./agreement-labels";

export type FleissKappaOptions = {
  /**
   * Chance agreement model:
   * - `"fleiss"` (default): P̄_e = Σ_j p_j², p_j the overall share of category j;
   * - `"randolph"`: free-marginal P̄_e = 1/K (K = number of categories).
   */
  method?: "fleiss" | "randolph";
};

/**
 * Fleiss' kappa from a subjects × categories count table: `counts[i][j]` = number of
 * raters who assigned subject i to category j. Every row must sum to the same m ≥ 2.
 *
 * With N subjects, K categories and m ratings per subject:
 *
 *   P_i  = (Σ_j n_ij² − m) / (m (m − 1))        agreement within subject i
 *   P̄    = (1/N) Σ_i P_i                         mean observed agreement
 *   p_j  = (1/(N m)) Σ_i n_ij                    share of category j
 *   P̄_e  = Σ_j p_j²   (method "randolph": 1/K)   chance agreement
 *   κ    = (P̄ − P̄_e) / (1 − P̄_e)
 *
 * With m = 2 this is Scott's pi, not Cohen's kappa (one pooled marginal for both
 * ratings). κ ≤ 1, with 1 for perfect agreement and 0 for chance level; negative values
 * mean less agreement than chance (the lower bound depends on m and the marginals).
 *
 * Edge cases:
 * - no subjects → `NaN`;
 * - P̄_e = 1 (every rating in one category, or K = 1 with "randolph") → 0/0 → `NaN`,
 *   like statsmodels (which returns nan with a warning);
 * - rows with different totals, a total below 2, negative or non-integer counts, or
 *   ragged rows → throws a `RangeError` naming the row.
 */
export function fleissKappaFromCounts(
  counts: ReadonlyArray<ReadonlyArray<number>>,
  options: FleissKappaOptions = {},
): number {
  const where = "fleissKappaFromCounts";
  const method = options.method ?? "fleiss";
  if (method !== "fleiss" && method !== "randolph") {
    throw new RangeError(`${where}: method must be "fleiss" or "randolph", got ${String(method)}`);
  }
  const nSubjects = counts.length;
  if (nSubjects === 0) return Number.NaN;
  const k = counts[0].length;
  let m = -1;
  const totals = new Array<number>(k).fill(0);
  let sumP = 0;
  counts.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== k) {
      throw new RangeError(`${where}: subject ${i} has ${row?.length} category counts, expected ${k}`);
    }
    let rowTotal = 0;
    let sumSq = 0;
    row.forEach((x, j) => {
      if (!(Number.isInteger(x) && x >= 0)) {
        throw new RangeError(`${where}: subject ${i}, category ${j}: count ${x} is not a non-negative integer`);
      }
      rowTotal += x;
      sumSq += x * x;
      totals[j] += x;
    });
    if (m === -1) m = rowTotal;
    if (rowTotal !== m) {
      throw new RangeError(
        `${where}: subject ${i} has ${rowTotal} ratings but subject 0 has ${m}; Fleiss' kappa needs the same number of ratings per subject (use krippendorffAlpha for unequal or missing ratings)`,
      );
    }
    if (m < 2) throw new RangeError(`${where}: subject ${i} has ${m} rating(s); at least 2 are needed`);
    sumP += (sumSq - m) / (m * (m - 1));
  });
  const pBar = sumP / nSubjects;
  let pe: number;
  if (method === "randolph") {
    pe = k > 0 ? 1 / k : 1;
  } else {
    pe = 0;
    const all = nSubjects * m;
    for (const t of totals) pe += (t / all) * (t / all);
  }
  if (pe === 1) return Number.NaN;
  return (pBar - pe) / (1 - pe);
}

/**
 * Fleiss' kappa from the ratings themselves: `subjects[i]` lists the labels subject i
 * received (one per rater; who the raters are does not matter). Missing ratings
 * (`null`, `undefined`, `NaN`) are not allowed because Fleiss' kappa needs the same
 * number of ratings per subject: use `krippendorffAlpha` for incomplete data.
 *
 * Categories default to the union of the labels used (`categories` may add unused ones;
 * with `"fleiss"` they change nothing, with `"randolph"` they change K).
 * Formula and edge cases: `fleissKappaFromCounts`. Throws on a label outside the
 * supplied `categories`.
 */
export function fleissKappa(
  subjects: ReadonlyArray<ReadonlyArray<MaybeLabel>>,
  options: FleissKappaOptions & { categories?: readonly Label[] } = {},
): number {
  const where = "fleissKappa";
  subjects.forEach((row, i) =>
    row.forEach((v, r) => {
      if (isMissing(v)) {
        throw new RangeError(`${where}: subject ${i}, rating ${r} is missing; Fleiss' kappa needs complete data (use krippendorffAlpha)`);
      }
      assertLabel(v, `${where}: subject ${i}, rating ${r}`);
    }),
  );
  const categories = options.categories ? [...options.categories] : inferCategories(subjects, where);
  const index = indexCategories(categories, where);
  const counts = subjects.map((row, i) => {
    const c = new Array<number>(categories.length).fill(0);
    row.forEach((v, r) => {
      const j = index.get(normalizeZero(v as Label));
      if (j === undefined) {
        throw new RangeError(`${where}: subject ${i}, rating ${r}: label ${String(v)} is not one of the categories`);
      }
      c[j] += 1;
    });
    return c;
  });
  return fleissKappaFromCounts(counts, { method: options.method });
}
