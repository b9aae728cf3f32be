/**
 * The breakdown charts of a leaderboard as chart specs (PURE): the leaderboard's charts (the rows
 * ticked in the table) and the report's figures (every row, the paper table's names) both come
 * from here, so a page and the report cannot draw a breakdown differently. One chart per
 * breakdown group (lib/leaderboard/breakdown-groups.ts), one series per row, the bootstrap
 * interval as whiskers when intervals were computed.
 */
import type { BarChartSpec } from "@/lib/charts/bar-chart-spec";
import { breakdownGroups } from "./breakdown-groups";
import type { LeaderboardColumn } from "./columns";
import type { LeaderboardRow } from "./types";

export type BreakdownChartOptions = {
  /** Only the paper's main columns (the report). */
  mainOnly?: boolean;
  /** Groups left out (the report leaves "Overall" to the table). */
  skip?: readonly string[];
  /** A row's series name (default: its leaderboard name). */
  name?: (row: LeaderboardRow) => string;
};

/** " (partial: judged 3 of 10)" for a row whose judging is not final, else "". */
export function partialJudgingSuffix(row: Pick<LeaderboardRow, "judging">): string {
  return row.judging && !row.judging.final ? ` (partial: judged ${row.judging.judged} of ${row.judging.total})` : "";
}

export function breakdownChartSpecs(columns: readonly LeaderboardColumn[], rows: readonly LeaderboardRow[], options: BreakdownChartOptions = {}): BarChartSpec[] {
  const specs: BarChartSpec[] = [];
  for (const [title, cols] of breakdownGroups(columns, { mainOnly: options.mainOnly })) {
    if (options.skip?.includes(title)) continue;
    // Bars from 0; percentages stop at 100; an interval's ends stay on the axis.
    const percent = cols.every((c) => c.unit === "percent");
    specs.push({
      title,
      categories: cols.map((c) => c.chartLabel),
      series: rows.map((r) => ({
        name: (options.name ? options.name(r) : r.name) + partialJudgingSuffix(r),
        values: cols.map((c) => r.values[c.key] ?? null),
        intervals: cols.map((c) => (r.values[c.key] === null || r.values[c.key] === undefined ? null : (r.ci?.[c.key] ?? null))),
      })),
      bound: percent ? { min: 0, max: 100 } : {},
      valueLabel: percent ? "%" : undefined,
    });
  }
  return specs;
}
