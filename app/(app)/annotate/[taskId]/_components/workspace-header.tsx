"use client";

import { Badge } from "@/components/ui/badge";
import type { WorkspacePayload } from "@/lib/annotation/api-schemas";

/** Task, item and question at a glance; the playback rate and the shortcut help button. */
export function WorkspaceHeader({ payload, rate, onHelp, readOnly }: { payload: WorkspacePayload; rate: number; onHelp: () => void; readOnly: boolean }) {
  const { task, item } = payload;
  const subtype = typeof item.labels.subtype === "string" ? item.labels.subtype : null;
  return (
    <header className="flex flex-col gap-1" data-shortcut-chrome="">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-semibold">{item.externalId}</h1>
        <Badge tone="blue">{item.benchmark}</Badge>
        {subtype && <Badge tone="purple">{subtype}</Badge>}
        <Badge>{task.kind === "QUALIFY" ? `qualification · attempt ${task.round}` : `${task.kind.toLowerCase()} · pass ${task.round}`}</Badge>
        {task.mode === "prefill" && <Badge tone="amber">verifying generated item</Badge>}
        {readOnly && <Badge tone="red">read-only</Badge>}
        <span className="ml-auto flex items-center gap-3 text-sm">
          <span data-testid="playback-rate">speed {rate}×</span>
          <button type="button" className="rounded border px-2 py-1" onClick={onHelp} aria-keyshortcuts="?">
            Shortcuts (?)
          </button>
        </span>
      </div>
      {item.question && <p className="text-sm text-slate-700" data-testid="task-question">{item.question}</p>}
    </header>
  );
}
