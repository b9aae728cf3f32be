"use client";

import type { RefObject } from "react";
import { Button } from "@/components/ui/button";
import type { DraftSaverState } from "@/lib/review/draft-saver";

type Props = {
  note: string;
  onNote: (note: string) => void;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  /** The result differs from every annotation (preview of the server's rule). */
  noteRequired: boolean;
  /** What still stops the resolve (open differences, …), shown before the server refuses. */
  blockers: readonly string[];
  /** Problems the server answered (422 / 409), each naming the difference or field. */
  serverProblems: readonly string[];
  saveState: DraftSaverState | null;
  busy: boolean;
  resolveLabel: string;
  onResolve: () => void;
};

const SAVE_TEXT: Record<DraftSaverState["status"], string> = {
  saved: "Draft saved",
  pending: "Unsaved changes…",
  saving: "Saving…",
  offline: "Not saved: retrying…",
  conflict: "Not saved: changed elsewhere",
  closed: "Saving stopped",
  error: "Not saved",
};

/** The note (required when the result differs from every annotation), the draft's save state and the Resolve button. */
export function ResolvePanel({ note, onNote, noteRef, noteRequired, blockers, serverProblems, saveState, busy, resolveLabel, onResolve }: Props) {
  const noteMissing = noteRequired && note.trim() === "";
  return (
    <section aria-label="Resolve" className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3" data-testid="resolve-panel">
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">
          Note {noteRequired ? <span className="text-red-700">(required)</span> : <span className="font-normal text-slate-500">(optional)</span>}
        </span>
        <textarea
          ref={noteRef}
          className="rounded border px-2 py-1"
          rows={3}
          value={note}
          maxLength={5000}
          onChange={(e) => onNote(e.target.value)}
          aria-invalid={noteMissing}
          aria-describedby="note-rule"
          data-testid="adjudication-note"
        />
        <span id="note-rule" className={`text-xs ${noteMissing ? "text-red-700" : "text-slate-500"}`} data-testid="note-rule">
          {noteRequired ? "The result differs from every annotation: say why in the note." : "A note is required only when the result differs from every annotation."}
        </span>
      </label>
      {blockers.length > 0 && (
        <ul className="list-disc pl-5 text-xs text-amber-800" data-testid="resolve-blockers">
          {blockers.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
      {serverProblems.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-red-700" role="alert" data-testid="resolve-problems">
          {serverProblems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="flex items-center gap-3">
        <Button onClick={onResolve} disabled={busy} data-testid="resolve-button">
          {busy ? "Resolving…" : resolveLabel}
        </Button>
        {saveState && (
          <span className="text-xs text-slate-600" role="status" data-testid="draft-status" data-status={saveState.status}>
            {SAVE_TEXT[saveState.status]}
            {saveState.message ? ` — ${saveState.message}` : ""}
          </span>
        )}
      </div>
    </section>
  );
}
