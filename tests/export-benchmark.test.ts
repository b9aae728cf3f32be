import { db } from "@/tests/support/test-db";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it, vi } from "vitest";
import { exportProjectFile } from "@/lib/projects/project-export";

const exportProject = (name: string, options: Parameters<typeof exportProjectFile>[1] = {}) => exportProjectFile({ name }, options);
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";

// Imports of whole files (and CLI runs) on a loaded machine can take a while.
vi.setConfig({ testTimeout: 300_000 });

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures/import", name);
const jsonl = (t: string) => t.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));

async function itemId(project: string, externalId: string) {
  return (await db.item.findFirstOrThrow({ where: { externalId, project: { name: project } }, select: { id: true } })).id;
}

describe("export writes current values", () => {
  it("VCBench: edited answers, query times and questions; removed items are left out", async () => {
    await importBenchmarkFile({ kind: "VCBENCH", file: fixture("vcbench_data.jsonl"), projectName: "vc" });
    const id = await itemId("vc", "0179");
    await db.itemTruth.update({ where: { itemId: id }, data: { answer: [1, 2, 2] } });
    await db.queryPoint.updateMany({ where: { itemId: id, ordinal: 2 }, data: { timeSec: 170.5 } });
    await db.item.update({ where: { id }, data: { question: "How many bookshelves so far?" } });
    await db.item.update({ where: { id: await itemId("vc", "0000") }, data: { status: "REMOVED", removalReason: "wrong label" } });
    const out = await exportProject("vc");
    const recs = jsonl(out.text);
    expect(recs.map((r) => r.id)).not.toContain("0000");
    expect(recs).toHaveLength(10);
    expect(recs.find((r) => r.id === "0179")).toMatchObject({ question: "How many bookshelves so far?", query_points: { time: [1.0, 21.8, 170.5], count: [1, 2, 2] } });
    expect(jsonl((await exportProject("vc", { includeRemoved: true })).text)).toHaveLength(11);
    const flat = jsonl((await exportProject("vc", { vcbenchFormat: "eval" })).text);
    expect(flat.filter((r) => r.id === "0179").map((r) => r.query_time)).toEqual([1.0, 21.8, 170.5]);
  });

  it("EC-Bench: edited evidence spans are written as clips; unedited cells stay as imported", async () => {
    await importBenchmarkFile({ kind: "ECBENCH", file: fixture("ec_dataset.csv"), projectName: "ec" });
    const id = await itemId("ec", "13");
    await db.evidenceSpan.deleteMany({ where: { itemId: id, source: "TRUTH" } });
    await db.evidenceSpan.createMany({ data: [{ itemId: id, source: "TRUTH", startSec: 3725, endSec: 3730 }, { itemId: id, source: "TRUTH", startSec: 128, endSec: 165 }] });
    const rows = parseCsv((await exportProject("ec")).text, { columns: true }) as Record<string, string>[];
    const orig = parseCsv((await import("node:fs")).readFileSync(fixture("ec_dataset.csv"), "utf8"), { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.question_id === "13")!.clips).toBe("[0:02:08,0:02:45], [1:02:05,1:02:10]");
    expect(rows.find((r) => r.question_id === "2")!.clips).toBe(orig.find((r) => r.question_id === "2")!.clips);
  });

  it("TOC-Bench: edited options and answers; header counts follow removals", async () => {
    await importBenchmarkFile({ kind: "TOCBENCH", file: fixture("toc_answer_final.json"), projectName: "toc" });
    const id = await itemId("toc", "42fbdd45fe59");
    const item = await db.item.findUniqueOrThrow({ where: { id } });
    const presentation = item.presentation as { options: { label: string; text: string }[] };
    presentation.options[2].text = "middle";
    await db.item.update({ where: { id }, data: { presentation } });
    await db.itemTruth.update({ where: { itemId: id }, data: { answer: "C" } });
    await db.item.update({ where: { id: await itemId("toc", "306b3b6b5877") }, data: { status: "REMOVED" } });
    const doc = JSON.parse((await exportProject("toc")).text);
    expect(doc.total_items).toBe(9);
    expect(doc.format_counts.numerical).toBe(0);
    expect(doc.items.find((i: { qa_id: string }) => i.qa_id === "42fbdd45fe59")).toMatchObject({ option_C: "middle", correct_answer: "C" });
  });
});
