"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Input } from "@/components/ui/input";
import { formatFraction } from "./format";

type DrillList = {
  total: number;
  runs: { runId: string; name: string; kind: string }[];
  items: { itemId: string; externalId: string; format: string; question: string; status: string; scores: Record<string, number | null>; modelMean: number | null }[];
};

const PAGE = 25;

/**
 * Per-item drill-down (ADMIN/REVIEWER): a page of items with each row's headline per-item score
 * (GPA, correct, MRA...); an item opens its answers-versus-truth page.
 */
export function DrillDownList({ projectId, itemBase, headline }: { projectId: string; itemBase: string; headline: string }) {
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const [data, setData] = useState<DrillList | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ctl = new AbortController();
    const params = new URLSearchParams({ offset: String(offset), limit: String(PAGE) });
    if (q.trim()) params.set("q", q.trim());
    fetch(`/api/projects/${encodeURIComponent(projectId)}/leaderboard/items?${params}`, { signal: ctl.signal })
      .then(async (res) => {
        const body = await res.json();
        if (!res.ok) throw new Error(body?.error?.message ?? `HTTP ${res.status}`);
        setData(body as DrillList);
        setError(null);
      })
      .catch((e: Error) => {
        if (e.name !== "AbortError") setError(e.message);
      });
    return () => ctl.abort();
  }, [projectId, q, offset]);

  const runs = data?.runs.slice(0, 12) ?? [];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Input
          className="max-w-xs"
          placeholder="Filter by item id…"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setOffset(0);
          }}
          aria-label="Filter items by id"
        />
        <span className="text-sm text-slate-500">Cells: per-item {headline} ×100{data && data.runs.length > runs.length ? ` (first ${runs.length} of ${data.runs.length} runs)` : ""}.</span>
      </div>
      {error && <p className="text-sm text-red-700" role="alert">{error}</p>}
      {data && (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="px-3 py-1.5 text-left">Item</th>
                <th className="px-3 py-1.5 text-left">Question</th>
                <th className="px-2 py-1.5 text-right">Model mean</th>
                {runs.map((r) => (
                  <th key={r.runId} className="px-2 py-1.5 text-right" title={r.name}>
                    {r.name.length > 14 ? `${r.name.slice(0, 13)}…` : r.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.items.map((it) => (
                <tr key={it.itemId}>
                  <td className="px-3 py-1.5 font-mono text-xs">
                    <Link href={`${itemBase}/${it.itemId}`} className="text-blue-700 hover:underline">
                      {it.externalId}
                    </Link>
                    {it.status !== "ACTIVE" && <span className="ml-1 text-slate-400">(removed)</span>}
                  </td>
                  <td className="max-w-md truncate px-3 py-1.5" title={it.question}>
                    {it.question}
                  </td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{formatFraction(it.modelMean)}</td>
                  {runs.map((r) => {
                    const v = it.scores[r.runId];
                    const shade = v === undefined || v === null ? "" : v >= 0.999 ? "bg-green-50" : v <= 0.001 ? "bg-red-50" : "bg-amber-50";
                    return (
                      <td key={r.runId} className={`px-2 py-1.5 text-right tabular-nums ${shade}`}>
                        {v === undefined ? "" : formatFraction(v)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <div className="flex items-center gap-3 text-sm">
          <button type="button" className="text-blue-700 disabled:text-slate-400" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            ← Previous
          </button>
          <span className="text-slate-500">
            {data.total === 0 ? "no items" : `${offset + 1}–${Math.min(offset + PAGE, data.total)} of ${data.total}`}
          </span>
          <button type="button" className="text-blue-700 disabled:text-slate-400" disabled={offset + PAGE >= data.total} onClick={() => setOffset(offset + PAGE)}>
            Next →
          </button>
        </div>
      )}
    </div>
  );
}
