"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { SubmitProblem } from "@/lib/annotation/api-schemas";
import type { AutosaveClient } from "@/lib/annotation/autosave-client";
import type { WorkspaceStore } from "@/lib/annotation/workspace-store";
import { heldDraftText, refusedDrafts, type HeldDrafts } from "@/components/annotation-workspace/held-drafts";
import { plural } from "@/lib/text/plural";

type Props = {
  annotationId: string;
  autosave: AutosaveClient;
  store: WorkspaceStore;
  /** Typed text that cannot be saved (refused on the spot): submitting waits until it is fixed. */
  held: HeldDrafts;
  readOnly: boolean;
  /** Live checks (lib/annotation/submit-rules.ts) of the current document. */
  problems: readonly SubmitProblem[];
  serverProblems: readonly SubmitProblem[];
  onServerProblems: (p: SubmitProblem[]) => void;
};

/**
 * Submit: what is still missing is listed live; submitting first sends every unsaved change, then
 * POST /submit with the saved version; a 422 lists the server's problems by field; afterwards the
 * page is read-only (an admin can reopen).
 */
export function SubmitBar({ annotationId, autosave, store, held, readOnly, problems, serverProblems, onServerProblems }: Props) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "ok"; text: string } | null>(null);

  const submit = async () => {
    setMessage(null);
    held.flushAll(); // what was just typed is written before anything is sent
    if (refusedDrafts(held.list()).length) {
      setMessage({ tone: "error", text: `Not submitted: ${heldDraftText(held.list())}. Fix the text first (it is not saved).` });
      return;
    }
    setBusy(true);
    try {
      const saved = await autosave.flush();
      if (!saved) {
        setMessage({ tone: "error", text: "Your latest changes are not saved yet (offline, refused or in conflict): resolve that first." });
        return;
      }
      const r = await fetch(`/api/annotations/${encodeURIComponent(annotationId)}/submit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ baseVersion: autosave.getState().baseVersion }),
      });
      const body = (await r.json().catch(() => null)) as { version?: number; error?: { message?: string; details?: { problems?: SubmitProblem[] } } } | null;
      if (r.ok) {
        onServerProblems([]);
        store.setReadOnly(true);
        if (body?.version) autosave.setBase(body.version, store.getState().doc);
        setMessage({ tone: "ok", text: "Submitted. The annotation is now read-only." });
      } else if (r.status === 422 && body?.error?.details?.problems) {
        onServerProblems(body.error.details.problems);
        setMessage({ tone: "error", text: "Not submitted: fix the problems listed below." });
      } else {
        setMessage({ tone: "error", text: body?.error?.message ?? `Not submitted (HTTP ${r.status}).` });
      }
    } catch {
      setMessage({ tone: "error", text: "Not submitted: the server cannot be reached. Your work is kept; try again when online." });
    } finally {
      setBusy(false);
    }
  };

  const all = [...problems, ...serverProblems.filter((s) => !problems.some((p) => p.field === s.field && p.message === s.message))];
  return (
    <section className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm" aria-label="Submit" data-testid="submit-bar">
      {readOnly ? (
        <p className="font-medium text-slate-700" data-testid="read-only-note">
          This annotation is read-only{message?.tone === "ok" ? "" : " (submitted, or not yours)"}.
        </p>
      ) : (
        <div className="flex items-center gap-3">
          <Button onClick={submit} disabled={busy} data-testid="submit-annotation">
            {busy ? "Submitting…" : "Submit"}
          </Button>
          <span className="text-xs text-slate-500" data-testid="submit-readiness">{all.length ? `${plural(all.length, "thing")} to fix before submitting` : "Ready to submit"}</span>
        </div>
      )}
      {message && (
        <p role={message.tone === "error" ? "alert" : "status"} className={message.tone === "error" ? "text-red-700" : "text-green-700"} data-testid="submit-message">
          {message.text}
        </p>
      )}
      {!readOnly && all.length > 0 && (
        <ul className="list-disc pl-5 text-red-800" data-testid="submit-problems">
          {all.map((p, i) => (
            <li key={`${p.field}-${i}`} data-field={p.field}>
              {p.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
