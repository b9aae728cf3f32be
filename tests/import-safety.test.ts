import { db } from "@/tests/support/test-db";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import type { BenchmarkKindName } from "@/lib/benchmarks/types";
import { tableCounts } from "./support/import-counts";

// Imports of whole files (and CLI runs) on a loaded machine can take a while.
vi.setConfig({ testTimeout: 300_000 });

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures/import", name);
const empty = { project: 0, item: 0, itemTruth: 0, queryPoint: 0, evidenceSpan: 0, itemRevision: 0, importJob: 0, auditLog: 0 };

describe("files with errors write nothing", () => {
  const broken: [BenchmarkKindName, string, string, number | null][] = [
    ["TOCBENCH", "broken/toc_truncated.json", "malformed_json", 82],
    ["TOCBENCH", "broken/toc_unknown_format.json", "unknown_format", null],
    ["VCBENCH", "broken/vcbench_wrong_types.jsonl", "invalid_record", 2],
    ["VCBENCH", "broken/vcbench_predictions.jsonl", "prediction_file", 1],
    ["ECBENCH", "broken/ec_broken_quote.csv", "malformed_csv", 14],
    ["ECBENCH", "../ecbench/preds.csv", "prediction_file", 1],
    ["VCBENCH", "broken/empty.jsonl", "empty_file", null],
    ["VSAS", "broken/empty.jsonl", "empty_file", null],
    ["VSTAT", "broken/toc_truncated.json", "malformed_json", 82],
    ["VCBENCH", "broken/no-such-file.jsonl", "file_unreadable", null],
  ];
  it.each(broken)("%s %s → %s", async (kind, file, code, line) => {
    const out = await importBenchmarkFile({ kind, file: fixture(file), projectName: "broken" });
    expect(out.errors.length).toBeGreaterThan(0);
    expect(out.errors[0].code).toBe(code);
    if (line !== null) expect(out.errors[0].line).toBe(line);
    expect(out.errors[0].message).not.toMatch(/\n\s+at /); // no stack trace
    expect(out.import_job_id).toBeNull();
    expect(await tableCounts()).toEqual(empty);
  });

  it("the wrong-types file names every bad line and field", async () => {
    const out = await importBenchmarkFile({ kind: "VCBENCH", file: fixture("broken/vcbench_wrong_types.jsonl"), projectName: "broken" });
    expect(out.errors.map((e) => [e.line, e.item_id, e.field])).toEqual([
      [2, "0002", "query_points.count[0]"],
      [2, "0002", "query_points.count[1]"],
      [2, "0002", "query_points.count[2]"],
      [3, "0081", "occurrence_times"],
    ]);
  });
});

describe("dry run", () => {
  it("reports like a real import and writes nothing", async () => {
    const out = await importBenchmarkFile({ kind: "ECBENCH", file: fixture("ec_dataset.csv"), projectName: "dry", dryRun: true });
    expect(out).toMatchObject({ dry_run: true, items: 19, created: 19, errors: [], import_job_id: null });
    expect(out.warnings.map((w) => w.code)).toContain("clip_reversed");
    expect(await tableCounts()).toEqual(empty);
  });
});

describe("projects and file kinds", () => {
  it("refuses a file of another benchmark kind than the project's", async () => {
    await importBenchmarkFile({ kind: "VSAS", file: fixture("vsas_tasks.jsonl"), projectName: "mixed" });
    const before = await tableCounts();
    const out = await importBenchmarkFile({ kind: "VSTAT", file: fixture("vstat_qa.json"), projectName: "mixed" });
    expect(out.errors.map((e) => e.code)).toEqual(["project_kind_mismatch"]);
    expect(await tableCounts()).toEqual(before);
  });

  it("matches vcbench_eval.jsonl against a data-file project without changing its items", async () => {
    const data = await importBenchmarkFile({ kind: "VCBENCH", file: fixture("vcbench_data.jsonl"), projectName: "vc" });
    expect(data.errors).toEqual([]);
    const items0 = await db.item.findMany({ where: { project: { name: "vc" } }, include: { truth: true, queryPoints: true }, orderBy: { externalId: "asc" } });
    const dry = await importBenchmarkFile({ kind: "VCBENCH", file: fixture("vcbench_eval.jsonl"), projectName: "vc", dryRun: true });
    expect(dry.mode).toBe("eval_match");
    const out = await importBenchmarkFile({ kind: "VCBENCH", file: fixture("vcbench_eval.jsonl"), projectName: "vc" });
    expect(out).toMatchObject({ mode: "eval_match", errors: [], created: 0, updated: 0, unchanged: 11 });
    const codes = out.warnings.map((w) => w.code);
    expect(codes).toEqual(expect.arrayContaining(["eval_matched_only", "eval_id_differs", "eval_times_rounded", "eval_query_points_differ"]));
    expect(codes).not.toContain("eval_unmatched");
    expect(out.warnings.find((w) => w.code === "eval_query_points_differ")!.item_id).toBe("0947");
    const items1 = await db.item.findMany({ where: { project: { name: "vc" } }, include: { truth: true, queryPoints: true }, orderBy: { externalId: "asc" } });
    expect(items1).toEqual(items0);
    const job = await db.importJob.findUniqueOrThrow({ where: { id: out.import_job_id! } });
    expect((job.report as { mode: string }).mode).toBe("eval_match");
  });

  it("refuses vcbench_data.jsonl into a project built from vcbench_eval.jsonl (ids name other questions)", async () => {
    await importBenchmarkFile({ kind: "VCBENCH", file: fixture("vcbench_eval.jsonl"), projectName: "vc-eval" });
    const before = await tableCounts();
    const out = await importBenchmarkFile({ kind: "VCBENCH", file: fixture("vcbench_data.jsonl"), projectName: "vc-eval" });
    expect(out.errors.map((e) => e.code)).toEqual(["file_kind_mismatch"]);
    expect(await tableCounts()).toEqual(before);
  });

  it("matches an eval file against a data file given on the side (report only)", async () => {
    const out = await importBenchmarkFile({
      kind: "VCBENCH",
      file: fixture("vcbench_eval.jsonl"),
      projectName: "vc-side",
      dryRun: true,
      matchDataFile: fixture("vcbench_data.jsonl"),
    });
    expect(out.errors).toEqual([]);
    expect(out.warnings.filter((w) => w.code === "eval_id_differs").map((w) => w.item_id).sort()).toEqual(["0751", "0802", "0947", "0993"]);
  });

  it("gives a second project with a similar name its own slug", async () => {
    await importBenchmarkFile({ kind: "VSAS", file: fixture("vsas_tasks.jsonl"), projectName: "Slug Test" });
    await importBenchmarkFile({ kind: "VSAS", file: fixture("vsas_tasks.jsonl"), projectName: "slug test!" });
    const slugs = (await db.project.findMany({ where: { name: { in: ["Slug Test", "slug test!"] } }, select: { slug: true } })).map((p) => p.slug).sort();
    expect(slugs).toEqual(["slug-test", "slug-test-2"]);
  });
});
