/**
 * A run's per-item scores as CSV (PURE, through lib/csv): the numbers behind its row of the
 * results table (the items the bootstrap resamples). Columns: item (external id), valid, then
 * every score key the run's items carry, sorted.
 */
import { csvText, type CsvCell } from "@/lib/csv/write-csv";

export type PerItemRow = { itemId: string; valid: boolean; scores: Record<string, unknown> };

export function perItemCsv(rows: readonly PerItemRow[]): string {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.scores)))].sort();
  const out: CsvCell[][] = [["item", "valid", ...keys]];
  const sorted = [...rows].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
  for (const r of sorted) {
    out.push([r.itemId, r.valid ? 1 : 0, ...keys.map((k) => {
      const v = r.scores[k];
      return typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" || typeof v === "boolean" ? v : null;
    })]);
  }
  return csvText(out, { eol: "\r\n", quoteEdgeSpace: true });
}
