"use client";

/** E2-Episode / E2-Periodic: start and end per occurrence; Periodic cycles also split points inside a cycle. */
import type { PanelProps } from "@/components/annotation-workspace/panel-props";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { addSplit, openOccurrence, patchOccurrence, removeById, removeSplit, startOccurrence } from "@/lib/annotation/vcbench-edits";
import { DraftInput } from "./draft-text";
import { currentTime, FieldProblems, PanelSection, TimeButton, LONG_LIST_ROW } from "./panel-parts";

export function VcbenchOccurrences(props: PanelProps<VcbenchDocument>) {
  const { doc, edit, readOnly, player, selectedId, select, problems } = props;
  const periodic = doc.subtype === "E2-Periodic";
  const noun = periodic ? "cycle" : "episode";
  const open = openOccurrence(doc);
  const at = () => currentTime(player);
  return (
    <PanelSection
      title={`${periodic ? "Cycles" : "Episodes"} (${doc.occurrences.length})`}
      testId="vcbench-occurrences"
      actions={
        !readOnly && (
          <>
            <Button
              size="sm"
              disabled={!player}
              onClick={() => {
                const t = at();
                if (t) edit(`start ${noun} at frame ${t.frame}`, (d) => startOccurrence(d, t));
              }}
            >
              Start {noun} here
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!player || !open}
              onClick={() => {
                const t = at();
                if (t && open) edit(`end ${noun} at frame ${t.frame}`, (d) => patchOccurrence(d, open.id, { end: t }));
              }}
            >
              End {noun} here
            </Button>
          </>
        )
      }
    >
      <p className="text-xs text-slate-500">
        {periodic
          ? "A complete cycle runs from the starting posture through the action back to the starting posture; mark split points for sub-actions inside a cycle."
          : "Mark the start and end of each semantically complete episode."}{" "}
        Only closed occurrences count (at their end).
      </p>
      <FieldProblems problems={problems} field="occurrences" exact />
      <ol className="space-y-1">
        {doc.occurrences.map((o, i) => {
          return (
            <li
              key={o.id}
              data-testid="occurrence-row"
              data-id={o.id}
              className={cn(LONG_LIST_ROW, "rounded border border-slate-100 p-1.5", selectedId === o.id && "border-blue-300 bg-blue-50")}
              onClick={() => select(o.id)}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="w-6 text-right text-xs text-slate-500">{i + 1}</span>
                <TimeButton at={o.start} player={player} label={`start of ${noun} ${i + 1}`} />
                <span className="text-slate-400">→</span>
                {o.end ? <TimeButton at={o.end} player={player} label={`end of ${noun} ${i + 1}`} /> : <span className="text-xs font-medium text-amber-700">open</span>}
                <DraftInput
                  className="min-w-0 flex-1"
                  placeholder="label"
                  aria-label={`label of ${noun} ${i + 1}`}
                  value={o.label}
                  maxLength={200}
                  disabled={readOnly}
                  onCommit={(label, b) => edit(`label ${noun} ${i + 1}`, (d) => patchOccurrence(d, o.id, { label }), b)}
                />
              </div>
              {!readOnly && (
                <div className="mt-1 flex flex-wrap gap-1 pl-8">
                  <Button size="sm" variant="ghost" disabled={!player} onClick={() => { const t = at(); if (t) edit(`move start of ${noun} ${i + 1}`, (d) => patchOccurrence(d, o.id, { start: t })); }}>
                    Start here
                  </Button>
                  <Button size="sm" variant="ghost" disabled={!player} onClick={() => { const t = at(); if (t) edit(`set end of ${noun} ${i + 1}`, (d) => patchOccurrence(d, o.id, { end: t })); }}>
                    End here
                  </Button>
                  {periodic && (
                    <Button size="sm" variant="ghost" disabled={!player} onClick={() => { const t = at(); if (t) edit(`split ${noun} ${i + 1}`, (d) => addSplit(d, o.id, t)); }}>
                      Split here
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" aria-label={`delete ${noun} ${i + 1}`} onClick={() => edit(`delete ${noun} ${i + 1}`, (d) => removeById(d, o.id))}>
                    Delete
                  </Button>
                </div>
              )}
              {periodic && o.splits.length > 0 && (
                <ul className="mt-1 flex flex-wrap gap-1 pl-8" aria-label={`split points of cycle ${i + 1}`}>
                  {o.splits.map((s, j) => {
                    const outside = problems.some((p) => p.field === `occurrences[${i}].splits[${j}].at`);
                    return (
                      <li key={s.id} data-testid="split-point" className={cn("flex items-center gap-0.5 rounded bg-slate-100 px-1", outside && "bg-red-50")}>
                        <TimeButton at={s.at} player={player} label={`split ${j + 1}`} />
                        {outside && <span className="text-xs text-red-700">outside the cycle</span>}
                        {!readOnly && (
                          <button type="button" className="px-1 text-xs text-slate-500 hover:text-red-700" aria-label={`delete split ${j + 1} of cycle ${i + 1}`} onClick={() => edit(`delete split ${j + 1}`, (d) => removeSplit(d, o.id, s.id))}>
                            ×
                          </button>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
              <FieldProblems problems={problems} field={`occurrences[${i}]`} className="pl-8" />
            </li>
          );
        })}
      </ol>
    </PanelSection>
  );
}
