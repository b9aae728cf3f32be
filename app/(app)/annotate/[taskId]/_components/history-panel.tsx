"use client";

import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { formatDateTime } from "@/components/ui/format";
import type { AnnotationRevisionEntry } from "@/lib/annotation/api-schemas";
import type { AutosaveClient, AutosaveState } from "@/lib/annotation/autosave-client";
import type { AnnotationDocument } from "@/lib/annotation/document";
import type { WorkspaceStore } from "@/lib/annotation/workspace-store";
import { randomId } from "@/components/annotation-workspace/browser-autosave";

type Props = { annotationId: string; store: WorkspaceStore; autosave: AutosaveClient | null; readOnly: boolean };

const idle = (): AutosaveState | null => null;
const noop = () => () => undefined;

/**
 * Revision history (who, when, what changed) with restore: a past version becomes a new version
 * (POST /restore), shown here at once. Refreshed when opened and after every acknowledged save.
 */
export function HistoryPanel({ annotationId, store, autosave, readOnly }: Props) {
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<AnnotationRevisionEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const save = useSyncExternalStore(autosave?.subscribe ?? noop, autosave?.getState ?? idle, autosave?.getState ?? idle);
  const version = save?.baseVersion;

  const load = useCallback(async () => {
    try {
      const r = await fetch(`/api/annotations/${encodeURIComponent(annotationId)}/revisions`, { credentials: "same-origin" });
      const body = (await r.json()) as { revisions?: AnnotationRevisionEntry[]; error?: { message: string } };
      if (!r.ok) throw new Error(body.error?.message ?? `HTTP ${r.status}`);
      setRows(body.revisions ?? []);
      setError(null);
    } catch (e) {
      setError(`cannot load the history: ${(e as Error).message}`);
    }
  }, [annotationId]);

  useEffect(() => {
    if (open) void load();
  }, [open, load, version]);

  const restore = async (revision: number) => {
    if (!autosave) return;
    setBusy(revision);
    setError(null);
    try {
      if (!(await autosave.flush())) throw new Error("save your current changes first (offline, refused or in conflict)");
      const r = await fetch(`/api/annotations/${encodeURIComponent(annotationId)}/restore`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ revision, baseVersion: autosave.getState().baseVersion, clientSaveId: randomId("r") }),
      });
      const body = (await r.json()) as { version?: number; error?: { message: string } };
      if (!r.ok || !body.version) throw new Error(body.error?.message ?? `HTTP ${r.status}`);
      const doc = await fetch(`/api/annotations/${encodeURIComponent(annotationId)}/revisions/${body.version}`, { credentials: "same-origin" }).then(
        (x) => x.json() as Promise<{ data: AnnotationDocument }>,
      );
      autosave.setBase(body.version, doc.data);
      store.replace(doc.data, `restore version ${revision}`);
      await load();
    } catch (e) {
      setError(`not restored: ${(e as Error).message}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <details className="rounded-md border border-slate-200 bg-white p-3 text-sm" data-testid="history-panel" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">History{version ? ` (version ${version})` : ""}</summary>
      {error && (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      )}
      {rows && (
        <ol className="mt-2 flex max-h-80 flex-col gap-1 overflow-auto" data-testid="history-list">
          {rows.map((r) => (
            <li key={r.version} className="flex flex-wrap items-baseline gap-x-2 border-b border-slate-100 pb-1" data-version={r.version}>
              <span className="font-mono text-xs">v{r.version}</span>
              <span className="text-xs text-slate-500">{r.action}</span>
              <span className="text-xs">{r.author.name}</span>
              <span className="text-xs text-slate-500">{formatDateTime(r.createdAt)}</span>
              <span className="basis-full text-xs text-slate-700">{r.summary}</span>
              {!readOnly && autosave && r.version !== version && (
                <button type="button" className="rounded border px-2 py-0.5 text-xs" disabled={busy !== null} onClick={() => restore(r.version)}>
                  {busy === r.version ? "Restoring…" : `Restore v${r.version}`}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
