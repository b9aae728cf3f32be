/**
 * The breakdown charts of a leaderboard (PURE; the leaderboard's charts and the project report's
 * figures): the columns grouped by their `chart` (e.g. "GPA by subtype"), in column order.
 */
import type { LeaderboardColumn } from "./columns";

export function breakdownGroups(columns: readonly LeaderboardColumn[], options: { mainOnly?: boolean } = {}): Map<string, LeaderboardColumn[]> {
  const charts = new Map<string, LeaderboardColumn[]>();
  for (const c of columns) {
    if (!c.chart || (options.mainOnly && !c.main)) continue;
    const list = charts.get(c.chart) ?? [];
    list.push(c);
    charts.set(c.chart, list);
  }
  return charts;
}
