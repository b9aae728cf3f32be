/** Shapes shared by the exporters (`lib/benchmarks/<kind>/export.ts`). */
import type { FileMeta, ImportIssue, NormalisedItem } from "./types";

/** What an exporter gets: current items in native order (ordinal) and the file meta stored at import. */
export type ExportInput = { items: readonly NormalisedItem[]; meta?: FileMeta | null };

/**
 * The exported file text, anything that could not be written faithfully (`warnings`), and what
 * makes the file invalid (`errors`: the export is refused, nothing is written).
 */
export type ExportOutput = { text: string; warnings: ImportIssue[]; errors?: ImportIssue[] };

/** Items sorted by ordinal (ties by externalId), without mutating the input. */
export function inNativeOrder(items: readonly NormalisedItem[]): NormalisedItem[] {
  return [...items].sort((a, b) => a.ordinal - b.ordinal || (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
}

/** Query points sorted by ordinal. */
export function pointsInOrder(item: NormalisedItem): NormalisedItem["queryPoints"] {
  return [...item.queryPoints].sort((a, b) => a.ordinal - b.ordinal);
}

/** JSONL text: one object a line, final newline. */
export function toJsonl(records: readonly unknown[]): string {
  return records.map((r) => JSON.stringify(r)).join("\n") + (records.length ? "\n" : "");
}

/** `value` when it is an array, else an empty list (stored JSON may hold any shape). */
export function listOf<T = unknown>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
