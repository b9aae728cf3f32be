/**
 * Ranking of leaderboard rows (PURE; the server's order and CSV, and the table's client-side
 * sort). A run whose judged figures are partial (`judging.final` false: VSAS seconds or EC-Bench
 * enumeration answers not all judged, lib/runs/judging-status.ts) is never presented as final:
 * it gets no rank and is listed after every ranked row, whatever its value.
 */
import type { LeaderboardRow } from "./types";

export const isFinalRow = (r: Pick<LeaderboardRow, "judging">): boolean => !r.judging || r.judging.final;

/** Compares two rows by `key` (nulls last, then by name), final rows before partial ones. */
export function compareRows(a: LeaderboardRow, b: LeaderboardRow, key: string, higherIsBetter: boolean): number {
  const fa = isFinalRow(a);
  const fb = isFinalRow(b);
  if (fa !== fb) return fa ? -1 : 1;
  const x = a.values[key] ?? null;
  const y = b.values[key] ?? null;
  if (x === null && y === null) return a.name.localeCompare(b.name);
  if (x === null) return 1;
  if (y === null) return -1;
  return (higherIsBetter ? y - x : x - y) || a.name.localeCompare(b.name);
}

/** The rows sorted by `key` with `rank` 1..n over the final rows; partial rows last with rank null. */
export function rankRows(rows: readonly LeaderboardRow[], key: string, higherIsBetter: boolean): LeaderboardRow[] {
  let n = 0;
  return [...rows].sort((a, b) => compareRows(a, b, key, higherIsBetter)).map((r) => ({ ...r, rank: isFinalRow(r) ? ++n : null }));
}
