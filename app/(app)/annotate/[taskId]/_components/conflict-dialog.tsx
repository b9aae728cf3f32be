"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import type { AutosaveClient } from "@/lib/annotation/autosave-client";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { describeDocument } from "@/lib/annotation/describe-document";
import { mergeDocuments } from "@/lib/annotation/merge-documents";
import { summarizeChanges } from "@/lib/annotation/summarize-changes";
import type { WorkspaceStore } from "@/lib/annotation/workspace-store";

const MAX_LINES = 60;

function Version({ title, doc, testId }: { title: string; doc: AnnotationDocument; testId: string }) {
  const lines = describeDocument(doc);
  return (
    <section className="min-w-0 flex-1 rounded border border-slate-200 p-2" data-testid={testId}>
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      <ul className="max-h-64 overflow-auto text-xs">
        {lines.slice(0, MAX_LINES).map((l, i) => (
          <li key={i}>{l}</li>
        ))}
        {lines.length > MAX_LINES && <li>… and {lines.length - MAX_LINES} more</li>}
        {lines.length === 0 && <li className="text-slate-500">(empty)</li>}
      </ul>
    </section>
  );
}

/**
 * 409 version_conflict: another tab / device saved this annotation since this tab's version. Shows
 * both versions in the panel's words (lib/annotation/describe-document.ts) and what EACH side
 * changed since the version both started from (this tab's last acknowledged version: a three-way
 * view, so a field only the other side touched is never reported as this tab's change); the
 * annotator keeps theirs, takes the server's, or merges (three-way, lib/annotation/merge-documents.ts).
 * Never a silent overwrite; taking the server's version is an undoable step, so "mine" stays
 * reachable with Ctrl+Z.
 */
export function ConflictDialog({ autosave, store }: { autosave: AutosaveClient; store: WorkspaceStore }) {
  const s = useSyncExternalStore(autosave.subscribe, autosave.getState, autosave.getState);
  const firstButton = useRef<HTMLButtonElement>(null);
  const conflict = s.conflict;
  useEffect(() => {
    if (conflict) firstButton.current?.focus();
  }, [conflict]);
  if (!conflict) return null;
  const { mine, theirs } = conflict;
  const base = autosave.baseDocument();

  const keepMine = () => autosave.keepMine(store.getState().doc);
  const takeTheirs = () => {
    autosave.acceptServer(theirs);
    store.replace(theirs.data, `take the server's version ${theirs.version}`);
  };
  const merge = () => {
    const base = autosave.baseDocument();
    const result = mergeDocuments(base, store.getState().doc, theirs.data);
    autosave.acceptServer(theirs);
    store.replace(result.doc, `merge with version ${theirs.version}`);
    store.notify(result.conflicts.length ? `Merged with version ${theirs.version}; where both changed the same thing yours was kept: ${result.conflicts.join("; ")}.` : `Merged with version ${theirs.version}.`);
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4" data-modal-open="true">
      <div role="dialog" aria-modal="true" aria-labelledby="conflict-title" className="flex max-h-[90vh] w-full max-w-4xl flex-col gap-3 overflow-auto rounded-lg bg-white p-4 shadow-xl" data-testid="conflict-dialog">
        <h2 id="conflict-title" className="text-lg font-semibold">
          This annotation was changed elsewhere
        </h2>
        <p className="text-sm text-slate-700">
          Version {theirs.version} was saved by {theirs.authorName} at {formatDateTime(theirs.updatedAt)} (in another tab or on another device) while you were working. Your changes are not
          lost: choose what to keep.
        </p>
        {base ? (
          <ul className="list-disc pl-5 text-sm text-slate-700">
            <li>
              Your changes in this tab: <span data-testid="conflict-diff-mine">{summarizeChanges(base, mine)}</span>.
            </li>
            <li>
              Saved elsewhere meanwhile: <span data-testid="conflict-diff-theirs">{summarizeChanges(base, theirs.data)}</span>.
            </li>
          </ul>
        ) : (
          <p className="text-sm text-slate-700">
            Differences (yours compared with the server&apos;s): <span data-testid="conflict-diff-mine">{summarizeChanges(theirs.data, mine)}</span>.
          </p>
        )}
        <div className="flex flex-col gap-3 md:flex-row">
          <Version title="Your version (this tab)" doc={mine} testId="conflict-mine" />
          <Version title={`Server's version ${theirs.version}`} doc={theirs.data} testId="conflict-theirs" />
        </div>
        <div className="flex flex-wrap gap-2">
          <button ref={firstButton} type="button" className={buttonClasses("primary")} onClick={keepMine}>
            Keep mine
          </button>
          <Button variant="secondary" onClick={takeTheirs}>
            Take the server&apos;s
          </Button>
          <Button variant="secondary" onClick={merge}>
            Merge both
          </Button>
        </div>
      </div>
    </div>
  );
}
