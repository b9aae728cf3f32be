"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { RunScoreView } from "@/lib/judging/api-schemas";
import { judgingLabel } from "@/lib/runs/judging-status";

const fmt = (v: number | null) => (v === null ? "—" : Number.isInteger(v) ? String(v) : v.toFixed(3));

/**
 * The run's stored score with the figures judgements change. Saving a judgement flags the run
 * stale and the server rescoring loop updates it a few seconds after a burst of saves pauses
 * (lib/runs/judgement-rescore.ts): until then (the stored run is stale, or `saves` went through on
 * this page since the score was last reloaded) the figures are marked "scores update shortly". "Rescore now" does it at once.
 * Until every unit is judged the score is labelled partial ("partial: judged n of N …"): its
 * figures are over the judged units only (lib/runs/judging-status.ts).
 */
export function RunScore({ score, labels, projectId, runId, saves = 0 }: { score: RunScoreView; labels: Record<string, string>; projectId: string; runId: string; saves?: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [savesShown, setSavesShown] = useState(0);
  const behind = score.stale || saves > savesShown;
  function reload() {
    setSavesShown(saves);
    router.refresh();
  }
  async function rescore() {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/projects/${encodeURIComponent(projectId)}/runs/${encodeURIComponent(runId)}/rescore`, { method: "POST" });
      if (!res.ok) setError(((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? `rescoring failed (${res.status})`);
      reload();
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
      {score.judging ? (
        <span data-testid="score-judging" data-final={score.judging.final ? "yes" : "no"}>
          <Badge tone={score.judging.final ? "green" : "amber"}>{judgingLabel(score.judging)}</Badge>
        </span>
      ) : null}
      {behind ? (
        <span className="flex items-center gap-2" data-testid="score-behind">
          <Badge tone="amber">scores update shortly</Badge>
          <Button size="sm" variant="ghost" onClick={reload}>
            Reload score
          </Button>
        </span>
      ) : (
        <Badge tone="green">up to date</Badge>
      )}
      <Button size="sm" variant="secondary" onClick={rescore} disabled={busy}>
        {busy ? "Rescoring…" : "Rescore now"}
      </Button>
      {error ? <span className="text-red-700">{error}</span> : null}
    </div>
  );
}
