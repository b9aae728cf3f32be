/**
 * CSV export of a leaderboard (PURE): one row per run, the columns of the JSON (values in display
 * units: percentages ×100, MAE and rubric as they are), with the 95 % interval bounds after each
 * column when intervals were computed.
 */
import type { LeaderboardData } from "./types";

function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isFinite(v) ? String(Math.round(v * 1e6) / 1e6) : "";
  const s = String(v);
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function leaderboardCsv(data: LeaderboardData): string {
  const withCi = data.ci !== null;
  const head = ["rank", "run", "kind", "stale", "status", "truth_version", "scored_at"];
  for (const c of data.columns) {
    const name = `${c.group} ${c.label}`.trim() + (c.unit === "percent" ? " (x100)" : "");
    head.push(name);
    if (withCi) head.push(`${name} CI low`, `${name} CI high`);
  }
  const lines = [head.map(cell).join(",")];
  data.rows.forEach((r, i) => {
    const out: unknown[] = [i + 1, r.name, r.kind, r.stale ? "yes" : "no", r.status, r.truthVersion, r.scoredAt ?? ""];
    for (const c of data.columns) {
      out.push(r.values[c.key] ?? null);
      if (withCi) out.push(r.ci?.[c.key]?.lower ?? null, r.ci?.[c.key]?.upper ?? null);
    }
    lines.push(out.map(cell).join(","));
  });
  return lines.join("\r\n") + "\r\n";
}
