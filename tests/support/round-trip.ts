/**
 * Export → import → export round trips of benchmark projects (import after tests/support/test-db).
 *
 * `roundTrip(kind, projectName)` exports the project in its native format, imports that file into
 * a NEW project, exports the new project again, and returns both texts plus both projects' stored
 * items (what the database holds: item, truth, query points, truth spans; without row ids, lines
 * and link state) so a test can assert byte equality and "the same items and truth".
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { importBenchmarkFile, type ImportOutcome } from "@/lib/benchmarks/import-project";
import { STORED_ITEM_SELECT, normalisedFromStored } from "@/lib/benchmarks/stored-item";
import type { BenchmarkKindName, ImportIssue, NormalisedItem } from "@/lib/benchmarks/types";
import { exportProjectFile, type ProjectExportOptions } from "@/lib/projects/project-export";
import { db, testDb } from "./test-db";

export type StoredItem = Omit<NormalisedItem, "line">;

/** A project's items as stored (native order), comparable across projects. */
export async function storedItems(projectName: string): Promise<StoredItem[]> {
  const rows = await db.item.findMany({
    where: { project: { name: projectName } },
    orderBy: [{ ordinal: "asc" }, { externalId: "asc" }],
    select: STORED_ITEM_SELECT,
  });
  return rows.map((r) => {
    const { line: _line, ...rest } = normalisedFromStored(r);
    return rest;
  });
}

let files = 0;

/** Writes `text` to a file under the test's data directory and imports it as `projectName`. */
export async function importText(kind: BenchmarkKindName, text: string, projectName: string, fileName: string): Promise<ImportOutcome> {
  const dir = path.join(testDb.dataDir, "round-trip");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${++files}-${fileName}`);
  await writeFile(file, text, "utf8");
  return importBenchmarkFile({ kind, file, projectName });
}

export type RoundTrip = {
  first: string;
  second: string;
  exportWarnings: ImportIssue[];
  reimport: ImportOutcome;
  before: StoredItem[];
  after: StoredItem[];
};

/** Export `projectName`, import the file as `<projectName> (again)`, export that. */
export async function roundTrip(kind: BenchmarkKindName, projectName: string, options: ProjectExportOptions = {}): Promise<RoundTrip> {
  const out1 = await exportProjectFile({ name: projectName }, options);
  const again = `${projectName} (again${options.vcbenchFormat ? ` ${options.vcbenchFormat}` : ""})`;
  const reimport = await importText(kind, out1.text, again, out1.fileName);
  const out2 = reimport.errors.length === 0 ? await exportProjectFile({ name: again }, options) : null;
  return {
    first: out1.text,
    second: out2?.text ?? "",
    exportWarnings: [...out1.warnings, ...(out2?.warnings ?? [])],
    reimport,
    before: await storedItems(projectName),
    after: reimport.errors.length === 0 ? await storedItems(again) : [],
  };
}
