/** A figure for display: 3 decimals, "n/a" when undefined (NaN). */
export function fmt(x: number, digits = 3): string {
  return Number.isFinite(x) ? x.toFixed(digits) : "n/a";
}

/** "[lower, upper]" of a 95 % interval, or "n/a". */
export function interval(lower: number, upper: number, digits = 3): string {
  return Number.isFinite(lower) && Number.isFinite(upper) ? `[${lower.toFixed(digits)}, ${upper.toFixed(digits)}]` : "n/a";
}

export { statisticLabel } from "@/lib/review/headline-figures";
