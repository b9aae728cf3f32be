"use client";

/** E1-Action / E1-Transit: one timestamp per occurrence (frame-exact), labelled and commented. */
import type { PanelProps } from "@/components/annotation-workspace/panel-props";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { newId } from "@/lib/annotation/new-id";
import { addMoment, patchMoment, removeById } from "@/lib/annotation/vcbench-edits";
import { DraftInput } from "./draft-text";
import { currentTime, FieldProblems, PanelSection, TimeButton, LONG_LIST_ROW } from "./panel-parts";

export function VcbenchMoments(props: PanelProps<VcbenchDocument>) {
  const { doc, edit, readOnly, player, selectedId, select, problems } = props;
  const noun = doc.subtype === "E1-Transit" ? "transition" : "action";
  const add = () => {
    const at = currentTime(player);
    if (!at) return;
    // Selected at once, as the M key does.
    const id = newId("m", doc.moments);
    edit(`add ${noun} at frame ${at.frame}`, (d) => addMoment(d, at, id));
    select(id);
  };
  return (
    <PanelSection
      title={`Occurrences (${doc.moments.length})`}
      testId="vcbench-moments"
      actions={
        !readOnly && (
          <Button size="sm" onClick={add} disabled={!player}>
            Mark {noun} at current frame
          </Button>
        )
      }
    >
      <p className="text-xs text-slate-500">
        One timestamp per {noun === "action" ? "completed action" : "hard cut or stable state change"}, on the frame where it happens.
      </p>
      <FieldProblems problems={problems} field="moments" />
      <ol className="divide-y divide-slate-100">
        {doc.moments.map((m, i) => (
          <li
            key={m.id}
            data-testid="moment-row"
            data-id={m.id}
            className={cn(LONG_LIST_ROW, "flex flex-wrap items-center gap-2 py-1", selectedId === m.id && "bg-blue-50")}
            onClick={() => select(m.id)}
          >
            <span className="w-6 text-right text-xs text-slate-500">{i + 1}</span>
            <TimeButton at={m.at} player={player} label={`occurrence ${i + 1}`} />
            <DraftInput
              className="min-w-0 flex-1"
              placeholder="label"
              aria-label={`label of occurrence ${i + 1}`}
              value={m.label}
              disabled={readOnly}
              maxLength={200}
              onCommit={(label, b) => edit(`label occurrence ${i + 1}`, (d) => patchMoment(d, m.id, { label }), b)}
            />
            {!readOnly && (
              <>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={!player}
                  title="Move to the current frame"
                  onClick={() => {
                    const at = currentTime(player);
                    if (at) edit(`move occurrence ${i + 1}`, (d) => patchMoment(d, m.id, { at }));
                  }}
                >
                  Move here
                </Button>
                <Button size="sm" variant="ghost" aria-label={`delete occurrence ${i + 1}`} onClick={() => edit(`delete occurrence ${i + 1}`, (d) => removeById(d, m.id))}>
                  Delete
                </Button>
              </>
            )}
            <FieldProblems problems={problems} field={`moments[${i}]`} className="w-full" />
          </li>
        ))}
      </ol>
    </PanelSection>
  );
}
