import { db, testDb } from "@/tests/support/test-db";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";

// Imports of whole files (and CLI runs) on a loaded machine can take a while.
vi.setConfig({ testTimeout: 300_000 });

const fixture = (name: string) => readFileSync(path.join(process.cwd(), "tests/fixtures/import", name), "utf8");
const work = path.join(testDb.dataDir, "..", "files");
mkdirSync(work, { recursive: true });
const write = (name: string, text: string) => {
  const file = path.join(work, name);
  writeFileSync(file, text);
  return file;
};

const item = (externalId: string) =>
  db.item.findFirstOrThrow({
    where: { externalId, project: { name: "vc" } },
    include: { truth: true, queryPoints: { orderBy: { ordinal: "asc" } }, revisions: { orderBy: { version: "asc" } } },
  });

describe("re-importing a changed file", () => {
  it("bumps versions, records revisions and the project's truth version only where something changed", async () => {
    const first = await importBenchmarkFile({ kind: "VCBENCH", file: write("vcbench_data.jsonl", fixture("vcbench_data.jsonl")), projectName: "vc" });
    expect(first.created).toBe(11);
    const p0 = await db.project.findUniqueOrThrow({ where: { name: "vc" } });
    const untouched0 = await item("0749");

    const lines = fixture("vcbench_data.jsonl").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const byId = (id: string) => lines.find((x) => x.id === id);
    byId("0179").query_points.count = [1, 1, 3]; // truth change
    byId("0179").query_points.time = [1.0, 21.8, 170.0];
    byId("0000").question = "How many pillows can you see now?"; // participant-facing change only
    const kept = lines.filter((x) => x.id !== "0800"); // removed from the file
    kept.push({ ...byId("0081"), id: "9999", question: "How many plants appeared in the last 4 seconds?" }); // new
    const file = write("vcbench_data_v2.jsonl", kept.map((x) => JSON.stringify(x)).join("\n"));

    const dry = await importBenchmarkFile({ kind: "VCBENCH", file, projectName: "vc", dryRun: true });
    expect(dry).toMatchObject({ created: 1, updated: 2, unchanged: 8 });
    expect((await db.project.findUniqueOrThrow({ where: { name: "vc" } })).truthVersion).toBe(p0.truthVersion);

    const out = await importBenchmarkFile({ kind: "VCBENCH", file, projectName: "vc" });
    expect(out).toMatchObject({ created: 1, updated: 2, unchanged: 8, errors: [] });
    expect(out.warnings.find((w) => w.code === "items_not_in_file")?.message).toMatch(/"0800"/);

    const truthChanged = await item("0179");
    expect(truthChanged.version).toBe(2);
    expect(truthChanged.truth!.version).toBe(2);
    expect(truthChanged.truth!.answer).toEqual([1, 1, 3]);
    expect(truthChanged.queryPoints.map((q) => q.timeSec)).toEqual([1.0, 21.8, 170.0]);
    expect(truthChanged.revisions.map((r) => [r.version, r.reason])).toEqual([
      [1, "import vcbench_data.jsonl"],
      [2, "re-import vcbench_data_v2.jsonl"],
    ]);
    expect((truthChanged.revisions[1].snapshot as { truth: { answer: number[] } }).truth.answer).toEqual([1, 1, 3]);

    const questionChanged = await item("0000");
    expect(questionChanged).toMatchObject({ version: 2, question: "How many pillows can you see now?" });
    expect(questionChanged.truth!.version).toBe(1);

    const untouched = await item("0749");
    expect(untouched).toEqual(untouched0);
    expect((await item("0800")).status).toBe("ACTIVE"); // kept, not deleted
    expect((await item("9999")).version).toBe(1);
    expect((await db.project.findUniqueOrThrow({ where: { name: "vc" } })).truthVersion).toBe(p0.truthVersion + 1);

    // and again: nothing changes any more
    const again = await importBenchmarkFile({ kind: "VCBENCH", file, projectName: "vc" });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 11 });
    expect((await db.project.findUniqueOrThrow({ where: { name: "vc" } })).truthVersion).toBe(p0.truthVersion + 1);
  });

  it("keeps the query point rows (ids other tables refer to) when only their time changes", async () => {
    const before = await item("0179");
    const lines = fixture("vcbench_data.jsonl").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    lines.find((x) => x.id === "0179").query_points.time = [1.5, 21.8, 170.0];
    const out = await importBenchmarkFile({ kind: "VCBENCH", file: write("vcbench_data_v3.jsonl", lines.map((x) => JSON.stringify(x)).join("\n")), projectName: "vc" });
    expect(out.errors).toEqual([]);
    const after = await item("0179");
    expect(after.queryPoints.map((q) => q.id)).toEqual(before.queryPoints.map((q) => q.id));
    expect(after.queryPoints.map((q) => q.timeSec)).toEqual([1.5, 21.8, 170]);
  });

  it("replaces the truth spans of an EC-Bench item whose clips changed", async () => {
    await importBenchmarkFile({ kind: "ECBENCH", file: write("ec.csv", fixture("ec_dataset.csv")), projectName: "ec" });
    const text = fixture("ec_dataset.csv").replace('"[0:02:15,0:02:27]",3,', '"[0:02:15,0:02:20], [0:05:00,0:05:10]",3,');
    const out = await importBenchmarkFile({ kind: "ECBENCH", file: write("ec2.csv", text), projectName: "ec" });
    expect(out).toMatchObject({ updated: 1, errors: [] });
    const spans = await db.evidenceSpan.findMany({ where: { item: { externalId: "5", project: { name: "ec" } }, source: "TRUTH" }, orderBy: { startSec: "asc" } });
    expect(spans.map((s) => [s.startSec, s.endSec])).toEqual([
      [135, 140],
      [300, 310],
    ]);
  });
});
