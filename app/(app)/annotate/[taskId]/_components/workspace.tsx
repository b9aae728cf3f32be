"use client";

import { useEffect, useState } from "react";
import type { WorkspacePayload } from "@/lib/annotation/api-schemas";
import { createWorkspaceStore } from "@/lib/annotation/workspace-store";
import { createBrowserAutosave } from "@/components/annotation-workspace/browser-autosave";
import { WorkspaceView } from "./workspace-view";
import type { WorkspaceSession } from "./workspace-types";


/**
 * Client root of the workspace: creates the document store and the autosave client once per
 * annotation, in the browser only (the autosave queue lives in localStorage; unsent changes found
 * there — after a reload, a crash or an offline spell — are what the store starts from).
 */
export function Workspace({ payload, canReopen = false }: { payload: WorkspacePayload; canReopen?: boolean }) {
  const [session, setSession] = useState<WorkspaceSession | null>(null);
  const { id, version, data } = payload.annotation;
  const readOnly = payload.readOnly;

  useEffect(() => {
    const saving = !readOnly && id ? createBrowserAutosave(id, version, data) : null;
    const store = createWorkspaceStore(saving?.client.recovered ?? data, { readOnly });
    setSession({ store, autosave: saving?.client ?? null });
    return () => saving?.stop();
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
