import { describe, expect, it } from "vitest";
import { columnsFor, primaryColumn } from "./columns";
import { leaderboardCsv } from "./csv";
import type { LeaderboardData } from "./types";

describe("leaderboard columns", () => {
  it("VCBench: paper Tables 2-3 order, MoC/UDA only where the reference computes them", () => {
    const present = new Set(["E2-Periodic.gpa", "overall.gpa", "overall.moc", "overall.uda", "O1-Snap.gpa", "O1-Snap.uda", "E2-Episode.gpa", "Custom.gpa"]);
    const cols = columnsFor("VCBENCH", present);
    expect(cols.map((c) => c.key)).toEqual(["overall.gpa", "overall.moc", "overall.uda", "O1-Snap.gpa", "O1-Snap.uda", "E2-Episode.gpa", "E2-Periodic.gpa", "Custom.gpa"]);
    expect(cols.find((c) => c.key === "O1-Snap.uda")).toMatchObject({ label: "UDA", group: "O1-Snap", chart: "UDA by subtype", unit: "percent" });
    expect(primaryColumn("VCBENCH")).toBe("overall.gpa");
  });

  it("TOC-Bench: dimensions in the paper's order, unknown dims after, extras hidden", () => {
    const cols = columnsFor("TOCBENCH", new Set(["overall", "dim.zzz", "dim.temporal_location", "dim.event_existence", "hda", "macro_dim", "tier.tier1", "invalid_rate"]));
    expect(cols.map((c) => c.key)).toEqual(["overall", "dim.event_existence", "dim.temporal_location", "dim.zzz", "hda", "macro_dim", "tier.tier1", "invalid_rate"]);
    expect(cols.find((c) => c.key === "dim.temporal_location")!.label).toBe("T-Loc");
    expect(cols.find((c) => c.key === "invalid_rate")).toMatchObject({ main: false, higherIsBetter: false });
  });

  it("EC-Bench: categories A-F per block, MAE raw and lower-is-better", () => {
    const cols = columnsFor("ECBENCH", new Set(["overall_acc", "count.B", "count.A", "count.overall", "complete.A", "complete.overall", "f1.overall", "mae", "tiou", "agree.overall"]));
    expect(cols.map((c) => c.key)).toEqual(["overall_acc", "complete.A", "complete.overall", "count.A", "count.B", "count.overall", "f1.overall", "mae", "tiou", "agree.overall"]);
    expect(cols.find((c) => c.key === "mae")).toMatchObject({ unit: "raw", higherIsBetter: false });
    expect(cols.find((c) => c.key === "count.B")!.chartLabel).toBe("B Causal");
  });

  it("VSTAT and VSAS: the paper's breakdowns", () => {
    expect(columnsFor("VSTAT", new Set(["avg", "structure.Dict", "element.Location", "element.Count"])).map((c) => c.key)).toEqual(["avg", "element.Count", "element.Location", "structure.Dict"]);
    expect(columnsFor("VSAS", new Set(["acc.overall", "acc.Future", "acc.Present", "cons.overall", "cons.Present"])).map((c) => c.key)).toEqual([
      "acc.overall",
      "acc.Present",
      "acc.Future",
      "cons.overall",
      "cons.Present",
    ]);
  });
});

describe("leaderboardCsv", () => {
  it("writes one row per run with quoted names and interval columns", () => {
    const data: LeaderboardData = {
      project: { id: "p", name: "P", slug: "p", benchmark: "TOCBENCH", truthVersion: 1, variant: "reference" },
      columns: columnsFor("TOCBENCH", new Set(["overall", "hda"])),
      primary: "overall",
      rows: [
        { runId: "a", name: 'model "x", v2', kind: "MODEL", status: "DONE", stale: true, truthVersion: 0, scoredAt: null, source: "", values: { overall: 51.234567891, hda: null }, ci: { overall: { lower: 40, upper: 60 } } },
      ],
      chanceNote: "",
      ci: { level: 0.95, resamples: 1000, seed: 0, unit: "display" },
    };
    const csv = leaderboardCsv(data);
    expect(csv.split("\r\n")[0]).toBe("rank,run,kind,stale,status,truth_version,scored_at,Overall Overall (x100),Overall Overall (x100) CI low,Overall Overall (x100) CI high,Hallucination HDA (x100),Hallucination HDA (x100) CI low,Hallucination HDA (x100) CI high,judged,judged_of,final");
    expect(csv.split("\r\n")[1]).toBe('1,"model ""x"", v2",MODEL,yes,DONE,0,,51.234568,40,60,,,,,,yes');
  });

  it("writes a run named like a formula as text (apostrophe), and negative values as numbers", () => {
    const data: LeaderboardData = {
      project: { id: "p", name: "P", slug: "p", benchmark: "TOCBENCH", truthVersion: 1, variant: "reference" },
      columns: columnsFor("TOCBENCH", new Set(["overall"])),
      primary: "overall",
      rows: [
        { runId: "a", name: '=HYPERLINK("http://evil.example","x")', kind: "MODEL", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "", values: { overall: -1.5 } },
        { runId: "b", name: "@cmd", kind: "MODEL", status: "DONE", stale: false, truthVersion: 1, scoredAt: null, source: "", values: { overall: 2 } },
      ],
      chanceNote: "",
      ci: null,
    };
    const lines = leaderboardCsv(data).split("\r\n");
    expect(lines[1]).toBe(`1,"'=HYPERLINK(""http://evil.example"",""x"")",MODEL,no,DONE,1,,-1.5,,,yes`);
    expect(lines[2]).toBe("2,'@cmd,MODEL,no,DONE,1,,2,,,yes");
  });
});
