/** A figure for display: 3 decimals, "n/a" when undefined (NaN). */
export function fmt(x: number, digits = 3): string {
  return Number.isFinite(x) ? x.toFixed(digits) : "n/a";
}

/** "[lower, upper]" of a 95 % interval, or "n/a". */
export function interval(lower: number, upper: number, digits = 3): string {
  return Number.isFinite(lower) && Number.isFinite(upper) ? `[${lower.toFixed(digits)}, ${upper.toFixed(digits)}]` : "n/a";
}

const STATISTIC_LABELS: Record<string, string> = {
  f1: "F1",
  binnedKappa: "binned κ",
  meanAbsOffsetFrames: "mean |offset| (frames)",
  tIoU: "tIoU",
  coverageKappa: "coverage κ",
  exact: "exact agreement",
  quadraticKappa: "quadratic κ",
  editedKappa: "edited-flag κ",
  cohenKappa: "Cohen's κ",
  percentAgreement: "% agreement",
  fleissKappa: "Fleiss' κ",
  krippendorffAlpha: "Krippendorff's α",
};

export function statisticLabel(statistic: string): string {
  return STATISTIC_LABELS[statistic] ?? statistic;
}
