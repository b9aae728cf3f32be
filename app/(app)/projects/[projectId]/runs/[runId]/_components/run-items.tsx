"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { compactJson } from "@/components/leaderboard/format";
import { Input } from "@/components/ui/input";

type Row = {
  itemId: string;
  externalId: string;
  format: string;
  question: string;
  raw: unknown;
  parsed: unknown;
  valid: boolean;
  scores: Record<string, unknown>;
  truth: { answer: unknown; spans: [number, number][]; queryTimes: number[] };
};

const PAGE = 50;

/** What the raw prediction was, in a short form per shape (VCBench points, TOC/EC/VSTAT answers, VSAS events). */
function rawText(raw: unknown): string {
  if (!raw || typeof raw !== "object") return compactJson(raw);
  const r = raw as Record<string, unknown>;
  if (Array.isArray(r.points)) return compactJson((r.points as Array<{ v: unknown } | null>).map((p) => (p ? p.v : null)));
  if ("value" in r) return compactJson(r.value);
  if ("answer" in r) return compactJson(r.answer) + (r.clipsText ? `  · clips ${compactJson(r.clipsText, 60)}` : "");
  if ("response" in r) return compactJson(r.response);
  if (Array.isArray(r.events)) return `${(r.events as unknown[]).length} response events, ${Array.isArray(r.judgements) ? (r.judgements as unknown[]).length : 0} judgements`;
  return compactJson(raw);
}

function scoreText(scores: Record<string, unknown>): string {
  return Object.entries(scores)
    .filter(([k, v]) => v !== null && !["task", "status", "kind", "subtype", "task_type"].includes(k))
    .map(([k, v]) => `${k} ${typeof v === "number" ? (Number.isInteger(v) ? v : v.toFixed(3)) : String(v)}`)
    .join(" · ");
}

/** Per-item results of a run next to the truth (ADMIN/REVIEWER; the API refuses others). */
export function RunItems({ projectId, runId, itemBase }: { projectId: string; runId: string; itemBase: string }) {
  const [offset, setOffset] = useState(0);
  const [q, setQ] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [data, setData] = useState<{ total: number; items: Row[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    const params = new URLSearchParams({ offset: String(offset), limit: String(PAGE) });
    if (q.trim()) params.set("q", q.trim());
    if (invalid) params.set("invalid", "1");
    fetch(`/api/projects/${encodeURIComponent(projectId)}/runs/${encodeURIComponent(runId)}/items?${params}`, { signal: ctl.signal })
      .then(async (res) => {
        const body = await res.json();
        if (!res.ok) throw new Error(body?.error?.message ?? `HTTP ${res.status}`);
        setData(body);
        setError(null);
      })
      .catch((e: Error) => e.name !== "AbortError" && setError(e.message));
    return () => ctl.abort();
  }, [projectId, runId, offset, q, invalid]);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Input className="max-w-xs" placeholder="Filter by item id…" aria-label="Filter by item id" value={q} onChange={(e) => { setQ(e.target.value); setOffset(0); }} />
        <label className="flex items-center gap-1.5">
          <input type="checkbox" checked={invalid} onChange={(e) => { setInvalid(e.target.checked); setOffset(0); }} />
          Only invalid / unscored answers
        </label>
      </div>
      {error && <p className="text-sm text-red-700" role="alert">{error}</p>}
      {data && (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full text-sm" data-testid="run-items">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th className="px-3 py-1.5 text-left">Item</th>
                <th className="px-3 py-1.5 text-left">Answer (as given)</th>
                <th className="px-3 py-1.5 text-left">Read as</th>
                <th className="px-3 py-1.5 text-left">Truth</th>
                <th className="px-3 py-1.5 text-left">Scores</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.items.map((r) => (
                <tr key={r.itemId} className={r.valid ? "" : "bg-red-50/50"}>
                  <td className="px-3 py-1.5 font-mono text-xs">
                    <Link href={`${itemBase}/${r.itemId}`} className="text-blue-700 hover:underline" title={r.question}>
                      {r.externalId}
                    </Link>
                    <div className="text-slate-500">{r.format}</div>
                  </td>
                  <td className="max-w-xs break-words px-3 py-1.5">{rawText(r.raw)}</td>
                  <td className="max-w-xs break-words px-3 py-1.5">{r.valid ? compactJson(r.parsed) : <span className="text-red-700">invalid / missing</span>}</td>
                  <td className="max-w-xs break-words px-3 py-1.5">{compactJson(r.truth.answer)}</td>
                  <td className="px-3 py-1.5 text-xs text-slate-600">{scoreText(r.scores)}</td>
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
          <span className="text-slate-500">{data.total === 0 ? "nothing" : `${offset + 1}–${Math.min(offset + PAGE, data.total)} of ${data.total}`}</span>
          <button type="button" className="text-blue-700 disabled:text-slate-400" disabled={offset + PAGE >= data.total} onClick={() => setOffset(offset + PAGE)}>
            Next →
          </button>
        </div>
      )}
    </div>
  );
}
