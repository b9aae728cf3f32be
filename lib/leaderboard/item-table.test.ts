import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseBenchmarkText } from "@/lib/benchmarks/parse-input";
import type { BenchmarkKindName } from "@/lib/benchmarks/types";
import { parsePredictions } from "@/lib/runs/parse-predictions";
import { scoreRawPredictions } from "@/lib/runs/score-raws";
import { truthIndexFromNormalised } from "@/lib/runs/truth-from-normalised";
import type { MetricVariant } from "@/lib/runs/types";
import { bootstrapCI, quantileSorted } from "@/lib/metrics/bootstrap";
import { bootstrapTable, bootstrapTables } from "./bootstrap-table";
import { compileItemTable, tableFromItems } from "@/lib/scoring/item-table";

/**
 * The per-item path (bootstrap statistic, human runs) must give exactly the table derived from
 * the lib/metrics aggregates on the full sample. Fixtures: tests/fixtures/* (see their READMEs).
 */
const fx = (...p: string[]) => readFileSync(path.join(process.cwd(), "tests/fixtures", ...p), "utf8");

async function scored(kind: BenchmarkKindName, truthFile: string, predsFile: string, variant: MetricVariant = "reference") {
  const parsed = await parseBenchmarkText(kind, fx(truthFile));
  expect(parsed.errors).toEqual([]);
  const truth = truthIndexFromNormalised(kind, parsed.items);
  const preds = parsePredictions(fx(predsFile), truth);
  const out = scoreRawPredictions(kind, truth.items, preds.raws, variant);
  const byId = new Map(truth.items.map((t) => [t.itemId, t]));
  const records = out.results.map((r) => ({ format: byId.get(r.itemId)!.format, labels: byId.get(r.itemId)!.labels, scores: r.scores }));
  return { out, records };
}

function expectSameTable(a: Record<string, number | null>, b: Record<string, number | null>) {
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  for (const [k, v] of Object.entries(b)) {
    if (v === null) expect(a[k], k).toBeNull();
    else expect(a[k], k).toBeCloseTo(v, 12);
  }
}

const cases: Array<[BenchmarkKindName, string, string, MetricVariant]> = [
  ["VCBENCH", "vcbench/vcbench_data.jsonl", "vcbench/preds-unified.jsonl", "reference"],
  ["VCBENCH", "vcbench/vcbench_data.jsonl", "vcbench/preds-per-point-invalid.jsonl", "paper"],
  ["TOCBENCH", "tocbench/answer_final.json", "tocbench/preds-extracted.jsonl", "reference"],
  ["TOCBENCH", "tocbench/answer_final.json", "tocbench/preds-raw.jsonl", "reference"],
  ["ECBENCH", "ecbench/truth.csv", "ecbench/preds.csv", "reference"],
  ["ECBENCH", "ecbench/truth.csv", "ecbench/preds-judged.csv", "paper"],
  ["VSTAT", "runs/vstat_qa.json", "runs/vstat_preds.jsonl", "reference"],
  ["VSAS", "import/vsas_tasks.jsonl", "runs/vsas_responses.jsonl", "reference"],
];

describe("tableFromItems equals the table of the lib/metrics aggregate", () => {
  it.each(cases)("%s %s + %s (%s)", async (kind, truth, preds, variant) => {
    const { out, records } = await scored(kind, truth, preds, variant);
    expectSameTable(tableFromItems(kind, variant, records), out.table);
    expect(Object.values(out.table).some((v) => v !== null)).toBe(true);
  });
});

describe("the compiled table (the bootstrap statistic) equals tableFromItems on any multiset", () => {
  it.each(cases)("%s %s + %s (%s)", async (kind, truth, preds, variant) => {
    const { records } = await scored(kind, truth, preds, variant);
    const compiled = compileItemTable(kind, variant, records);
    let x = 7;
    const next = () => (x = (x * 48271) % 2147483647) % records.length;
    for (let rep = 0; rep < 5; rep++) {
      // A resample with replacement, drawn the same way for records and prepared values.
      const picks = Array.from({ length: records.length }, next);
      expectSameTable(compiled.table(picks.map((i) => compiled.prepared[i])), tableFromItems(kind, variant, picks.map((i) => records[i])));
    }
  });
});

describe("the weighted form (record i taken weights[i] times) equals the table of that multiset", () => {
  it.each(cases)("%s %s + %s (%s)", async (kind, truth, preds, variant) => {
    const { records } = await scored(kind, truth, preds, variant);
    const compiled = compileItemTable(kind, variant, records);
    let x = 11;
    const next = () => (x = (x * 48271) % 2147483647);
    for (let rep = 0; rep < 5; rep++) {
      const weights = Array.from({ length: records.length }, () => next() % 4); // 0..3, zeros included
      const sample = weights.flatMap((w, i) => Array.from({ length: w }, () => records[i]));
      expectSameTable(compiled.weighted(weights), tableFromItems(kind, variant, sample));
    }
  });
});

describe("bootstrapTable", () => {
  it("draws the resamples of lib/metrics bootstrapCI: the same intervals as bootstrapCI of the table", async () => {
    const { records } = await scored("VCBENCH", "vcbench/vcbench_data.jsonl", "vcbench/preds-unified.jsonl");
    const settings = { resamples: 200, level: 0.9, seed: 5 };
    const got = bootstrapTable("VCBENCH", "reference", records, settings);
    // The statistic recomputes the whole table from the resampled records; collect the overall GPA.
    const replicates: number[] = [];
    let first = true;
    bootstrapCI(records, (sample) => {
      const v = tableFromItems("VCBENCH", "reference", sample)["overall.gpa"];
      if (!first && v !== null && v !== undefined) replicates.push(v);
      first = false;
      return 0;
    }, settings);
    replicates.sort((a, b) => a - b);
    expect(got["overall.gpa"].validResamples).toBe(200);
    expect(got["overall.gpa"].lower).toBeCloseTo(quantileSorted(replicates, 0.05), 12);
    expect(got["overall.gpa"].upper).toBeCloseTo(quantileSorted(replicates, 0.95), 12);
  });

  it("bootstrapTables of several runs equals each run's bootstrapTable (runs of equal size share resamples)", async () => {
    const a = await scored("TOCBENCH", "tocbench/answer_final.json", "tocbench/preds-extracted.jsonl");
    const b = await scored("TOCBENCH", "tocbench/answer_final.json", "tocbench/preds-raw.jsonl");
    const c = await scored("ECBENCH", "ecbench/truth.csv", "ecbench/preds.csv");
    const settings = { resamples: 150, level: 0.95, seed: 3 };
    const together = bootstrapTables(
      [
        { benchmark: "TOCBENCH", variant: "reference", records: a.records },
        { benchmark: "TOCBENCH", variant: "reference", records: b.records },
        { benchmark: "ECBENCH", variant: "reference", records: c.records },
        { benchmark: "TOCBENCH", variant: "reference", records: [] },
      ],
      settings,
    );
    expect(together[0]).toEqual(bootstrapTable("TOCBENCH", "reference", a.records, settings));
    expect(together[1]).toEqual(bootstrapTable("TOCBENCH", "reference", b.records, settings));
    expect(together[2]).toEqual(bootstrapTable("ECBENCH", "reference", c.records, settings));
    expect(together[3]).toEqual({});
    expect(Object.keys(together[0]).length).toBeGreaterThan(3);
  });

  it("is deterministic for a seed, brackets the estimate, and changes with the seed", { timeout: 60_000 }, async () => {
    const { out, records } = await scored("TOCBENCH", "tocbench/answer_final.json", "tocbench/preds-extracted.jsonl");
    const a = bootstrapTable("TOCBENCH", "reference", records, { resamples: 300, level: 0.95, seed: 1 });
    const b = bootstrapTable("TOCBENCH", "reference", records, { resamples: 300, level: 0.95, seed: 1 });
    const c = bootstrapTable("TOCBENCH", "reference", records, { resamples: 300, level: 0.95, seed: 2 });
    expect(a).toEqual(b);
    expect(a.overall).not.toEqual(c.overall);
    expect(a.overall.lower).toBeLessThanOrEqual(out.table.overall!);
    expect(a.overall.upper).toBeGreaterThanOrEqual(out.table.overall!);
    expect(a.overall.validResamples).toBe(300);
    // 37 scored items, p ≈ 0.57: the interval is roughly ±2 standard errors of a proportion.
    const se = Math.sqrt((out.table.overall! * (1 - out.table.overall!)) / 37);
    expect(a.overall.upper - a.overall.lower).toBeGreaterThan(2.5 * se);
    expect(a.overall.upper - a.overall.lower).toBeLessThan(5.5 * se);
  });

  it("gives nothing for no items and a zero-width interval for one item", () => {
    expect(bootstrapTable("TOCBENCH", "reference", [])).toEqual({});
    const one = bootstrapTable("TOCBENCH", "reference", [{ format: "sp", labels: { dim: "event_count" }, scores: { correct: 1 } }], { resamples: 50, level: 0.95, seed: 0 });
    expect(one.overall).toMatchObject({ lower: 1, upper: 1 });
  });
});
