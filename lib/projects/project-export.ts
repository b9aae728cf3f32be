import "server-only";
import { exportChecked } from "@/lib/benchmarks/export-checked";
import type { ExportOptions } from "@/lib/benchmarks/export-items";
import { nativeMetaOf } from "@/lib/benchmarks/project-defaults";
import { STORED_ITEM_SELECT, normalisedFromStored } from "@/lib/benchmarks/stored-item";
import { BENCHMARK_KINDS, type BenchmarkKindName, type ImportIssue } from "@/lib/benchmarks/types";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { exportCustomItems } from "./custom-format";
import { kindInfo } from "./kinds";

export type ProjectFile = {
  text: string;
  /** `<slug>.<ext>` of the project's format. */
  fileName: string;
  contentType: string;
  benchmark: string;
  items: number;
  warnings: ImportIssue[];
};

export type ProjectExportOptions = ExportOptions & { includeRemoved?: boolean };

/**
 * The ONE export path (download route and `npm run export`): the project's current items (ACTIVE;
 * REMOVED ones too with `includeRemoved`) in its native file format — the benchmark exporters of
 * lib/benchmarks with the file meta kept at import (`settings.native`) for the five benchmarks,
 * Playhead's generic JSONL for CUSTOM projects. The project is named by id or by name; unknown →
 * HttpError 404 `unknown_project`. A benchmark file is read back with the importer's parser before
 * it is returned (lib/benchmarks/export-checked.ts): one that would not import again is refused
 * with HttpError 422 `export_invalid` naming the items and fields (details: `{errors}`).
 */
export async function exportProjectFile(project: { id: string } | { name: string }, options: ProjectExportOptions = {}): Promise<ProjectFile> {
  const row = await db.project.findUnique({ where: project, select: { id: true, slug: true, benchmark: true, settings: true } });
  if (!row) throw new HttpError(404, "id" in project ? "No such project." : `no project named ${JSON.stringify(project.name)}`, "unknown_project");
  const rows = await db.item.findMany({
    where: { projectId: row.id, ...(options.includeRemoved ? {} : { status: "ACTIVE" as const }) },
    orderBy: [{ ordinal: "asc" }, { externalId: "asc" }],
    select: STORED_ITEM_SELECT,
  });
  const items = rows.map(normalisedFromStored);
  let out: { text: string; warnings: ImportIssue[] };
  if (row.benchmark === "CUSTOM") out = exportCustomItems({ items });
  else if ((BENCHMARK_KINDS as readonly string[]).includes(row.benchmark)) {
    const checked = await exportChecked(row.benchmark as BenchmarkKindName, { items, meta: nativeMetaOf(row.settings) }, options);
    if (checked.errors.length > 0) {
      const more = checked.errors.length > 1 ? ` (${checked.errors.length - 1} more problem${checked.errors.length > 2 ? "s" : ""})` : "";
      throw new HttpError(422, `This project cannot be exported as a ${row.benchmark} file: ${checked.errors[0].message}${more}`, "export_invalid", { errors: checked.errors.slice(0, 100) });
    }
    out = checked;
  } else throw new HttpError(422, `a ${row.benchmark} project has no native file format`, "no_native_format");
  const info = kindInfo(row.benchmark);
  return { text: out.text, fileName: `${row.slug}.${info.exportExt}`, contentType: info.exportType, benchmark: row.benchmark, items: rows.length, warnings: out.warnings };
}
