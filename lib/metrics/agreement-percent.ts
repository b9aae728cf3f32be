/**
 * Raw (not chance-corrected) agreement: the share of identical ratings.
 * Reported next to kappa/alpha because it is what people read first; it is inflated
 * when one category dominates, which is why the chance-corrected statistics exist.
 *
 * Both functions return a proportion in [0, 1] (multiply by 100 for a percentage).
 *
 * Pure TypeScript: no I/O, no dependencies outside lib/metrics.
 */
import { type Label, type MaybeLabel, assertLabel, isMissing, normalizeZero } from "./agreement-labels";

/**
 * Percent agreement of two raters: p_o = (1/N) Σ_i 1[a_i = b_i] over the N items,
 * the observed agreement of Cohen's kappa (Cohen 1960, p_o).
 *
 * Edge cases: N = 0 → `NaN`; different lengths or an invalid label → throws.
 */
export function percentAgreement(a: readonly Label[], b: readonly Label[]): number {
  const where = "percentAgreement";
  if (a.length !== b.length) {
    throw new RangeError(`${where}: rater A has ${a.length} labels but rater B has ${b.length}`);
  }
  if (a.length === 0) return Number.NaN;
  let same = 0;
  for (let i = 0; i < a.length; i++) {
    assertLabel(a[i], `${where}: rater A, item ${i}`);
    assertLabel(b[i], `${where}: rater B, item ${i}`);
    if (normalizeZero(a[i]) === normalizeZero(b[i])) same += 1;
  }
  return same / a.length;
}

export type PairwiseAgreementOptions = {
  /**
   * How units are combined:
   * - `"unit"` (default): mean over units of each unit's agreeing-pair share (every
   *   unit weighs the same; equals Fleiss' P̄ when every unit has m ratings);
   * - `"pair"`: pooled over all pairs (units with more ratings weigh more).
   */
  average?: "unit" | "pair";
};

/**
 * Pairwise percent agreement among any number of raters. `units[u]` lists the ratings
 * unit u received; missing ratings (`null`, `undefined`, `NaN`) are skipped.
 *
 * For a unit with m_u ≥ 2 ratings, of which n_uc are category c, the share of agreeing
 * ordered rater pairs is A_u = Σ_c n_uc (n_uc − 1) / (m_u (m_u − 1)) (Fleiss 1971, P_i).
 * - `average: "unit"`: PA = (1/U) Σ_u A_u over the U units with m_u ≥ 2;
 * - `average: "pair"`: PA = Σ_u Σ_c n_uc (n_uc − 1) / Σ_u m_u (m_u − 1).
 * With two raters and complete data both equal `percentAgreement`.
 *
 * Edge cases: units with fewer than 2 ratings are ignored; none left → `NaN`; an invalid
 * label → throws naming the unit.
 */
export function pairwisePercentAgreement(
  units: ReadonlyArray<ReadonlyArray<MaybeLabel>>,
  options: PairwiseAgreementOptions = {},
): number {
  const where = "pairwisePercentAgreement";
  const average = options.average ?? "unit";
  if (average !== "unit" && average !== "pair") {
    throw new RangeError(`${where}: average must be "unit" or "pair", got ${String(average)}`);
  }
  let unitSum = 0;
  let unitCount = 0;
  let agreeingPairs = 0;
  let allPairs = 0;
  units.forEach((unit, u) => {
    const counts = new Map<Label, number>();
    let m = 0;
    unit.forEach((v, i) => {
      if (isMissing(v)) return;
      assertLabel(v, `${where}: unit ${u}, rating ${i}`);
      const key = normalizeZero(v);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      m += 1;
    });
    if (m < 2) return;
    let agree = 0;
    for (const c of counts.values()) agree += c * (c - 1);
    const pairs = m * (m - 1);
    unitSum += agree / pairs;
    unitCount += 1;
    agreeingPairs += agree;
    allPairs += pairs;
  });
  if (unitCount === 0) return Number.NaN;
  return average === "unit" ? unitSum / unitCount : agreeingPairs / allPairs;
}
