"use client";

import { Button } from "@/components/ui/button";
import type { VsasTaskEntry } from "@/lib/judging/api-schemas";

/** The task pages of the queue: previous / next and a list of every task with the caller's judged count. */
export function TaskPager({ entries, index, busy, onGo }: { entries: readonly VsasTaskEntry[]; index: number; busy: boolean; onGo: (index: number) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Button size="sm" variant="secondary" onClick={() => onGo(index - 1)} disabled={busy || index <= 1}>
        ← Previous task
      </Button>
      <label className="flex items-center gap-2">
        Task
        <select className="rounded border px-2 py-1" value={index} disabled={busy} onChange={(e) => onGo(Number(e.target.value))} data-testid="task-select">
          {entries.map((t, i) => (
            <option key={`${t.sessionId ?? ""}|${t.itemId}`} value={i + 1}>
              {t.externalId} ({t.taskType}){t.participant ? ` · ${t.participant}` : ""} — {t.mine}/{t.seconds}
            </option>
          ))}
        </select>
      </label>
      <span data-testid="task-position">
        {index} of {entries.length}
      </span>
      <Button size="sm" variant="secondary" onClick={() => onGo(index + 1)} disabled={busy || index >= entries.length}>
        Next task →
      </Button>
    </div>
  );
}
