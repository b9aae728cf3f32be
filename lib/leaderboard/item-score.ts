/** The headline per-item score of a run, for drill-down lists (PURE): a fraction in [0, 1] or null. */
export function itemHeadlineScore(benchmark: string, scores: Record<string, unknown>): number | null {
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  switch (benchmark) {
    case "VCBENCH":
      return n(scores.gpa);
    case "TOCBENCH":
      return n(scores.correct);
    case "ECBENCH":
      return n(scores.skipped) === 1 ? null : n(scores.correct);
    case "VSTAT":
      return n(scores.score) ?? n(scores.correct);
    case "VSAS":
      return n(scores.accuracy) ?? n(scores.consistency);
    default:
      return n(scores.correct);
  }
}

/** What the headline per-item score is, per benchmark. */
export const HEADLINE_LABELS: Record<string, string> = {
  VCBENCH: "GPA",
  TOCBENCH: "correct",
  ECBENCH: "correct",
  VSTAT: "score (accuracy or MRA)",
  VSAS: "accuracy (else consistency)",
};
