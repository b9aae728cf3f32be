"use client";

import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { barAxis } from "@/lib/charts/bar-axis";
import { breakdownGroups } from "@/lib/leaderboard/breakdown-groups";
import type { LeaderboardColumn } from "@/lib/leaderboard/columns";
import type { LeaderboardRow } from "@/lib/leaderboard/types";

const COLORS = ["#2563eb", "#16a34a", "#dc2626", "#9333ea", "#ea580c", "#0891b2", "#4b5563", "#ca8a04", "#db2777", "#65a30d"];

/**
 * One grouped bar chart per breakdown of the paper's table (e.g. GPA by subtype, accuracy by
 * dimension): x = the breakdown's values, one bar per selected row, with the bootstrap interval
 * as an error bar when intervals were computed.
 */
export function BreakdownCharts({ columns, rows }: { columns: LeaderboardColumn[]; rows: LeaderboardRow[] }) {
  const charts = breakdownGroups(columns);
  if (charts.size === 0) return null;
  if (rows.length === 0) return <p className="text-sm text-slate-500">Tick rows in the table to compare them in the charts.</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="breakdown-charts">
      {[...charts].map(([title, cols]) => {
        const data = cols.map((c) => {
          const point: Record<string, string | number | null | [number, number]> = { label: c.chartLabel };
          rows.forEach((r, i) => {
            const v = r.values[c.key];
            point[`r${i}`] = v ?? null;
            const ci = r.ci?.[c.key];
            if (ci && v !== null && v !== undefined) point[`e${i}`] = [v - ci.lower, ci.upper - v];
          });
          return point;
        });
        const percent = cols.every((c) => c.unit === "percent");
        // Bars from 0; percentages stop at 100; an interval's ends stay on the axis.
        const values = rows.flatMap((r) => cols.flatMap((c) => {
          const v = r.values[c.key];
          const ci = r.ci?.[c.key];
          return v === null || v === undefined ? [] : ci ? [v, ci.lower, ci.upper] : [v];
        }));
        const axis = barAxis(values, percent ? { min: 0, max: 100 } : {});
        return (
          <figure key={title} className="rounded-lg border border-slate-200 bg-white p-3">
            <figcaption className="mb-2 text-sm font-semibold text-slate-800">{title}</figcaption>
            <div className="h-64">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} angle={cols.length > 6 ? -30 : 0} textAnchor={cols.length > 6 ? "end" : "middle"} height={cols.length > 6 ? 60 : 30} />
                  <YAxis tick={{ fontSize: 11 }} domain={axis.domain} ticks={axis.ticks} allowDataOverflow />
                  <Tooltip formatter={(v) => (typeof v === "number" ? v.toFixed(1) : String(v))} />
                  <Legend wrapperStyle={{ fontSize: 11 }} />
                  {rows.map((r, i) => (
                    <Bar key={r.runId} dataKey={`r${i}`} name={r.judging && !r.judging.final ? `${r.name} (partial: judged ${r.judging.judged} of ${r.judging.total})` : r.name} fill={COLORS[i % COLORS.length]} isAnimationActive={false}>
                      {r.ci && <ErrorBar dataKey={`e${i}`} width={3} strokeWidth={1} stroke="#334155" />}
                    </Bar>
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
          </figure>
        );
      })}
    </div>
  );
}
