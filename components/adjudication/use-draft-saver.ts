"use client";

import { useEffect, useMemo, useSyncExternalStore } from "react";
import { randomId } from "@/components/annotation-workspace/browser-autosave";
import type { SaveAdjudicationDraftBody } from "@/lib/review/api-schemas";
import { createDraftSaver, type DraftSaver, type DraftSaverState } from "@/lib/review/draft-saver";

async function putDraft(adjudicationId: string, body: SaveAdjudicationDraftBody) {
  const r = await fetch(`/api/adjudications/${encodeURIComponent(adjudicationId)}/draft`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json().catch(() => null) };
}

/** Browser wiring of the draft autosave (lib/review/draft-saver.ts): fetch, window timers; flushes when the page is hidden. */
export function useDraftSaver(adjudicationId: string, version: number, enabled: boolean): { saver: DraftSaver | null; state: DraftSaverState | null } {
  const saver = useMemo(
    () =>
      enabled
        ? createDraftSaver(version, {
            send: (body) => putDraft(adjudicationId, body),
            setTimer: (fn, ms) => window.setTimeout(fn, ms),
            clearTimer: (h) => window.clearTimeout(h as number),
            newId: () => randomId("adj"),
            debounceMs: 500,
          })
        : null,
    [adjudicationId, version, enabled],
  );
  useEffect(() => {
    if (!saver) return;
    const onHide = () => {
      if (document.visibilityState === "hidden") void saver.flush();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      void saver.flush().finally(() => saver.stop());
    };
  }, [saver]);
  const subscribe = useMemo(() => (l: () => void) => (saver ? saver.subscribe(l) : () => {}), [saver]);
  const state = useSyncExternalStore(subscribe, () => saver?.getState() ?? null, () => null);
  return { saver, state };
}
