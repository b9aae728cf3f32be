/**
 * The report's figures as chart specs (PURE), built by the same functions as the pages' charts
 * and drawn by the same component (lib/charts/bar-chart-figure.tsx):
 * - per breakdown of the paper's table (GPA by subtype, accuracy by dimension, ...): the
 *   leaderboard's breakdown chart specs (lib/leaderboard/breakdown-chart-specs.ts), humans
 *   against the models (and chance rows), each bar with its bootstrap interval;
 * - per streaming study, accuracy by where in the video the query point falls (quarters of the
 *   video), with intervals: does performance drop later in the video?
 * - annotator agreement per kind: the Agreement tab's chart (lib/review/agreement-chart-specs.ts),
 *   headline figures with their intervals.
 */
import type { BarChartSpec } from "@/lib/charts/bar-chart-spec";
import { breakdownChartSpecs } from "@/lib/leaderboard/breakdown-chart-specs";
import type { LeaderboardData } from "@/lib/leaderboard/types";
import type { DashboardFigure } from "@/lib/review/dashboard";
import { agreementChartSpec } from "@/lib/review/agreement-chart-specs";
import type { ResultsTable } from "./results-table";

export type ReportFigure = { name: string; title: string; spec: BarChartSpec; source: string };

export type PositionBin = { label: string; answers: number; correct: number; accuracy: number | null; lower: number | null; upper: number | null };
export type PositionAccuracy = { studyId: string; studyName: string; bins: PositionBin[] };

export const slugify = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "figure";

/**
 * One figure per breakdown chart of the leaderboard (main columns; not the overall group, which
 * is the table), human and model rows in the table's order under the table's names: the
 * leaderboard's own chart specs (lib/leaderboard/breakdown-chart-specs.ts).
 */
export function breakdownFigures(data: LeaderboardData, table: ResultsTable, source: string): ReportFigure[] {
  const labels = new Map(table.rows.map((r) => [r.runId, r.label]));
  // Humans, models and chance rows in the table's order.
  const order = new Map(table.rows.map((r, i) => [r.runId, i]));
  const rows = [...data.rows].sort((a, b) => (order.get(a.runId) ?? 0) - (order.get(b.runId) ?? 0));
  return breakdownChartSpecs(data.columns, rows, { mainOnly: true, skip: ["Overall"], name: (r) => labels.get(r.runId) ?? r.name }).map((spec) => ({
    name: `figure-${slugify(spec.title)}`,
    title: spec.title,
    source,
    spec,
  }));
}

/** Accuracy by query-point position, one series per streaming study. */
export function positionFigure(positions: readonly PositionAccuracy[], source: string): ReportFigure | null {
  const withAnswers = positions.filter((p) => p.bins.some((b) => b.answers > 0));
  if (withAnswers.length === 0) return null;
  const title = "Human accuracy by query-point position in the video";
  return {
    name: "figure-accuracy-by-position",
    title,
    source,
    spec: {
      title,
      categories: withAnswers[0].bins.map((b) => b.label),
      series: withAnswers.map((p) => ({
        name: p.studyName,
        values: p.bins.map((b) => (b.accuracy === null ? null : b.accuracy * 100)),
        intervals: p.bins.map((b) => (b.lower === null || b.upper === null ? null : { lower: b.lower * 100, upper: b.upper * 100 })),
      })),
      bound: { min: 0, max: 100 },
      valueLabel: "% correct",
    },
  };
}

/** Annotator agreement per kind: the Agreement tab's chart (lib/review/agreement-chart-specs.ts). */
export function agreementFigure(figures: readonly DashboardFigure[], source: string): ReportFigure | null {
  const spec = agreementChartSpec(figures);
  if (spec.categories.length === 0) return null;
  return { name: "figure-agreement", title: spec.title, source, spec };
}
