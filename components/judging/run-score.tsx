"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { RunScoreView } from "@/lib/judging/api-schemas";

const fmt = (v: number | null) => (v === null ? "—" : Number.isInteger(v) ? String(v) : v.toFixed(3));

/**
 * The run's stored score with the figures judgements change. Saving a judgement flags the run
 * stale and the server rescoring loop updates it; "Rescore now" does it at once.
 */
export function RunScore({ score, labels, projectId, runId }: { score: RunScoreView; labels: Record<string, string>; projectId: string; runId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function rescore() {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/projects/${encodeURIComponent(projectId)}/runs/${encodeURIComponent(runId)}/rescore`, { method: "POST" });
      if (!res.ok) setError(((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? `rescoring failed (${res.status})`);
      router.refresh();
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3 rounded border border-slate-200 bg-slate-50 px-3 py-2 text-sm" data-testid="run-score">
      <span className="font-medium">Run score</span>
      {Object.entries(labels).map(([key, label]) => (
        <span key={key} data-metric={key}>
          {label}: <span className="font-mono">{fmt(score.metrics[key] ?? null)}</span>
        </span>
      ))}
      {score.stale ? <Badge tone="amber">rescoring pending</Badge> : <Badge tone="green">up to date</Badge>}
      <Button size="sm" variant="secondary" onClick={rescore} disabled={busy}>
        {busy ? "Rescoring…" : "Rescore now"}
      </Button>
      {error ? <span className="text-red-700">{error}</span> : null}
    </div>
  );
}
