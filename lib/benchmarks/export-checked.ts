/**
 * A native export that is read back before anyone gets it (PURE): the exporter writes the file,
 * then the importer's own parser reads it. Anything that would stop the file from importing
 * again — an item the format cannot express (a VCBench video reference without
 * `<source_dataset>/`), a stored shape the exporter does not know, a lost item — is an error,
 * named by item and field, and the caller refuses the export. So every file Playhead writes
 * imports again; re-exporting the imported project gives the same bytes (tests/export-round-trip*).
 */
import { exportItems, type ExportOptions } from "./export-items";
import type { ExportInput } from "./export-types";
import { parseBenchmarkText } from "./parse-input";
import type { BenchmarkKindName, ImportIssue } from "./types";

export type CheckedExport = { text: string; warnings: ImportIssue[]; errors: ImportIssue[] };

export async function exportChecked(kind: BenchmarkKindName, input: ExportInput, options: ExportOptions = {}): Promise<CheckedExport> {
  const out = exportItems(kind, input, options);
  const errors = [...(out.errors ?? [])];
  if (errors.length > 0) return { text: out.text, warnings: out.warnings, errors };
  const back = await parseBenchmarkText(kind, out.text);
  for (const e of back.errors) {
    const who = e.item_id ? `item "${e.item_id}"` : "the file";
    errors.push({ ...e, message: `the exported file would not import again (${who}): ${e.message}` });
  }
  if (back.errors.length === 0 && back.items.length !== input.items.length) {
    errors.push({
      code: "export_items_lost",
      item_id: null,
      line: null,
      message: `the exported file holds ${back.items.length} items when read back, not ${input.items.length}`,
    });
  }
  return { text: out.text, warnings: out.warnings, errors };
}
