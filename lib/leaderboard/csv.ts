/**
 * CSV export of a leaderboard (PURE): one row per run, the columns of the JSON (values in display
 * units: percentages ×100, MAE and rubric as they are, rounded to 6 decimals), with the 95 %
 * interval bounds after each column when intervals were computed. CRLF records; cells with edge
 * white space quoted. Written by the one CSV writer (lib/csv): a run name or any other text a
 * spreadsheet would run as a formula (`=HYPERLINK(...)`) gets an apostrophe in front.
 */
import { csvText, type CsvCell } from "@/lib/csv/write-csv";
import type { LeaderboardData } from "./types";

const rounded = (v: unknown): CsvCell => (typeof v === "number" ? (Number.isFinite(v) ? Math.round(v * 1e6) / 1e6 : null) : (v as CsvCell));

export function leaderboardCsv(data: LeaderboardData): string {
  const withCi = data.ci !== null;
  const head = ["rank", "run", "kind", "stale", "status", "truth_version", "scored_at"];
  for (const c of data.columns) {
    const name = `${c.group} ${c.label}`.trim() + (c.unit === "percent" ? " (x100)" : "");
    head.push(name);
    if (withCi) head.push(`${name} CI low`, `${name} CI high`);
  }
  const rows: CsvCell[][] = [head];
  data.rows.forEach((r, i) => {
    const out: unknown[] = [i + 1, r.name, r.kind, r.stale ? "yes" : "no", r.status, r.truthVersion, r.scoredAt ?? ""];
    for (const c of data.columns) {
      out.push(r.values[c.key] ?? null);
      if (withCi) out.push(r.ci?.[c.key]?.lower ?? null, r.ci?.[c.key]?.upper ?? null);
    }
    rows.push(out.map(rounded));
  });
  return csvText(rows, { eol: "\r\n", quoteEdgeSpace: true });
}
