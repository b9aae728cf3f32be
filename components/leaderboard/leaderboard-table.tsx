"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import type { LeaderboardColumn } from "@/lib/leaderboard/columns";
import { compareRows, isFinalRow } from "@/lib/leaderboard/rank";
import type { LeaderboardData, LeaderboardRow } from "@/lib/leaderboard/types";
import { cn } from "@/components/ui/cn";
import { BreakdownCharts } from "./breakdown-charts";
import { formatInterval, formatValue } from "./format";
import { KindBadge, PartialBadge, StaleBadge } from "./kind-badge";
import { plural } from "@/lib/text/plural";

type Sort = { key: string; dir: "asc" | "desc" };

function compare(a: LeaderboardRow, b: LeaderboardRow, sort: Sort): number {
  if (sort.key === "__name") {
    const fa = isFinalRow(a);
    if (fa !== isFinalRow(b)) return fa ? -1 : 1;
    return sort.dir === "asc" ? a.name.localeCompare(b.name) : b.name.localeCompare(a.name);
  }
  return compareRows(a, b, sort.key, sort.dir === "desc");
}

/** Header cells grouped like the paper (one header row for groups, one for metrics). */
function groupsOf(columns: LeaderboardColumn[]): { group: string; span: number }[] {
  const out: { group: string; span: number }[] = [];
  for (const c of columns) {
    const last = out[out.length - 1];
    if (last && last.group === c.group) last.span += 1;
    else out.push({ group: c.group, span: 1 });
  }
  return out;
}

/**
 * The sortable leaderboard: click a header to sort (again to reverse); rows link to their run;
 * stale rows are flagged; with intervals (?ci=1) each cell shows its 95 % bootstrap interval.
 * A partial run (judged figures not all judged) is labelled, listed after the ranked rows in any
 * sort and has no rank (lib/leaderboard/rank.ts).
 * The rows ticked in the first column are drawn in the breakdown charts below.
 */
export function LeaderboardTable({ data, runBase }: { data: LeaderboardData; runBase: string }) {
  const [sort, setSort] = useState<Sort>({ key: data.primary, dir: data.columns.find((c) => c.key === data.primary)?.higherIsBetter === false ? "asc" : "desc" });
  const [extras, setExtras] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(() => {
    const models = data.rows.filter((r) => r.kind === "MODEL").slice(0, 4);
    const others = data.rows.filter((r) => r.kind !== "MODEL").slice(0, 3);
    return new Set([...others, ...models].map((r) => r.runId));
  });
  const columns = useMemo(() => data.columns.filter((c) => extras || c.main), [data.columns, extras]);
  const rows = useMemo(() => {
    let n = 0;
    return [...data.rows].sort((a, b) => compare(a, b, sort)).map((r) => ({ ...r, rank: isFinalRow(r) ? ++n : null }));
  }, [data.rows, sort]);
  const hasExtras = data.columns.some((c) => !c.main);
  const onSort = (key: string, higherIsBetter = true) =>
    setSort((s) => (s.key === key ? { key, dir: s.dir === "asc" ? "desc" : "asc" } : { key, dir: higherIsBetter ? "desc" : "asc" }));
  const arrow = (key: string) => (sort.key === key ? (sort.dir === "desc" ? " ▼" : " ▲") : "");

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {hasExtras && (
          <label className="flex items-center gap-1.5">
            <input type="checkbox" checked={extras} onChange={(e) => setExtras(e.target.checked)} />
            Show more columns (reference extras)
          </label>
        )}
        <span className="text-slate-500">
          {plural(data.rows.length, "row")}; values ×100 except MAE and rubric; click a header to sort.
        </span>
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm" data-testid="leaderboard-table">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th className="px-2 py-1" rowSpan={2}>
                <span className="sr-only">Chart</span>
              </th>
              <th className="px-2 py-1 text-left" rowSpan={2}>
                #
              </th>
              <th className="px-3 py-1 text-left" rowSpan={2} aria-sort={sort.key === "__name" ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}>
                <button type="button" className="font-semibold uppercase tracking-wide" onClick={() => onSort("__name")}>
                  Run{arrow("__name")}
                </button>
              </th>
              {groupsOf(columns).map((g, i) => (
                <th key={`${g.group}-${i}`} colSpan={g.span} className="border-l border-slate-200 px-2 py-1 text-center font-semibold">
                  {g.group}
                </th>
              ))}
            </tr>
            <tr>
              {columns.map((c) => (
                <th key={c.key} className="border-l border-slate-100 px-2 py-1 text-right" aria-sort={sort.key === c.key ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}>
                  <button type="button" className="font-semibold" title={`${c.group} ${c.label}${c.higherIsBetter ? "" : " (lower is better)"}`} onClick={() => onSort(c.key, c.higherIsBetter)}>
                    {c.label}
                    {c.higherIsBetter ? "" : " ↓"}
                    {arrow(c.key)}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr
                key={r.runId}
                className={cn(r.kind === "HUMAN" && "bg-green-50/40", r.kind === "CHANCE" && "bg-slate-50 italic", (r.stale || r.rank === null) && "opacity-80")}
                data-testid="leaderboard-row"
                data-run-name={r.name}
                data-final={r.rank === null ? "no" : "yes"}
              >
                <td className="px-2 py-1.5 text-center">
                  <input
                    type="checkbox"
                    aria-label={`Show ${r.name} in the charts`}
                    checked={selected.has(r.runId)}
                    onChange={(e) =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (e.target.checked) next.add(r.runId);
                        else next.delete(r.runId);
                        return next;
                      })
                    }
                  />
                </td>
                <td className="px-2 py-1.5 tabular-nums text-slate-500" data-testid="row-rank">
                  {r.rank ?? <span title="Partial score: not ranked until every unit is judged">–</span>}
                </td>
                <td className="px-3 py-1.5">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <Link href={`${runBase}/${r.runId}`} className="font-medium text-blue-700 hover:underline">
                      {r.name}
                    </Link>
                    <KindBadge kind={r.kind} />
                    <StaleBadge stale={r.stale} status={r.status} />
                    <PartialBadge judging={r.judging} />
                    {r.unseenAnswers !== undefined && r.unseenAnswers > 0 && (
                      <span
                        className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900"
                        title="Answers to a part of the video that was never fully shown; excluded from the scores"
                        data-testid="unseen-answers"
                      >
                        {r.unseenAnswers} unseen
                      </span>
                    )}
                  </div>
                </td>
                {columns.map((c) => (
                  <td key={c.key} className="border-l border-slate-100 px-2 py-1.5 text-right tabular-nums" data-column={c.key}>
                    <div data-testid="cell-value">{formatValue(c, r.values[c.key])}</div>
                    {r.ci?.[c.key] && (
                      <div className="text-[10px] text-slate-500" data-testid="cell-interval">
                        {formatInterval(c, r.ci[c.key])}
                      </div>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <BreakdownCharts columns={data.columns} rows={data.rows.filter((r) => selected.has(r.runId))} />
    </div>
  );
}
