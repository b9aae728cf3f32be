"use client";

import { useEffect, useRef } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import type { AdjudicationConflict } from "@/lib/review/api-schemas";
import { differenceLabels, labelOfDifferenceId, type LabelledDifference } from "@/lib/review/difference-label";
import type { Pick } from "@/lib/review/resolve-facets";

function describePicks(picks: readonly Pick[], letters: readonly string[], labels: ReadonlyMap<string, string>): string {
  if (picks.length === 0) return "no decisions";
  return picks.map((p) => `${labelOfDifferenceId(labels, p.differenceId)}: ${p.take !== undefined ? `take ${letters[p.take] ?? p.take}` : "edited"}`).join("; ");
}

/** 409 version_conflict on the draft: the draft was saved elsewhere; keep mine or take theirs (never a silent overwrite). */
export function DraftConflictDialog({
  conflict,
  mine,
  letters,
  differences,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: AdjudicationConflict["current"];
  mine: { picks: readonly Pick[]; note: string };
  letters: readonly string[];
  /** The adjudication's differences: picks are named by their labels, never by id. */
  differences: readonly LabelledDifference[];
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  const labels = differenceLabels(differences);
  useEffect(() => {
    first.current?.focus();
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4" data-modal-open="true">
      <div role="dialog" aria-modal="true" aria-labelledby="draft-conflict-title" className="flex w-full max-w-3xl flex-col gap-3 rounded-lg bg-white p-4 shadow-xl" data-testid="conflict-dialog">
        <h2 id="draft-conflict-title" className="text-lg font-semibold">
          This adjudication was changed elsewhere
        </h2>
        <p className="text-sm text-slate-700">
          Version {conflict.version} was saved {conflict.claimedBy ? `(claimed by ${conflict.claimedBy}) ` : ""}at {formatDateTime(conflict.updatedAt)}, in another tab or on another device. Your decisions are not lost: choose which to keep.
        </p>
        <div className="grid gap-2 text-sm md:grid-cols-2">
          <section className="rounded border p-2" data-testid="conflict-mine">
            <h3 className="font-semibold">Yours (this tab)</h3>
            <p className="break-words font-mono text-xs">{describePicks(mine.picks, letters, labels)}</p>
            {mine.note && <p className="text-xs">Note: {mine.note}</p>}
          </section>
          <section className="rounded border p-2" data-testid="conflict-theirs">
            <h3 className="font-semibold">Saved version {conflict.version}</h3>
            <p className="break-words font-mono text-xs">{describePicks(conflict.draft.picks, letters, labels)}</p>
            {conflict.draft.note && <p className="text-xs">Note: {conflict.draft.note}</p>}
          </section>
        </div>
        <div className="flex gap-2">
          <button ref={first} type="button" className={buttonClasses("primary")} onClick={onKeepMine}>
            Keep mine
          </button>
          <Button variant="secondary" onClick={onTakeTheirs}>
            Take theirs
          </Button>
        </div>
      </div>
    </div>
  );
}
