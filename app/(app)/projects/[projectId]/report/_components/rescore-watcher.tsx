"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { runsSignature, type RunState } from "@/lib/report/runs-signature";

const POLL_MS = 15_000;

/**
 * Keeps the Report tab's preview current: polls the project's runs (GET /api/projects/:id/runs)
 * while the tab is visible and, when a run was rescored, uploaded, removed or went stale since
 * the preview was built (`signature`), rebuilds the page on the server (router.refresh).
 */
export function RescoreWatcher({ projectId, signature }: { projectId: string; signature: string }) {
  const router = useRouter();
  const [note, setNote] = useState("");
  const shown = useRef(signature);
  useEffect(() => {
    shown.current = signature;
  }, [signature]);
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const res = await fetch(`/api/projects/${encodeURIComponent(projectId)}/runs`, { cache: "no-store" });
        if (!res.ok || stopped) return;
        const body = (await res.json()) as { runs: (Omit<RunState, "scoredAt"> & { scoredAt: string | null })[] };
        const now = runsSignature(body.runs);
        if (now !== shown.current) {
          shown.current = now;
          setNote("Runs changed (rescored or uploaded): the preview was rebuilt.");
          router.refresh();
        }
      } catch {
        // Offline or the server restarting: try again at the next tick.
      }
    };
    const timer = window.setInterval(poll, POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [projectId, router]);
  return (
    <p role="status" aria-live="polite" className="text-sm text-emerald-700" data-testid="report-refreshed">
      {note}
    </p>
  );
}
