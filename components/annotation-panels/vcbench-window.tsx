"use client";

/** O1-Delta / O2-Gain: the question's window; O1-Delta also the counts visible at its start and end. */
import type { PanelProps } from "@/components/annotation-workspace/panel-props";
import { Button } from "@/components/ui/button";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { queryPointAtWindowEnd, setWindowEdge } from "@/lib/annotation/vcbench-edits";
import { CountInput, currentTime, FieldProblems, PanelSection, TimeButton } from "./panel-parts";

export function VcbenchWindow(props: PanelProps<VcbenchDocument>) {
  const { doc, edit, readOnly, player, problems } = props;
  const w = doc.window;
  const delta = doc.subtype === "O1-Delta";
  const setEdge = (edge: "start" | "end") => {
    const t = currentTime(player);
    if (!t) return;
    // The one query point follows the window end (it is asked there).
    edit(`window ${edge} at frame ${t.frame}`, (d) => {
      const next = setWindowEdge(d, edge, t);
      return edge === "end" && next.queryPoints.length <= 1 ? queryPointAtWindowEnd(next) : next;
    });
  };
  return (
    <PanelSection title="Window" testId="vcbench-window">
      <div className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
        <span className="text-slate-600">Start</span>
        <span className="flex flex-wrap items-center gap-2">
          {w ? <TimeButton at={w.start} player={player} label="window start" /> : <span className="text-xs text-slate-500">not set</span>}
          {!readOnly && (
            <Button size="sm" variant="ghost" disabled={!player} onClick={() => setEdge("start")}>
              Set to current frame
            </Button>
          )}
          {delta && (
            <label className="flex items-center gap-1 text-xs text-slate-600">
              count visible
              <CountInput id="count-at-start" label="count at the window start" value={doc.countAtStart} disabled={readOnly} invalid={problems.some((p) => p.field === "countAtStart")} onCommit={(n, b) => edit("count at window start", (d) => ({ ...d, countAtStart: n }), b)} />
            </label>
          )}
        </span>
        <span className="text-slate-600">End</span>
        <span className="flex flex-wrap items-center gap-2">
          {w ? <TimeButton at={w.end} player={player} label="window end" /> : <span className="text-xs text-slate-500">not set</span>}
          {!readOnly && (
            <Button size="sm" variant="ghost" disabled={!player} onClick={() => setEdge("end")}>
              Set to current frame
            </Button>
          )}
          {delta && (
            <label className="flex items-center gap-1 text-xs text-slate-600">
              count visible
              <CountInput id="count-at-end" label="count at the window end" value={doc.countAtEnd} disabled={readOnly} invalid={problems.some((p) => p.field === "countAtEnd")} onCommit={(n, b) => edit("count at window end", (d) => ({ ...d, countAtEnd: n }), b)} />
            </label>
          )}
        </span>
      </div>
      {delta && doc.countAtStart !== null && doc.countAtEnd !== null && (
        <p className="text-sm" data-testid="delta-answer">
          Change: <strong>{doc.countAtEnd - doc.countAtStart}</strong> (end − start)
        </p>
      )}
      <FieldProblems problems={problems} field="window" />
      <FieldProblems problems={problems} field="countAtStart" />
      <FieldProblems problems={problems} field="countAtEnd" />
    </PanelSection>
  );
}
