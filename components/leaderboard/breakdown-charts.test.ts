import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { barChartSvg } from "@/lib/charts/bar-chart-svg";
import type { LeaderboardData } from "@/lib/leaderboard/types";
import { breakdownFigures } from "@/lib/report/report-figures";
import { resultsTable } from "@/lib/report/results-table";
import { BreakdownCharts } from "./breakdown-charts";

/**
 * The leaderboard's breakdown charts and the report's figures are one chart: for the same rows,
 * the page's SVG is the report's figure file, byte for byte.
 */
const col = (key: string, label: string, group: string, chart: string | null) => ({ key, label, group, chart, chartLabel: label, unit: "percent" as const, higherIsBetter: true, main: true });
const data: LeaderboardData = {
  project: { id: "p", name: "P", slug: "p", benchmark: "VCBENCH", truthVersion: 1, variant: "reference" },
  columns: [col("overall.gpa", "GPA", "Overall", "Overall"), col("A.gpa", "A", "A", "GPA by subtype"), col("B.gpa", "B", "B", "GPA by subtype"), col("A.moc", "A", "A", "MoC by subtype")],
  primary: "overall.gpa",
  rows: [
    { runId: "m", name: "Model & <co>", kind: "MODEL", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "", values: { "overall.gpa": 40, "A.gpa": 30, "B.gpa": null, "A.moc": 12.5 }, ci: { "A.gpa": { lower: 20, upper: 35 }, "A.moc": { lower: 10, upper: 15 } } },
    { runId: "n", name: "Judged model", kind: "MODEL", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "", values: { "overall.gpa": 20, "A.gpa": 25, "B.gpa": 15, "A.moc": 50 }, judging: { unit: "item", judged: 3, total: 10, final: false, basis: "judged" } as never },
  ],
  chanceNote: "",
  ci: { level: 0.95, resamples: 1000, seed: 0, unit: "display" },
};

const svgs = (html: string) => html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];

describe("leaderboard breakdown charts", () => {
  it("the page draws, for the rows ticked in the table, the very SVG the report writes for them", () => {
    const page = renderToStaticMarkup(createElement(BreakdownCharts, { columns: data.columns, rows: data.rows }));
    expect(page).toContain('data-testid="breakdown-charts"');
    const pageSvgs = svgs(page);
    // Overall, GPA by subtype, MoC by subtype on the page; the report leaves Overall to its table.
    expect(pageSvgs.length).toBe(3);
    const figures = breakdownFigures(data, resultsTable(data, {}), "/lb");
    expect(figures.map((f) => f.title)).toEqual(["GPA by subtype", "MoC by subtype"]);
    for (const f of figures) expect(pageSvgs).toContain(barChartSvg(f.spec));
    // What the user sees in them: one bar per row and value, the interval whiskers, the partial-judging label.
    const gpa = pageSvgs.find((s) => s.includes("GPA by subtype"))!;
    expect((gpa.match(/class="visx-bar bar-chart-bar"/g) ?? []).length).toBe(3);
    expect((gpa.match(/class="bar-chart-interval"/g) ?? []).length).toBe(1);
    expect(gpa).toContain("Judged model (partial: judged 3 of 10)");
    expect(gpa).toContain("<title>Model &amp; &lt;co&gt;, A: 30 [20, 35]</title>");
  });

  it("asks to tick rows when none is ticked", () => {
    expect(renderToStaticMarkup(createElement(BreakdownCharts, { columns: data.columns, rows: [] }))).toContain("Tick rows in the table");
  });
});
