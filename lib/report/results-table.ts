/**
 * The paper's results table (PURE), read off the leaderboard's data (`buildLeaderboard` with
 * intervals: lib/leaderboard/build-leaderboard.ts), never recomputed: every value and interval
 * bound is the leaderboard API's number, in its display units (percentages ×100).
 *
 * - Rows: each human baseline (a study's row as "Human (n = participants)"; an uploaded human
 *   row by its name), then every model run in the leaderboard's order, then the chance rows.
 * - Columns: the benchmark's headline columns (the main columns that are not a breakdown) and,
 *   with `subtypes`, the main breakdown columns (per subtype / dimension / category / type).
 * - Best per column: the best model value (higher or lower is better, per column), final rows
 *   only (a partially judged run is never best); every row holding that value is marked. Without
 *   model rows, the best of the human rows.
 */
import type { LeaderboardColumn } from "@/lib/leaderboard/columns";
import type { LeaderboardData, LeaderboardRow } from "@/lib/leaderboard/types";

export type ResultsColumn = Pick<LeaderboardColumn, "key" | "label" | "group" | "unit" | "higherIsBetter">;

export type ResultsRow = {
  runId: string;
  /** The row's name in the paper ("Human (n = 12)", the model's name, "Chance (random)"). */
  label: string;
  kind: LeaderboardRow["kind"];
  /** Judged figures not all judged: shown, never best. */
  partial: boolean;
  stale: boolean;
  values: Record<string, number | null>;
  ci: Record<string, { lower: number; upper: number }>;
};

export type ResultsTable = {
  benchmark: string;
  columns: ResultsColumn[];
  rows: ResultsRow[];
  /** Column key → run ids marked best. */
  best: Record<string, string[]>;
  /** Bootstrap settings of the intervals (null when the leaderboard had none). */
  ci: LeaderboardData["ci"];
};

export type HumanRowInfo = { participants: number; studyName: string };

export type ResultsTableOptions = {
  /** Also the per-subtype (breakdown) columns of the paper's main table. */
  subtypes?: boolean;
  /** Human rows of studies: run id → the study's participants (and name, when several studies). */
  humans?: Record<string, HumanRowInfo>;
};

/** Headline columns: main columns outside any breakdown chart ("Overall" is VCBench's overall group). */
export const isHeadline = (c: LeaderboardColumn): boolean => c.main && (c.chart === null || c.chart === "Overall");
/** Breakdown columns of the paper's main table (per subtype, dimension, category, task type). */
export const isSubtype = (c: LeaderboardColumn): boolean => c.main && !isHeadline(c);

const KIND_ORDER: Record<LeaderboardRow["kind"], number> = { HUMAN: 0, MODEL: 1, CHANCE: 2 };

function rowLabel(row: LeaderboardRow, humans: Record<string, HumanRowInfo>, studyRows: number): string {
  const h = humans[row.runId];
  if (row.kind === "HUMAN" && h) return studyRows > 1 ? `Human, ${h.studyName} (n = ${h.participants})` : `Human (n = ${h.participants})`;
  return row.name;
}

export function resultsTable(data: LeaderboardData, options: ResultsTableOptions = {}): ResultsTable {
  const humans = options.humans ?? {};
  const columns = data.columns.filter((c) => isHeadline(c) || (options.subtypes === true && isSubtype(c)));
  const studyRows = data.rows.filter((r) => r.kind === "HUMAN" && humans[r.runId]).length;
  const ordered = data.rows.map((r, i) => ({ r, i })).sort((a, b) => KIND_ORDER[a.r.kind] - KIND_ORDER[b.r.kind] || a.i - b.i);
  const rows: ResultsRow[] = ordered.map(({ r }) => ({
    runId: r.runId,
    label: rowLabel(r, humans, studyRows),
    kind: r.kind,
    partial: !!r.judging && !r.judging.final,
    stale: r.stale,
    values: Object.fromEntries(columns.map((c) => [c.key, r.values[c.key] ?? null])),
    ci: Object.fromEntries(columns.flatMap((c) => (r.ci?.[c.key] ? [[c.key, r.ci[c.key]]] : []))),
  }));
  const models = rows.filter((r) => r.kind === "MODEL" && !r.partial);
  const pool = models.length > 0 ? models : rows.filter((r) => r.kind === "HUMAN" && !r.partial);
  const best: Record<string, string[]> = {};
  for (const c of columns) {
    const values = pool.map((r) => r.values[c.key]).filter((v): v is number => v !== null && Number.isFinite(v));
    if (values.length === 0) {
      best[c.key] = [];
      continue;
    }
    const top = c.higherIsBetter ? Math.max(...values) : Math.min(...values);
    best[c.key] = pool.filter((r) => r.values[c.key] === top).map((r) => r.runId);
  }
  return {
    benchmark: data.project.benchmark,
    columns: columns.map(({ key, label, group, unit, higherIsBetter }) => ({ key, label, group, unit, higherIsBetter })),
    rows,
    best,
    ci: data.ci,
  };
}
