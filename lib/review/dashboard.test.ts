import { describe, expect, it } from "vitest";
import { compareAnnotations } from "./compare";
import { buildDashboard, TRUTH, type DashboardRecord } from "./dashboard";
import { figuresCsv, itemsCsv, itemsJson, toCsv, dashboardJson } from "./export";
import { e1Doc, tocbenchDoc } from "./test-docs";

const video = { fps: 30, frameCount: 300 };

function records(): DashboardRecord[] {
  return [
    { itemId: "i1", annotators: ["ann", "bob"], comparison: compareAnnotations([e1Doc([10, 50], [100]), e1Doc([11, 50], [100])], video) },
    { itemId: "i2", annotators: ["bob", "ann"], comparison: compareAnnotations([e1Doc([20], [100]), e1Doc([20, 80], [100])], video) },
    { itemId: "i3", annotators: ["ann", TRUTH], comparison: compareAnnotations([e1Doc([10], [100]), e1Doc([10], [100])], video) },
  ];
}

describe("buildDashboard", () => {
  it("pools timestamp F1 over the pair's items (hand-computed) and keeps pair orientation by id", () => {
    const d = buildDashboard(records(), [], { resamples: 200 });
    const f1 = d.figures.find((f) => f.scope === "pair" && f.kind === "timestamps" && f.statistic === "f1");
    // i1: TP 2 of 2 + 2; i2: TP 1 of 1 + 2 → 2·3 / (4 + 3) = 6/7.
    expect(f1).toMatchObject({ annotators: ["ann", "bob"], items: 2 });
    expect(f1?.estimate).toBeCloseTo(6 / 7, 12);
    expect(f1!.lower).toBeLessThanOrEqual(f1!.estimate);
    expect(f1!.upper).toBeGreaterThanOrEqual(f1!.estimate);
    const project = d.figures.find((f) => f.scope === "project" && f.statistic === "f1");
    expect(project?.estimate).toBeCloseTo(6 / 7, 12);
    const truth = d.figures.find((f) => f.scope === "vs-truth" && f.statistic === "f1");
    expect(truth).toMatchObject({ annotators: ["ann"], items: 1, estimate: 1 });
    // i1 agreed (offset 1 ≤ 2), i2 disputed → 1/2 for E1-Action; the truth record is not counted.
    expect(d.disputedRates).toEqual([expect.objectContaining({ benchmark: "VCBENCH", subtype: "E1-Action", items: 2, disputed: 1, rate: 0.5 })]);
  });

  it("same records → same intervals (seeded)", () => {
    expect(buildDashboard(records(), [], { resamples: 100 })).toEqual(buildDashboard(records(), [], { resamples: 100 }));
  });

  it("labels per facet: Cohen's kappa for pairs, Fleiss and Krippendorff for k = 3", () => {
    const toc = (d: "keep" | "revise" | "remove") => tocbenchDoc({ decision: d });
    const recs: DashboardRecord[] = [
      ["keep", "keep", "keep"],
      ["remove", "remove", "keep"],
      ["revise", "revise", "revise"],
      ["keep", "remove", "keep"],
    ].map((ds, i) => ({ itemId: `t${i}`, annotators: ["a", "b", "c"], comparison: compareAnnotations(ds.map((x) => toc(x as "keep")), video) }));
    const d = buildDashboard(recs, [], { resamples: 50 });
    const fleiss = d.figures.find((f) => f.statistic === "fleissKappa");
    const alpha = d.figures.find((f) => f.statistic === "krippendorffAlpha");
    // Counts per unit (keep, remove, revise): (3,0,0), (1,2,0), (0,0,3), (2,1,0); m = 3, N = 4.
    // P_i = 1, 1/3, 1, 1/3 → P̄ = 2/3; p = (6, 3, 3)/12 → P̄_e = 0.375; κ = (2/3 − 3/8)/(5/8) = 7/15.
    expect(fleiss?.estimate).toBeCloseTo(7 / 15, 12);
    expect(alpha?.items).toBe(4);
    const ab = d.figures.find((f) => f.scope === "pair" && f.annotators.join() === "a,b" && f.statistic === "cohenKappa");
    // a: keep, remove, revise, keep; b: keep, remove, revise, remove → p_o 3/4;
    // p_e = (2·1 + 1·2 + 1·1)/16 = 5/16 → κ = (12/16 − 5/16)/(11/16) = 7/11.
    expect(ab?.estimate).toBeCloseTo(7 / 11, 12);
  });

  it("throughput per annotator; bad records are refused", () => {
    const d = buildDashboard([], [
      { annotatorId: "ann", itemId: "1", elapsedMs: 60_000 },
      { annotatorId: "ann", itemId: "2", elapsedMs: 180_000 },
    ]);
    expect(d.throughput).toEqual([{ annotatorId: "ann", items: 2, activeHours: 240_000 / 3_600_000, itemsPerHour: 30, medianMinutesPerItem: 2 }]);
    expect(() => buildDashboard([{ ...records()[0], annotators: ["x"] }])).toThrow(/item i1 names 1 annotators for 2 annotations/);
  });
});

describe("export", () => {
  it("CSV quoting, formula guard and empty cells for undefined", () => {
    expect(toCsv(["a", "b", "c"], [["x,y", '=1+2 "q"', Number.NaN]])).toBe('a,b,c\r\n"x,y","\'=1+2 ""q""",\r\n');
  });

  it("figures, items CSV and JSON (NaN → null)", () => {
    const recs = records();
    const d = buildDashboard(recs, [], { resamples: 20 });
    const csv = figuresCsv(d).split("\r\n");
    expect(csv[0]).toBe("scope,annotators,benchmark,kind,facet,statistic,items,estimate,lower,upper");
    expect(csv.some((l) => l.startsWith("pair,ann bob,VCBENCH,timestamps,,f1,2,0.857"))).toBe(true);
    expect(itemsCsv(recs).split("\r\n")[2]).toMatch(/^i2,VCBENCH,E1-Action,bob ann,disputed,2,"moments: A has 1 mark, B has 2/);
    const items = JSON.parse(itemsJson(recs)) as { differences: { id: string }[] }[];
    expect(items[1].differences.map((x) => x.id)).toEqual(["moments:1.m1", "queryPoints:0.q0+1.q0:count"]);
    expect(dashboardJson(d)).not.toContain("NaN");
  });
});
