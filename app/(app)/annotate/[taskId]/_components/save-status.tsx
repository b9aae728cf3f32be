"use client";

import { useSyncExternalStore } from "react";
import type { AutosaveClient, AutosaveState } from "@/lib/annotation/autosave-client";
import { formatDateTime } from "@/components/ui/format";

const changes = (n: number) => `${n} unsaved change${n === 1 ? "" : "s"}`;

function text(s: AutosaveState): string {
  switch (s.status) {
    case "saved":
      return s.lastSavedAt ? `All changes saved (version ${s.baseVersion}, ${formatDateTime(s.lastSavedAt)})` : `All changes saved (version ${s.baseVersion})`;
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
      return "Submitted: read-only";
    case "error":
      return `Cannot save: ${s.message ?? "error"}`;
  }
}

/** The autosave state, always visible; an offline / refused / error state is a coloured banner. */
export function SaveStatus({ autosave }: { autosave: AutosaveClient }) {
  const s = useSyncExternalStore(autosave.subscribe, autosave.getState, autosave.getState);
  const alarming = s.status === "offline" || s.status === "refused" || s.status === "error" || s.status === "conflict";
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={s.status}
      data-unsaved={s.unsaved}
      data-version={s.baseVersion}
      className={alarming ? "rounded border border-red-300 bg-red-50 px-3 py-1.5 text-sm font-medium text-red-800" : "px-1 text-xs text-slate-500"}
    >
      {text(s)}
    </p>
  );
}
