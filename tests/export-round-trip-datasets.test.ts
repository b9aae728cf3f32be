import { testDb } from "@/tests/support/test-db";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import type { BenchmarkKindName } from "@/lib/benchmarks/types";
import { exportProjectFile } from "@/lib/projects/project-export";
import { roundTrip, type StoredItem } from "@/tests/support/round-trip";

/**
 * The export → import → export round trip on the FULL real annotation files. Tests never read
 * ../shared on their own: this file runs only when PLAYHEAD_DATASETS names the datasets folder
 * (`npm run check:round-trip`, which sets it to ../shared/datasets; add TEST_DB=postgresql for
 * PostgreSQL), and each file is skipped when absent. `npm test` reports it as skipped.
 */
vi.setConfig({ testTimeout: 600_000, hookTimeout: 600_000 });

const root = process.env.PLAYHEAD_DATASETS ? path.resolve(process.env.PLAYHEAD_DATASETS) : null;
const jsonl = (t: string) => t.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const csv = (t: string) => parseCsv(t, { columns: true, bom: true });

type Case = { kind: BenchmarkKindName; file: string; items: number; read: (text: string) => unknown };
const cases: Case[] = [
  { kind: "VCBENCH", file: "vcbench/vcbench_data.jsonl", items: 1000, read: jsonl },
  { kind: "VCBENCH", file: "vcbench/vcbench_eval.jsonl", items: 1000, read: jsonl },
  { kind: "TOCBENCH", file: "toc-bench/answer_final.json", items: 2323, read: JSON.parse },
  { kind: "ECBENCH", file: "ec-bench/dataset.csv", items: 1699, read: csv },
];
const withoutSource = (items: StoredItem[]) => items.map((it) => ({ ...it, truth: { answer: it.truth.answer } }));

describe.skipIf(root === null)(`full real files (PLAYHEAD_DATASETS) on ${testDb.provider}`, () => {
  describe.each(cases)("$file", (c) => {
    const file = root ? path.join(root, c.file) : "";
    const present = root !== null && existsSync(file);
    const project = `full ${c.file}`;

    beforeAll(async () => {
      if (!present) return;
      const out = await importBenchmarkFile({ kind: c.kind, file, projectName: project });
      expect(out.errors).toEqual([]);
    });

    it.skipIf(!present)("exports what was imported (same records as the file)", async () => {
      const out = await exportProjectFile({ name: project });
      expect(out.items).toBe(c.items);
      expect(c.read(out.text)).toEqual(c.read(readFileSync(file, "utf8")));
    });

    it.skipIf(!present)("export → import → export: the same bytes, items and truth", async () => {
      const rt = await roundTrip(c.kind, project);
      expect(rt.reimport.errors).toEqual([]);
      expect(rt.second).toBe(rt.first);
      expect(rt.after).toEqual(rt.before);
    });

    it.skipIf(!present || c.file !== "vcbench/vcbench_data.jsonl")("as vcbench_eval.jsonl: the same bytes, answers and query points", async () => {
      const rt = await roundTrip(c.kind, project, { vcbenchFormat: "eval" });
      expect(rt.reimport.errors).toEqual([]);
      expect(rt.second).toBe(rt.first);
      expect(withoutSource(rt.after)).toEqual(withoutSource(rt.before));
    });
  });
});
