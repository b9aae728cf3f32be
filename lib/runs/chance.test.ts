import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseBenchmarkText } from "@/lib/benchmarks/parse-input";
import { tableFromItems } from "@/lib/scoring/item-table";
import { vstatTableOf } from "@/lib/scoring/tables";
import { TOC_RANDOM_CHANCE } from "@/lib/metrics/tocbench";
import { chanceBaselines } from "@/lib/metrics/vstat";
import { chanceRunsFor } from "./chance";
import { vstatDocOf } from "./score-vstat";
import { truthIndexFromNormalised } from "./truth-from-normalised";

const fx = (...p: string[]) => readFileSync(path.join(process.cwd(), "tests/fixtures", ...p), "utf8");

describe("chance baselines", () => {
  it("TOC-Bench Random: per-item chance of lib/metrics, averaged like model scores", async () => {
    const truth = truthIndexFromNormalised("TOCBENCH", (await parseBenchmarkText("TOCBENCH", fx("tocbench", "answer_final.json"))).items);
    const [random] = chanceRunsFor("TOCBENCH", truth.items);
    expect(random.name).toBe("Chance: random");
    expect(random.results).toHaveLength(truth.items.length);
    const mean = truth.items.reduce((s, i) => s + TOC_RANDOM_CHANCE[i.format], 0) / truth.items.length;
    expect(random.table.overall).toBeCloseTo(mean, 12);
    expect(random.table["format.ordering_4"]).toBeCloseTo(1 / 24, 12);
    expect(random.table["format.sp"]).toBe(0.5);
  });

  it("VSTAT random and frequency: lib/metrics chanceBaselines; per-item scores give the same table", async () => {
    const truth = truthIndexFromNormalised("VSTAT", (await parseBenchmarkText("VSTAT", fx("runs", "vstat_qa.json"))).items);
    const runs = chanceRunsFor("VSTAT", truth.items);
    const chance = chanceBaselines(truth.items.map(vstatDocOf));
    expect(runs.map((r) => r.name)).toEqual(["Chance: random", "Chance: frequency"]);
    expect(runs[0].table).toEqual(vstatTableOf(chance.random as never));
    expect(runs[1].table).toEqual(vstatTableOf(chance.frequency as never));
    const byId = new Map(truth.items.map((t) => [t.itemId, t]));
    for (const run of runs) {
      const t = tableFromItems("VSTAT", "reference", run.results.map((r) => ({ format: byId.get(r.itemId)!.format, labels: byId.get(r.itemId)!.labels, scores: r.scores })));
      for (const [k, v] of Object.entries(run.table)) expect(t[k], `${run.name} ${k}`).toBeCloseTo(v!, 12);
    }
    expect(runs[0].results).toHaveLength(truth.items.filter((i) => i.format === "mcq").length);
  });

  it("VCBench, EC-Bench and VSAS-Bench papers report none", () => {
    expect(chanceRunsFor("VCBENCH", [])).toEqual([]);
    expect(chanceRunsFor("ECBENCH", [])).toEqual([]);
    expect(chanceRunsFor("VSAS", [])).toEqual([]);
  });
});
