/**
 * CSV export of a leaderboard (PURE): one row per run, the columns of the JSON (values in display
 * units: percentages ×100, MAE and rubric as they are, rounded to 6 decimals), with the 95 %
 * interval bounds after each column when intervals were computed. Last three columns: `judged`
 * and `judged_of` (units judged / to judge: VSAS seconds, EC-Bench enumeration answers; empty where
 * nothing is judged) and `final` ("no" for a partial run, whose `rank` is then empty:
 * lib/leaderboard/rank.ts). CRLF records; cells with edge white space quoted. Written by the one
 * CSV writer (lib/csv): a run name or any other text a spreadsheet would run as a formula
 * (`=HYPERLINK(...)`) gets an apostrophe in front.
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
  head.push("judged", "judged_of", "final");
  const rows: CsvCell[][] = [head];
  data.rows.forEach((r, i) => {
    const out: unknown[] = [r.rank === undefined ? i + 1 : r.rank, r.name, r.kind, r.stale ? "yes" : "no", r.status, r.truthVersion, r.scoredAt ?? ""];
    for (const c of data.columns) {
      out.push(r.values[c.key] ?? null);
      if (withCi) out.push(r.ci?.[c.key]?.lower ?? null, r.ci?.[c.key]?.upper ?? null);
    }
    const judging = r.judging && r.judging.basis === "judged" ? r.judging : null;
    out.push(judging?.judged ?? null, judging?.total ?? null, !r.judging || r.judging.final ? "yes" : "no");
    rows.push(out.map(rounded));
  });
  return csvText(rows, { eol: "\r\n", quoteEdgeSpace: true });
}
