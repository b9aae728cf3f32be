"use client";

import { useSyncExternalStore } from "react";
import type { AutosaveClient, AutosaveState } from "@/lib/annotation/autosave-client";
import { formatDateTime } from "@/components/ui/format";
import { heldDraftText, refusedDrafts, type HeldDraft, type HeldDrafts } from "@/components/annotation-workspace/held-drafts";
import { plural } from "@/lib/text/plural";

const changes = (n: number) => plural(n, "unsaved change");

function text(s: AutosaveState): string {
  switch (s.status) {
    case "saved": {
      const when = s.lastSavedAt ? `version ${s.baseVersion}, ${formatDateTime(s.lastSavedAt)}` : `version ${s.baseVersion}`;
      // Never "all saved" while another tab of this browser (or one closed) still holds changes.
      return s.elsewhere > 0
        ? `Saved here (${when}); ${changes(s.elsewhere)} of this task kept by another tab of this browser, not saved yet`
        : `All changes saved (${when})`;
    }
    case "pending":
      return `${changes(s.unsaved)}: saving shortly`;
    case "saving":
      return `Saving ${changes(s.unsaved)}…`;
    case "offline":
      return `Offline, ${changes(s.unsaved)} (kept in this browser; sent when the server answers)`;
    case "conflict":
      return "Another version was saved meanwhile: choose what to keep";
    case "refused":
      return `Not saved: ${s.message ?? "the server refused the change"}`;
    case "submitted":
      return `Read-only: ${s.message ?? "submitted"}`;
    case "error":
      return `Cannot save: ${s.message ?? "error"}`;
  }
}

const NO_HELD: readonly HeldDraft[] = [];

/**
 * The autosave state, always visible; an offline / refused / error state, or text typed that
 * cannot be saved (held drafts), is a coloured banner. It says "saved" only when nothing typed is
 * waiting anywhere.
 */
export function SaveStatus({ autosave, held }: { autosave: AutosaveClient; held?: HeldDrafts }) {
  const s = useSyncExternalStore(autosave.subscribe, autosave.getState, autosave.getState);
  const heldList = useSyncExternalStore(held?.subscribe ?? noSubscribe, held?.list ?? noHeld, held?.list ?? noHeld);
  const live = s.status !== "submitted";
  const refused = live && refusedDrafts(heldList).length > 0;
  // Text just typed, written into the document within a fraction of a second: not saved yet either.
  const typing = live && !refused && heldList.length > 0 && (s.status === "saved" || s.status === "pending");
  const status = refused ? "unsaved" : typing ? "pending" : s.status;
  const alarming = refused || s.status === "offline" || s.status === "refused" || s.status === "error" || s.status === "conflict";
  const message = refused
    ? `Not saved: ${heldDraftText(heldList)} (fix the text to save it)${s.unsaved ? `; ${text(s)}` : ""}`
    : typing
      ? `Typing: ${s.unsaved ? changes(s.unsaved + 1) : changes(1)}, saving shortly`
      : text(s);
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
      data-unsaved={s.unsaved}
      data-elsewhere={s.elsewhere}
      data-version={s.baseVersion}
      className={alarming ? "rounded border border-red-300 bg-red-50 px-3 py-1.5 text-sm font-medium text-red-800" : "px-1 text-xs text-slate-500"}
    >
      {message}
    </p>
  );
}

const noSubscribe = () => () => {};
const noHeld = () => NO_HELD;
