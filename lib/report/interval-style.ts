/**
 * How the tables print an interval (PURE), chosen by the user: `bracket` prints both bounds of the
 * 95 % bootstrap interval ("41.2 [38.0, 44.5]"); `pm` prints ± half its width ("41.2 ± 3.3"),
 * the form of most papers' tables (a bootstrap interval need not be symmetric: the caption says
 * which is printed).
 */
export const INTERVAL_STYLES = ["pm", "bracket"] as const;
export type IntervalStyle = (typeof INTERVAL_STYLES)[number];

/** Half the interval's width (the ± of the `pm` style). */
export const halfWidth = (ci: { lower: number; upper: number }): number => (ci.upper - ci.lower) / 2;

export function intervalCaption(style: IntervalStyle, ci: { level: number; resamples: number; seed: number } | null): string {
  if (!ci) return "No intervals.";
  const what = style === "pm" ? "± half the width of the" : "brackets: the";
  return `${what} ${Math.round(ci.level * 100)} % percentile bootstrap interval (${ci.resamples} resamples of the items, seed ${ci.seed}).`;
}
