/**
 * Numbers of the report's tables and text (PURE): the leaderboard's display rule (one decimal
 * for percentages, as the papers print them; two for raw values such as MAE or a 0-3 rubric).
 * The CSV keeps the leaderboard CSV's precision (6 decimals).
 */
import type { ResultsColumn } from "./results-table";

export const TABLE_DECIMALS = { percent: 1, raw: 2 } as const;

/** A value as the tables print it; null for a missing value. */
export function tableNumber(column: Pick<ResultsColumn, "unit">, v: number | null | undefined): string | null {
  if (v === null || v === undefined || !Number.isFinite(v)) return null;
  return v.toFixed(TABLE_DECIMALS[column.unit]);
}

/** The CSV's value: rounded to 6 decimals as lib/leaderboard/csv.ts rounds. */
export function csvNumber(v: number | null | undefined): number | null {
  return v === null || v === undefined || !Number.isFinite(v) ? null : Math.round(v * 1e6) / 1e6;
}

/** A statistic in the methods text (kappa, F1): three decimals. */
export function statNumber(v: number): string {
  return Number.isFinite(v) ? v.toFixed(3) : "n/a";
}
