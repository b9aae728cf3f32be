/**
 * The agreement figures a chart or a paper shows (PURE; the Agreement tab's chart and the project
 * report's figure and methods text): per kind, the project's headline statistic (F1 for
 * timestamps, tIoU for spans, quadratic κ for counts, Cohen's κ per label facet, exact agreement
 * for captions), and the names of statistics as people read them.
 */
import type { DashboardFigure } from "./dashboard";

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

const HEADLINE = new Set(["f1", "tIoU", "quadraticKappa", "exact", "cohenKappa"]);

/** The project-scope headline figure of each kind (counts: quadratic κ, not the exact share). */
export function headlineAgreementFigures(figures: readonly DashboardFigure[]): DashboardFigure[] {
  return figures.filter((f) => f.scope === "project" && HEADLINE.has(f.statistic) && !(f.kind === "counts" && f.statistic === "exact"));
}

/** The chart label of a figure: "VCBENCH timestamps F1", "TOCBENCH dimension Cohen's κ". */
export const agreementFigureLabel = (f: DashboardFigure): string => `${f.benchmark} ${f.facet ?? f.kind} ${statisticLabel(f.statistic)}`;

/** Kappa-type statistics (the methods text reports κ per kind). */
export const KAPPA_STATISTICS: ReadonlySet<string> = new Set(["binnedKappa", "coverageKappa", "quadraticKappa", "editedKappa", "cohenKappa"]);
