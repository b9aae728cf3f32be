/** Display helpers of leaderboard values (PURE; used by client components). */
import type { LeaderboardColumn } from "@/lib/leaderboard/columns";

/** A value in display units: percentages with one decimal (as the papers print them), raw values with two. */
export function formatValue(column: Pick<LeaderboardColumn, "unit">, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  return column.unit === "percent" ? v.toFixed(1) : v.toFixed(2);
}

export function formatInterval(column: Pick<LeaderboardColumn, "unit">, ci: { lower: number; upper: number } | undefined): string {
  if (!ci) return "";
  return `[${formatValue(column, ci.lower)}, ${formatValue(column, ci.upper)}]`;
}

/** A fraction in [0, 1] as a percentage with one decimal. */
export function formatFraction(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "–" : (v * 100).toFixed(1);
}

/** Compact JSON for answers shown in tables. */
export function compactJson(v: unknown, max = 160): string {
  if (v === null || v === undefined) return "–";
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
