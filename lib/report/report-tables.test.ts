import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import type { LeaderboardData } from "@/lib/leaderboard/types";
import { resultsTable } from "./results-table";
import { escapeLatex, resultsLatex } from "./table-latex";
import { resultsMarkdown } from "./table-markdown";
import { resultsCsv } from "./table-csv";

const col = (key: string, label: string, group: string, chart: string | null, extra: object = {}) => ({ key, label, group, chart, chartLabel: label, unit: "percent" as const, higherIsBetter: true, main: true, ...extra });

const data: LeaderboardData = {
  project: { id: "p", name: "P", slug: "p", benchmark: "TOCBENCH", truthVersion: 1, variant: "reference" },
  columns: [col("overall", "Overall", "Overall", null), col("dim.a", "A", "Dimension", "Accuracy by dimension"), col("hda", "HDA", "Hallucination", null), col("extra", "X", "Extras", null, { main: false })],
  primary: "overall",
  rows: [
    { runId: "m1", name: "Model_1 & co", kind: "MODEL", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "", values: { overall: 61.25, "dim.a": 40, hda: 10, extra: 1 }, ci: { overall: { lower: 55, upper: 66.5 }, "dim.a": { lower: 30, upper: 50 } } },
    { runId: "h", name: "Human baseline: S", kind: "HUMAN", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "study:s", values: { overall: 90, "dim.a": 95, hda: 5, extra: 2 }, ci: {} },
    { runId: "m2", name: "Model 2", kind: "MODEL", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "", values: { overall: 50, "dim.a": 40, hda: null, extra: 3 }, ci: {} },
    { runId: "c", name: "Random", kind: "CHANCE", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "", values: { overall: 99, "dim.a": 25, hda: 1, extra: 0 }, ci: {} },
    { runId: "p1", name: "Partial", kind: "MODEL", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "", values: { overall: 99.9, "dim.a": 99, hda: 99, extra: 0 }, ci: {}, judging: { basis: "judged", judged: 1, total: 4, final: false } as never },
  ],
  chanceNote: "",
  ci: { level: 0.95, resamples: 1000, seed: 7, unit: "display" },
};

describe("results table", () => {
  const table = resultsTable(data, { humans: { h: { participants: 12, studyName: "S" } } });
  it("rows: humans (with n), models in leaderboard order, chance last; headline columns only by default", () => {
    expect(table.rows.map((r) => r.label)).toEqual(["Human (n = 12)", "Model_1 & co", "Model 2", "Partial", "Random"]);
    expect(table.columns.map((c) => c.key)).toEqual(["overall", "hda"]);
    expect(resultsTable(data, { subtypes: true }).columns.map((c) => c.key)).toEqual(["overall", "dim.a", "hda"]);
  });
  it("best per column among final model rows; ties all marked", () => {
    const t = resultsTable(data, { subtypes: true });
    expect(t.best).toEqual({ overall: ["m1"], "dim.a": ["m1", "m2"], hda: ["m1"] });
  });
  it("LaTeX: booktabs, escaped names, ± half-width or brackets, best bold", () => {
    const tex = resultsLatex(table, "pm", "Results");
    expect(tex).toContain("\\toprule");
    expect(tex).toContain("\\bottomrule");
    expect(tex).toContain("Model\\_1 \\& co & \\textbf{61.3 $\\pm$ 5.8} & \\textbf{10.0} \\\\");
    expect(resultsLatex(table, "bracket", "R")).toContain("\\textbf{61.3 [55.0, 66.5]}");
    expect(tex).toContain("Partial (partial)");
    expect(escapeLatex("a_b%c$d#e{f}g~h^i\\j")).toBe("a\\_b\\%c\\$d\\#e\\{f\\}g\\textasciitilde{}h\\textasciicircum{}i\\textbackslash{}j");
  });
  it("Markdown: pipe table with bold best and escaped names", () => {
    const md = resultsMarkdown(table, "bracket", "Results");
    expect(md).toContain("| Model\\_1 & co | **61.3 [55.0, 66.5]** | **10.0** |");
    expect(md).toContain("| Model 2 | 50.0 | – |");
  });
  it("CSV: the leaderboard values at 6 decimals, bounds and best", () => {
    const rows = parse(resultsCsv(table)) as string[][];
    expect(rows[0].slice(0, 8)).toEqual(["system", "kind", "run_id", "partial", "Overall (x100)", "Overall (x100) CI low", "Overall (x100) CI high", "Overall (x100) best"]);
    const m1 = rows.find((r) => r[2] === "m1")!;
    expect(m1.slice(4, 8)).toEqual(["61.25", "55", "66.5", "yes"]);
  });
});
