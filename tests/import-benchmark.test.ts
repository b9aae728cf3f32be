import { db, testDb } from "@/tests/support/test-db";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it, vi } from "vitest";
import { exportProjectFile } from "@/lib/projects/project-export";

const exportProject = (name: string, options: Parameters<typeof exportProjectFile>[1] = {}) => exportProjectFile({ name }, options);
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import type { BenchmarkKindName } from "@/lib/benchmarks/types";
import { tableCounts } from "./support/import-counts";

// Imports of whole files (and CLI runs) on a loaded machine can take a while.
vi.setConfig({ testTimeout: 300_000 });

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures/import", name);
const jsonl = (t: string) => t.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const csv = (t: string) => parseCsv(t, { columns: true });

type Case = { kind: BenchmarkKindName; file: string; items: number; points: number; spans: number; read: (t: string) => unknown };
const cases: Case[] = [
  { kind: "VCBENCH", file: "vcbench_data.jsonl", items: 11, points: 50, spans: 0, read: jsonl },
  { kind: "VCBENCH", file: "vcbench_eval.jsonl", items: 11, points: 50, spans: 0, read: jsonl },
  { kind: "TOCBENCH", file: "toc_answer_final.json", items: 10, points: 0, spans: 0, read: JSON.parse },
  { kind: "ECBENCH", file: "ec_dataset.csv", items: 19, points: 0, spans: -1, read: csv },
  { kind: "VSTAT", file: "vstat_qa.json", items: 4, points: 0, spans: 0, read: JSON.parse },
  { kind: "VSAS", file: "vsas_tasks.jsonl", items: 3, points: 0, spans: 0, read: jsonl },
];

describe.each(cases)(`import $file on ${testDb.provider}`, (c) => {
  const project = `p-${c.file}`;

  it("creates the project, items, truth, query points and spans in one import", async () => {
    const out = await importBenchmarkFile({ kind: c.kind, file: fixture(c.file), projectName: project });
    expect(out.errors).toEqual([]);
    expect(out).toMatchObject({ items: c.items, query_points: c.points, created: c.items, updated: 0, unchanged: 0, dry_run: false });
    expect(out.import_job_id).toEqual(expect.any(String));
    const p = await db.project.findUniqueOrThrow({ where: { name: project } });
    expect(p).toMatchObject({ benchmark: c.kind, truthVersion: 1 });
    expect(p.slug).toMatch(/^p-/);
    expect(await db.item.count({ where: { projectId: p.id } })).toBe(c.items);
    expect(await db.itemTruth.count({ where: { item: { projectId: p.id } } })).toBe(c.items);
    expect(await db.itemRevision.count({ where: { item: { projectId: p.id } } })).toBe(c.items);
    expect(await db.queryPoint.count({ where: { item: { projectId: p.id } } })).toBe(c.points);
    const spans = await db.evidenceSpan.count({ where: { item: { projectId: p.id }, source: "TRUTH" } });
    if (c.spans >= 0) expect(spans).toBe(c.spans);
    else expect(spans).toBeGreaterThan(c.items);
    const job = await db.importJob.findUniqueOrThrow({ where: { id: out.import_job_id! } });
    expect(job).toMatchObject({ projectId: p.id, benchmark: c.kind, fileName: c.file, status: "DONE", dryRun: false });
    expect(job.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((job.report as { items: number }).items).toBe(c.items);
    // ground truth is only in ItemTruth: nothing truth-bearing in the participant-safe columns
    const items = await db.item.findMany({ where: { projectId: p.id }, include: { truth: true } });
    for (const it of items) {
      const answer = JSON.stringify(it.truth!.answer);
      if (answer.length > 3) expect(JSON.stringify(it.presentation)).not.toContain(answer);
      expect(it.videoId).toBeNull();
    }
  });

  it("re-importing the same file changes and duplicates nothing", async () => {
    const before = await tableCounts();
    const p0 = await db.project.findUniqueOrThrow({ where: { name: project } });
    const items0 = await db.item.findMany({ where: { projectId: p0.id }, orderBy: { externalId: "asc" }, include: { truth: true, queryPoints: true } });
    const out = await importBenchmarkFile({ kind: c.kind, file: fixture(c.file), projectName: project });
    expect(out).toMatchObject({ created: 0, updated: 0, unchanged: c.items, errors: [] });
    const after = await tableCounts();
    expect({ ...after, importJob: before.importJob, auditLog: before.auditLog }).toEqual(before);
    expect(after.importJob).toBe(before.importJob + 1);
    const p1 = await db.project.findUniqueOrThrow({ where: { name: project } });
    expect(p1.truthVersion).toBe(p0.truthVersion);
    const items1 = await db.item.findMany({ where: { projectId: p0.id }, orderBy: { externalId: "asc" }, include: { truth: true, queryPoints: true } });
    expect(items1).toEqual(items0);
  });

  it("exports data equal to what was imported", async () => {
    const res = await exportProject(project);
    expect(res.benchmark).toBe(c.kind);
    expect(res.items).toBe(c.items);
    expect(c.read(res.text)).toEqual(c.read(readFileSync(fixture(c.file), "utf8")));
  });
});
