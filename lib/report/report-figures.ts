/**
 * The report's figures as chart specs (PURE), from the same data the pages chart:
 * - per breakdown of the paper's table (GPA by subtype, accuracy by dimension, ...): the
 *   leaderboard's breakdown groups (lib/leaderboard/breakdown-groups.ts, as its charts), humans
 *   against the models (and chance rows), each bar with its bootstrap interval;
 * - per streaming study, accuracy by where in the video the query point falls (quarters of the
 *   video), with intervals: does performance drop later in the video?
 * - annotator agreement per kind: the Agreement tab's headline figures
 *   (lib/review/headline-figures.ts) with their intervals.
 */
import { breakdownGroups } from "@/lib/leaderboard/breakdown-groups";
import type { LeaderboardData } from "@/lib/leaderboard/types";
import type { DashboardFigure } from "@/lib/review/dashboard";
import { agreementFigureLabel, headlineAgreementFigures } from "@/lib/review/headline-figures";
import type { ResultsTable } from "./results-table";
import type { BarChartSpec } from "./svg-bar-chart";

export type ReportFigure = { name: string; title: string; spec: BarChartSpec; source: string };

export type PositionBin = { label: string; answers: number; correct: number; accuracy: number | null; lower: number | null; upper: number | null };
export type PositionAccuracy = { studyId: string; studyName: string; bins: PositionBin[] };

export const slugify = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "figure";

/** One figure per breakdown chart of the leaderboard (main columns), human and model rows. */
export function breakdownFigures(data: LeaderboardData, table: ResultsTable, source: string): ReportFigure[] {
  const labels = new Map(table.rows.map((r) => [r.runId, r.label]));
  // Humans, models and chance rows in the table's order.
  const order = new Map(table.rows.map((r, i) => [r.runId, i]));
  const rows = [...data.rows].sort((a, b) => (order.get(a.runId) ?? 0) - (order.get(b.runId) ?? 0));
  const out: ReportFigure[] = [];
  for (const [title, cols] of breakdownGroups(data.columns, { mainOnly: true })) {
    if (title === "Overall") continue;
    const percent = cols.every((c) => c.unit === "percent");
    out.push({
      name: `figure-${slugify(title)}`,
      title,
      source,
      spec: {
        title,
        categories: cols.map((c) => c.chartLabel),
        series: rows.map((r) => ({
          name: (labels.get(r.runId) ?? r.name) + (r.judging && !r.judging.final ? " (partial)" : ""),
          values: cols.map((c) => r.values[c.key] ?? null),
          intervals: cols.map((c) => r.ci?.[c.key] ?? null),
        })),
        bound: percent ? { min: 0, max: 100 } : {},
        valueLabel: percent ? "%" : undefined,
      },
    });
  }
  return out;
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

/** Annotator agreement per kind (the Agreement tab's headline figures). */
export function agreementFigure(figures: readonly DashboardFigure[], source: string): ReportFigure | null {
  const list = headlineAgreementFigures(figures).filter((f) => Number.isFinite(f.estimate));
  if (list.length === 0) return null;
  const title = "Agreement between annotators (project)";
  return {
    name: "figure-agreement",
    title,
    source,
    spec: {
      title,
      categories: list.map(agreementFigureLabel),
      series: [
        {
          name: "estimate",
          values: list.map((f) => f.estimate),
          intervals: list.map((f) => (Number.isFinite(f.lower) && Number.isFinite(f.upper) ? { lower: f.lower, upper: f.upper } : null)),
        },
      ],
      bound: { min: -1, max: 1 },
      legend: false,
    },
  };
}
