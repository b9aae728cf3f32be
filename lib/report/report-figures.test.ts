import { describe, expect, it } from "vitest";
import type { LeaderboardData } from "@/lib/leaderboard/types";
import type { DashboardFigure } from "@/lib/review/dashboard";
import { agreementFigure, breakdownFigures, positionFigure } from "./report-figures";
import { resultsTable } from "./results-table";
import { runsSignature } from "./runs-signature";

const col = (key: string, label: string, group: string, chart: string | null) => ({ key, label, group, chart, chartLabel: label, unit: "percent" as const, higherIsBetter: true, main: true });
const data: LeaderboardData = {
  project: { id: "p", name: "P", slug: "p", benchmark: "VCBENCH", truthVersion: 1, variant: "reference" },
  columns: [col("overall.gpa", "GPA", "Overall", "Overall"), col("A.gpa", "A", "A", "GPA by subtype"), col("B.gpa", "B", "B", "GPA by subtype")],
  primary: "overall.gpa",
  rows: [
    { runId: "m", name: "Model", kind: "MODEL", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "", values: { "overall.gpa": 40, "A.gpa": 30, "B.gpa": null }, ci: { "A.gpa": { lower: 20, upper: 35 } } },
    { runId: "h", name: "Human baseline: S", kind: "HUMAN", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "study:s", values: { "overall.gpa": 90, "A.gpa": 95, "B.gpa": 85 } },
  ],
  chanceNote: "",
  ci: { level: 0.95, resamples: 1000, seed: 0, unit: "display" },
};

describe("report figures", () => {
  it("one figure per breakdown (not the overall group): humans first, the leaderboard's values and intervals", () => {
    const table = resultsTable(data, { humans: { h: { participants: 5, studyName: "S" } } });
    const figures = breakdownFigures(data, table, "/lb");
    expect(figures.map((f) => f.name)).toEqual(["figure-gpa-by-subtype"]);
    expect(figures[0].spec.categories).toEqual(["A", "B"]);
    expect(figures[0].spec.series).toEqual([
      { name: "Human (n = 5)", values: [95, 85], intervals: [null, null] },
      { name: "Model", values: [30, null], intervals: [{ lower: 20, upper: 35 }, null] },
    ]);
    expect(figures[0].spec.bound).toEqual({ min: 0, max: 100 });
  });
  it("position figure only with answers; agreement figure from the headline figures, κ axis from -1", () => {
    expect(positionFigure([{ studyId: "s", studyName: "S", bins: [{ label: "0–25 %", answers: 0, correct: 0, accuracy: null, lower: null, upper: null }] }], "/s")).toBeNull();
    const pos = positionFigure([{ studyId: "s", studyName: "S", bins: [{ label: "0–25 %", answers: 4, correct: 3, accuracy: 0.75, lower: 0.5, upper: 1 }] }], "/s")!;
    expect(pos.spec.series[0]).toEqual({ name: "S", values: [75], intervals: [{ lower: 50, upper: 100 }] });
    const f = (statistic: string, scope: DashboardFigure["scope"] = "project"): DashboardFigure => ({ scope, annotators: [], benchmark: "VCBENCH", kind: "counts", facet: null, statistic, items: 3, estimate: 0.5, lower: 0.2, upper: 0.8 });
    const agreement = agreementFigure([f("quadraticKappa"), f("exact"), f("quadraticKappa", "pair")], "/a")!;
    expect(agreement.spec.categories).toEqual(["VCBENCH counts quadratic κ"]);
    expect(agreement.spec.bound).toEqual({ min: -1, max: 1 });
  });
  it("runs signature changes when a run is rescored, not when the list is reordered", () => {
    const a = { id: "a", status: "DONE", scoredAt: "2026-01-01T00:00:00.000Z", stale: false };
    const b = { id: "b", status: "DONE", scoredAt: null, stale: true };
    expect(runsSignature([a, b])).toBe(runsSignature([b, a]));
    expect(runsSignature([a, b])).not.toBe(runsSignature([{ ...a, scoredAt: "2026-01-02T00:00:00.000Z" }, b]));
  });
});
