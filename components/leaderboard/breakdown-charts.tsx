import { ChartCard } from "@/components/charts/chart-card";
import { breakdownChartSpecs } from "@/lib/leaderboard/breakdown-chart-specs";
import type { LeaderboardColumn } from "@/lib/leaderboard/columns";
import type { LeaderboardRow } from "@/lib/leaderboard/types";

/**
 * One grouped bar chart per breakdown of the paper's table (e.g. GPA by subtype, accuracy by
 * dimension): x = the breakdown's values, one bar per row ticked in the table, with the bootstrap
 * interval as whiskers when intervals were computed. The specs are the report's
 * (lib/leaderboard/breakdown-chart-specs.ts), drawn by the report's component.
 */
export function BreakdownCharts({ columns, rows }: { columns: LeaderboardColumn[]; rows: LeaderboardRow[] }) {
  const specs = breakdownChartSpecs(columns, rows);
  if (specs.length === 0) return null;
  if (rows.length === 0) return <p className="text-sm text-slate-500">Tick rows in the table to compare them in the charts.</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="breakdown-charts">
      {specs.map((spec) => (
        <ChartCard key={spec.title} spec={spec} />
      ))}
    </div>
  );
}
