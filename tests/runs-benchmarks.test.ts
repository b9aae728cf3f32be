import { db, testDb } from "@/tests/support/test-db";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/projects/[projectId]/runs/route";
import { PATCH as settingsRoute } from "@/app/api/projects/[projectId]/settings/route";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import type { BenchmarkKindName } from "@/lib/benchmarks/types";
import * as ecbenchCli from "@/lib/score-cli/ecbench";
import * as tocbenchCli from "@/lib/score-cli/tocbench";
import * as vsasCli from "@/lib/score-cli/vsas";
import * as vstatCli from "@/lib/score-cli/vstat";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";

/**
 * Server-side scoring of TOC-Bench, EC-Bench, VSTAT and VSAS-Bench uploads equals the
 * command-line scorer (lib/score-cli, lib/metrics inside) run on the same truth and prediction
 * files, and, for TOC-Bench, the reference `compute_metrics.py` goldens (toc_bench @e4a10bc,
 * pinned in tests/score-cli-vcbench-tocbench.test.ts).
 * Fixtures: tests/fixtures/tocbench (40 real items, synthetic predictions), tests/fixtures/ecbench
 * (real dataset rows, synthetic model columns), tests/fixtures/runs/vstat_* (synthetic QA file
 * in the documented format and predictions written for this test), tests/fixtures/import/
 * vsas_tasks.jsonl with tests/fixtures/runs/vsas_responses.jsonl (synthetic).
 */
const fx = (...p: string[]) => path.join(process.cwd(), "tests/fixtures", ...p);
let admin: TestUser;

async function project(kind: BenchmarkKindName, file: string, name: string): Promise<string> {
  const out = await importBenchmarkFile({ kind, file, projectName: name });
  expect(out.errors).toEqual([]);
  return (await db.project.findUniqueOrThrow({ where: { name } })).id;
}

async function upload(projectId: string, file: string, query: Record<string, string>) {
  return call(uploadRoute, `/api/projects/${projectId}/runs`, {
    method: "POST",
    body: readFileSync(file, "utf8"),
    headers: { "x-file-name": path.basename(file) },
    query,
    params: { projectId },
    as: admin,
  });
}

function pick(o: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}

const TOC_GOLDEN = {
  overall: 0.5675675675675675,
  macro_dim: 0.45454545454545453,
  tier_weighted: 0.5412698412698412,
  hda: 0.6363636363636364,
  invalid_rate: 0.02702702702702703,
  n_scored: 37,
  n_missing_preds: 3,
};

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
});

describe(`runs: scoring every benchmark like the CLI (${testDb.provider})`, () => {
  it("TOC-Bench: extracted and raw answers (reference goldens and CLI)", async () => {
    const id = await project("TOCBENCH", fx("tocbench", "answer_final.json"), "TOC fixture");
    for (const [file, golden] of [["preds-extracted.jsonl", TOC_GOLDEN], ["preds-raw.jsonl", null]] as const) {
      const res = await upload(id, fx("tocbench", file), { name: file });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const m = res.json.aggregates.metrics;
      const cli = await tocbenchCli.scoreFiles({ truth: fx("tocbench", "answer_final.json"), preds: fx("tocbench", file) });
      const keys = ["overall", "macro_dim", "tier_weighted", "hda", "invalid_rate", "n_scored", "n_missing_preds", "per_dim", "per_tier", "per_format", "per_source", "hallucination_buckets"];
      expect(pick(m, keys)).toEqual(pick(cli.result, keys));
      if (golden) for (const [k, v] of Object.entries(golden)) expect(m[k], k).toBeCloseTo(v, 12);
      const t = res.json.aggregates.table;
      expect(t.overall).toBe(m.overall);
      expect(t.hda).toBe(m.hda);
      expect(t["dim.temporal_location"]).toBe(m.per_dim.temporal_location);
    }
    const bad = await upload(id, fx("tocbench", "preds-extracted.jsonl"), { name: "codes" });
    const codes = bad.json.problems.filter((p: any) => p.line).map((p: any) => [p.code, p.line]);
    expect(codes).toContainEqual(["malformed_json", 45]);
    expect(codes).toContainEqual(["missing_id", 46]);
  });

  it("EC-Bench: counting, enumeration, evidence tIoU and judged counts (CLI)", async () => {
    const id = await project("ECBENCH", fx("ecbench", "truth.csv"), "EC fixture");
    for (const file of ["preds.csv", "preds-judged.csv"]) {
      const res = await upload(id, fx("ecbench", file), { name: file });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const m = res.json.aggregates.metrics;
      const cli = await ecbenchCli.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds: fx("ecbench", file) });
      const keys = Object.keys(cli.result).filter((k) => !["model", "answer_column", "clips_column", "judged_columns", "clip_parser", "clip_end_padding", "truth_rows", "problem_counts", "problems_omitted", "missing_predictions"].includes(k));
      expect(pick(m, keys)).toEqual(pick(cli.result, keys));
      const t = res.json.aggregates.table;
      expect(t["count.overall"]).toBeCloseTo(m.counting_match_rate_percent / 100, 12);
      expect(t["complete.overall"]).toBeCloseTo(m.enumeration_complete_rate_percent / 100, 12);
      expect(t["f1.overall"]).toBe(m.enumeration_f1);
      expect(t.mae).toBe(m.counting_mae);
      expect(t.tiou).toBe(m.clip_miou);
    }
    // The paper variant: complete-list accuracy and hull tIoU.
    const paper = await upload(id, fx("ecbench", "preds.csv"), { name: "paper variant", variant: "paper" });
    const cliPaper = await ecbenchCli.scoreFiles({ truth: fx("ecbench", "truth.csv"), preds: fx("ecbench", "preds.csv"), variant: "paper" });
    expect(paper.json.aggregates.metrics.overall_accuracy_percent).toBe(cliPaper.result.overall_accuracy_percent);
    expect(paper.json.aggregates.metrics.clip_miou).toBe(cliPaper.result.clip_miou);
  });

  it("EC-Bench: clip cells are read as the reference by default; the project setting clipParser: lenient opts into repairs, reported per cell", async () => {
    // tests/fixtures/ecbench/malformed-clips: expected values worked out by hand in
    // tests/score-cli-ecbench-vstat-vsas.test.ts (reference 0.25, lenient 0.5).
    const truth = fx("ecbench", "malformed-clips", "truth.csv");
    const preds = fx("ecbench", "malformed-clips", "preds.csv");
    const id = await project("ECBENCH", truth, "EC malformed clips");
    const byDefault = await upload(id, preds, { name: "default parser" });
    expect(byDefault.status, JSON.stringify(byDefault.json)).toBe(201);
    expect(byDefault.json.aggregates.metrics).toMatchObject({ clip_parser: "reference", clip_miou: 0.25, clip_iou_count: 4 });
    expect(byDefault.json.aggregates.table.tiou).toBe(0.25);
    expect(byDefault.json.problems.filter((p: any) => p.code.startsWith("clip_"))).toEqual([]);
    const cli = await ecbenchCli.scoreFiles({ truth, preds });
    expect(byDefault.json.aggregates.metrics.clip_miou).toBe(cli.result.clip_miou);

    const patched = await call(settingsRoute, `/api/projects/${id}/settings`, { method: "PATCH", body: JSON.stringify({ clipParser: "lenient" }), params: { projectId: id }, as: admin });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    const lenient = await upload(id, preds, { name: "lenient parser" });
    expect(lenient.status, JSON.stringify(lenient.json)).toBe(201);
    expect(lenient.json.aggregates.metrics).toMatchObject({ clip_parser: "lenient", clip_miou: 0.5, clip_iou_count: 4 });
    const repaired = lenient.json.problems.filter((p: any) => p.code.startsWith("clip_")).map((p: any) => `${p.code}:${p.id}`);
    expect(repaired).toEqual(["clip_repaired:1", "clip_repaired:2", "clip_unparseable:4"]);
    const cliLenient = await ecbenchCli.scoreFiles({ truth, preds, clipParser: "lenient" });
    expect(lenient.json.aggregates.metrics.clip_miou).toBe(cliLenient.result.clip_miou);
    const bad = await call(settingsRoute, `/api/projects/${id}/settings`, { method: "PATCH", body: JSON.stringify({ clipParser: "loose" }), params: { projectId: id }, as: admin });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/clipParser/);
  });

  it("EC-Bench: a JSONL file in a CSV project is refused naming the line", async () => {
    const id = (await db.project.findUniqueOrThrow({ where: { name: "EC fixture" } })).id;
    const res = await call(uploadRoute, "/x", { method: "POST", body: '{"qa_id": "1", "extracted_answer": "A"}\n', query: { name: "json" }, params: { projectId: id }, as: admin });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/^line 1: EC-Bench predictions are a CSV/);
    const noCol = await call(uploadRoute, "/x", { method: "POST", body: "question_id,answer\n1,2\n", query: { name: "csv" }, params: { projectId: id }, as: admin });
    expect(noCol.status).toBe(400);
    expect(noCol.json.error).toMatchObject({ code: "missing_column", details: { line: 1, field: "<model>_A" } });
  });

  it("VSTAT: MCQ accuracy, numeric MRA, missing predictions scored 0 (CLI)", async () => {
    const id = await project("VSTAT", fx("runs", "vstat_qa.json"), "VSTAT fixture");
    const res = await upload(id, fx("runs", "vstat_preds.jsonl"), { name: "vstat model" });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const m = res.json.aggregates.metrics;
    const cli = await vstatCli.scoreFiles({ truth: fx("runs", "vstat_qa.json"), preds: fx("runs", "vstat_preds.jsonl") });
    const keys = ["count", "ALL_Score_avg", "mcq_count", "MCQ_ACC", "numeric_count", "Numeric_MRA", "by_state_element", "by_state_structure", "by_perceptual_challenge", "by_source_task"];
    expect(pick(m, keys)).toEqual(pick(cli.result, keys));
    const lines = res.json.problems.filter((p: any) => p.line).map((p: any) => [p.code, p.line]).sort((a: any, b: any) => a[1] - b[1]);
    const cliLines = cli.problems.filter((p) => p.line).map((p) => [p.code, p.line]).sort((a: any, b: any) => a[1] - b[1]);
    expect(lines).toEqual(cliLines);
    expect(res.json.aggregates.problem_counts.missing_prediction).toBe(1);
    expect(res.json.aggregates.table).toMatchObject({ avg: m.ALL_Score_avg, "element.Count": m.by_state_element.count.ALL_Score_avg, "structure.Dict": m.by_state_structure.dict.ALL_Score_avg });
  });

  it("VSAS-Bench: accuracy from judgements, consistency, per task type (CLI)", async () => {
    const id = await project("VSAS", fx("import", "vsas_tasks.jsonl"), "VSAS fixture");
    const res = await upload(id, fx("runs", "vsas_responses.jsonl"), { name: "vsas model" });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const m = res.json.aggregates.metrics;
    const cli = await vsasCli.scoreFiles({ truth: fx("import", "vsas_tasks.jsonl"), preds: fx("runs", "vsas_responses.jsonl") });
    const keys = ["tasks", "accuracy", "tasks_with_accuracy", "consistency", "rubric_mean", "by_task_type"];
    expect(pick(m, keys)).toEqual(pick(cli.result, keys));
    const codes = res.json.problems.map((p: any) => p.code);
    expect(codes).toEqual(expect.arrayContaining(["unknown_timestep", "unknown_id", "duplicate_id", "missing_prediction", "missing_judgement"]));
    expect(res.json.aggregates.table["acc.Present"]).toBe(m.by_task_type.Present.accuracy);
    expect(res.json.aggregates.table["cons.overall"]).toBe(m.consistency);
  });
});
