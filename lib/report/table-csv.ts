/**
 * The results table as CSV (PURE, through the one CSV writer lib/csv/write-csv.ts): one row per
 * system, per column its value and interval bounds (display units, 6 decimals as the leaderboard
 * CSV) and whether it is the column's best.
 */
import { csvText, type CsvCell } from "@/lib/csv/write-csv";
import { csvNumber } from "./format-number";
import { columnTitle } from "./table-markdown";
import type { ResultsTable } from "./results-table";

export function resultsCsv(table: ResultsTable): string {
  const head: CsvCell[] = ["system", "kind", "run_id", "partial"];
  for (const c of table.columns) {
    const name = columnTitle(c) + (c.unit === "percent" ? " (x100)" : "");
    head.push(name, `${name} CI low`, `${name} CI high`, `${name} best`);
  }
  const rows: CsvCell[][] = [head];
  for (const r of table.rows) {
    const out: CsvCell[] = [r.label, r.kind, r.runId, r.partial ? "yes" : "no"];
    for (const c of table.columns) {
      out.push(csvNumber(r.values[c.key]), csvNumber(r.ci[c.key]?.lower), csvNumber(r.ci[c.key]?.upper), table.best[c.key]?.includes(r.runId) ? "yes" : "no");
    }
    rows.push(out);
  }
  return csvText(rows, { eol: "\r\n", quoteEdgeSpace: true });
}
