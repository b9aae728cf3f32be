"use client";

import { useEffect, useState } from "react";
import type { WorkspacePayload } from "@/lib/annotation/api-schemas";
import { createWorkspaceStore } from "@/lib/annotation/workspace-store";
import { createBrowserAutosave } from "@/components/annotation-workspace/browser-autosave";
import { inTimeOrder } from "@/lib/annotation/time-order";
import { WorkspaceView } from "./workspace-view";
import type { WorkspaceSession } from "./workspace-types";


/**
 * Client root of the workspace: creates the document store and the autosave client once per
 * annotation, in the browser only (the autosave queue lives in localStorage; unsent changes found
 * there — after a reload, a crash, an offline spell, or left by a tab that was closed — are what
 * the store starts from). The store keeps lists in time order; a document that was not (saved
 * before that rule) is queued in order at once, so the server checks what the page shows.
 */
export function Workspace({ payload, canReopen = false }: { payload: WorkspacePayload; canReopen?: boolean }) {
  const [session, setSession] = useState<WorkspaceSession | null>(null);
  const { id, version, data } = payload.annotation;
  const readOnly = payload.readOnly;

  useEffect(() => {
    let cancelled = false;
    let stop: (() => void) | null = null;
    const start = (saving: Awaited<ReturnType<typeof createBrowserAutosave>> | null) => {
      if (cancelled) return saving?.stop();
      stop = saving?.stop ?? null;
      const initial = saving?.client.recovered ?? data;
      const store = createWorkspaceStore(initial, { readOnly, normalise: inTimeOrder });
      if (saving && store.getState().doc !== initial) saving.client.enqueue(store.getState().doc);
      setSession({ store, autosave: saving?.client ?? null });
    };
    if (!readOnly && id) void createBrowserAutosave(id, version, data).then(start);
    else start(null);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [id, version, data, readOnly]);

  if (!session) {
    return (
      <p className="p-6 text-sm text-slate-500" data-testid="workspace-loading">
        Loading the workspace…
      </p>
    );
  }
  return <WorkspaceView payload={payload} session={session} canReopen={canReopen} />;
}
