/**
 * CSV and JSON export of the agreement dashboard and of every item's comparison (PURE).
 * CSV: the one CSV writer (lib/csv/write-csv.ts): RFC 4180 with CRLF records, and text a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) prefixed with
 * an apostrophe. Undefined statistics are empty cells in CSV and `null` in JSON.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { csvText, type CsvCell } from "@/lib/csv/write-csv";
import type { Dashboard, DashboardRecord } from "./dashboard";
import { listDifferences } from "./differences";

/** A CSV document from a header and rows (CRLF). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvText([header, ...rows], { eol: "\r\n" });
}

/** Every figure, one row each. */
export function figuresCsv(d: Dashboard): string {
  return toCsv(
    ["scope", "annotators", "benchmark", "kind", "facet", "statistic", "items", "estimate", "lower", "upper"],
    d.figures.map((f) => [f.scope, f.annotators.join(" "), f.benchmark, f.kind, f.facet, f.statistic, f.items, f.estimate, f.lower, f.upper]),
  );
}

export function disputedRatesCsv(d: Dashboard): string {
  return toCsv(
    ["benchmark", "subtype", "items", "disputed", "rate", "lower", "upper"],
    d.disputedRates.map((r) => [r.benchmark, r.subtype, r.items, r.disputed, r.rate, r.lower, r.upper]),
  );
}

export function throughputCsv(d: Dashboard): string {
  return toCsv(
    ["annotator", "items", "active_hours", "items_per_hour", "median_minutes_per_item"],
    d.throughput.map((t) => [t.annotatorId, t.items, t.activeHours, t.itemsPerHour, t.medianMinutesPerItem]),
  );
}

/** JSON text of any value with NaN / ±Infinity as null. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === "number" && !Number.isFinite(v) ? null : v), 2);
}

/** The dashboard as one JSON document. */
export function dashboardJson(d: Dashboard): string {
  return toJson(d);
}

export type ItemExport = DashboardRecord & {
  /** The annotations compared, in the record's annotator order. */
  documents?: AnnotationDocument[];
  /** The adjudicated (or auto-merged) document and who resolved it, when resolved. */
  resolution?: { document: AnnotationDocument; resolvedBy: string | null; decisions: { differenceId: string; resolution: string }[] } | null;
};

/** Every item's annotations, comparison (verdict, reasons, per-facet figures), differences and adjudication, as JSON. */
export function itemsJson(items: readonly ItemExport[]): string {
  return toJson(
    items.map((i) => ({
      itemId: i.itemId,
      benchmark: i.comparison.benchmark,
      subtype: i.comparison.subtype,
      annotators: i.annotators,
      verdict: i.comparison.verdict,
      reasons: i.comparison.reasons,
      facets: i.comparison.facets.map((f) => ({ name: f.name, kind: f.kind, agreed: f.agreed, ...("pairs" in f ? { pairs: f.pairs } : { labels: f.labels }) })),
      differences: listDifferences(i.comparison).map((d) => ({ id: d.id, type: d.type, blocking: d.blocking, summary: d.summary })),
      documents: i.documents ?? null,
      resolution: i.resolution ?? null,
    })),
  );
}

/** One row per item: id, benchmark, subtype, annotators, verdict, reasons, differences. */
export function itemsCsv(items: readonly DashboardRecord[]): string {
  return toCsv(
    ["item", "benchmark", "subtype", "annotators", "verdict", "differences", "reasons"],
    items.map((i) => [i.itemId, i.comparison.benchmark, i.comparison.subtype, i.annotators.join(" "), i.comparison.verdict, listDifferences(i.comparison).length, i.comparison.reasons.join(" | ")]),
  );
}
