/**
 * The Agreement tab's charts as chart specs (PURE): the project's headline agreement figure per
 * kind with its 95 % interval (also the report's agreement figure, so the tab and the report
 * cannot disagree), the disputed rate per subtype and the items per hour per annotator.
 */
import type { BarChartSpec, BarInterval } from "@/lib/charts/bar-chart-spec";
import type { DashboardFigure, DisputedRate, Throughput } from "./dashboard";
import { agreementFigureLabel, headlineAgreementFigures } from "./headline-figures";

const interval = (lower: number, upper: number): BarInterval | null => (Number.isFinite(lower) && Number.isFinite(upper) ? { lower, upper } : null);

function single(title: string, points: { label: string; value: number; interval: BarInterval | null }[], bound: BarChartSpec["bound"]): BarChartSpec {
  const shown = points.filter((p) => Number.isFinite(p.value));
  return {
    title,
    categories: shown.map((p) => p.label),
    series: [{ name: "estimate", values: shown.map((p) => p.value), intervals: shown.map((p) => p.interval) }],
    bound,
    legend: false,
  };
}

export const AGREEMENT_CHART_TITLE = "Agreement between annotators (project)";

/** Headline figure per kind (F1, tIoU, exact share: 0..1; κ: -1..1, the axis goes below 0 only for a negative one). */
export function agreementChartSpec(figures: readonly DashboardFigure[]): BarChartSpec {
  return single(
    AGREEMENT_CHART_TITLE,
    headlineAgreementFigures(figures).map((f) => ({ label: agreementFigureLabel(f), value: f.estimate, interval: interval(f.lower, f.upper) })),
    { min: -1, max: 1 },
  );
}

export function disputedChartSpec(rates: readonly DisputedRate[]): BarChartSpec {
  return single(
    "Disputed rate by subtype",
    rates.map((r) => ({ label: `${r.benchmark}${r.subtype ? ` ${r.subtype}` : ""}`, value: r.rate, interval: interval(r.lower, r.upper) })),
    { min: 0, max: 1 },
  );
}

export function throughputChartSpec(throughput: readonly Throughput[], names: Record<string, string>): BarChartSpec {
  return single(
    "Items per hour by annotator",
    throughput.map((t) => ({ label: names[t.annotatorId] ?? t.annotatorId, value: t.itemsPerHour, interval: null })),
    { min: 0 },
  );
}
