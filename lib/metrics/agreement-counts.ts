/**
 * Agreement between two raters' counts (VCBench answers at query points, O1 counts):
 * exact agreement and quadratic-weighted Cohen's kappa on the integer scale.
 *
 * Counts are ordinal-interval data: 3 vs 4 is a smaller disagreement than 3 vs 9.
 * Quadratic weights w_ij = (i − j)² on the integer scale penalise that (Cohen 1968), and
 * with them κ_w equals the intraclass correlation up to a small-sample term (Fleiss &
 * Cohen 1973), so it is the usual choice for counts.
 *
 * Sources: J. Cohen (1968), "Weighted kappa", Psychological Bulletin 70(4):213-220;
 * J. L. Fleiss & J. Cohen (1973), "The equivalence of weighted kappa and the intraclass
 * correlation coefficient as measures of reliability", Educ. Psychol. Meas. 33:613-619.
 *
 * Pure TypeScript: no I/O, no dependencies outside lib/metrics.
 */
export type CountAgreement = {
  /** Number of pairs N. */
  n: number;
  /** Share of pairs with identical counts: (1/N) Σ 1[a_i = b_i]; `NaN` when N = 0. */
  exact: number;
  /** Mean |a_i − b_i|; `NaN` when N = 0. */
  meanAbsDifference: number;
  /** Quadratic-weighted kappa on the integer scale min..max (see `countKappa`). */
  quadraticKappa: number;
};

/**
 * Quadratic-weighted Cohen's kappa of two raters' non-negative integer counts, with the
 * categories being EVERY integer from min(a ∪ b) to max(a ∪ b) (so positions in the
 * category list are the count values shifted by the minimum and w_ij = (a_i − b_j)²):
 *
 *   κ_w = 1 − Σ_ij (i − j)² o_ij / Σ_ij (i − j)² e_ij,   e_ij = r_i c_j / N.
 *
 * Computed in closed form in O(N) (no K × K matrix, so a count of 10,000 costs nothing):
 * Σ_ij (i − j)² o_ij = Σ_p (a_p − b_p)² and Σ_ij (i − j)² e_ij = (1/N) Σ_p Σ_q (a_p − b_q)²
 * = S_aa + S_bb + N (ā − b̄)², with S_aa = Σ (a_p − ā)², S_bb = Σ (b_p − b̄)², so
 *
 *   κ_w = 1 − Σ_p (a_p − b_p)² / (S_aa + S_bb + N (ā − b̄)²).
 *
 * This equals scikit-learn's `cohen_kappa_score(a, b, weights="quadratic",
 * labels=range(min, max + 1))` (without `labels` scikit-learn would use only the values
 * seen, which distorts the distances when some count in between is unused).
 *
 * Edge cases: N = 0 → `NaN`; both raters gave one and the same count to every item
 * (Σ w e = 0) → `NaN` even though they agree perfectly (kappa is undefined without
 * variation; use `exact`); length mismatch, a negative, non-integer or non-finite count →
 * throws naming the rater and item. Range [−1, 1]; symmetric in the raters.
 */
export function countKappa(a: readonly number[], b: readonly number[]): number {
  return countAgreement(a, b).quadraticKappa;
}

/** Exact agreement, mean |difference| and quadratic-weighted kappa of two raters' counts. */
export function countAgreement(a: readonly number[], b: readonly number[]): CountAgreement {
  const where = "countAgreement";
  if (!Array.isArray(a) || !Array.isArray(b)) throw new TypeError(`${where}: both raters' counts must be arrays`);
  if (a.length !== b.length) {
    throw new RangeError(`${where}: rater A has ${a.length} counts but rater B has ${b.length}`);
  }
  let lo = Infinity;
  let hi = -Infinity;
  let same = 0;
  let absSum = 0;
  const check = (v: unknown, who: string, i: number): number => {
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
      throw new RangeError(`${where}: rater ${who}, item ${i}: ${String(v)} is not a non-negative whole count`);
    }
    return v;
  };
  for (let i = 0; i < a.length; i++) {
    const x = check(a[i], "A", i);
    const y = check(b[i], "B", i);
    lo = Math.min(lo, x, y);
    hi = Math.max(hi, x, y);
    if (x === y) same += 1;
    absSum += Math.abs(x - y);
  }
  const n = a.length;
  if (n === 0) return { n, exact: Number.NaN, meanAbsDifference: Number.NaN, quadraticKappa: Number.NaN };
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i++) {
    meanA += a[i];
    meanB += b[i];
  }
  meanA /= n;
  meanB /= n;
  let observed = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    observed += (a[i] - b[i]) ** 2;
    saa += (a[i] - meanA) ** 2;
    sbb += (b[i] - meanB) ** 2;
  }
  const expected = saa + sbb + n * (meanA - meanB) ** 2;
  const quadraticKappa = expected === 0 || lo === hi ? Number.NaN : 1 - observed / expected;
  return { n, exact: same / n, meanAbsDifference: absSum / n, quadraticKappa };
}
