"use client";

/** The VCBench annotator's form: what the subtype needs (marks, spans, identities, window, counts) and the query-point designer. */
import type { PanelProps } from "@/components/annotation-workspace/panel-props";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { DraftTextarea } from "./draft-text";
import { FieldProblems, PanelSection } from "./panel-parts";
import { VcbenchIdentities } from "./vcbench-identities";
import { VcbenchMoments } from "./vcbench-moments";
import { VcbenchOccurrences } from "./vcbench-occurrences";
import { VcbenchQueryPoints } from "./vcbench-query-points";
import { VcbenchWindow } from "./vcbench-window";

const SUBTYPE_HELP: Record<VcbenchDocument["subtype"], string> = {
  "O1-Snap": "Objects visible now: count the visible objects at each query point (partly occluded but recognisable ones count).",
  "O1-Delta": "Change in visible objects over the window: count at the window start and at its end.",
  "O2-Unique": "Distinct individuals seen so far: one id per individual, at its first appearance.",
  "O2-Gain": "New individuals inside the window: one id per individual, at its first appearance.",
  "E1-Action": "Instantaneous actions (under 1 s, completed): one timestamp per occurrence.",
  "E1-Transit": "Hard cuts or stable state changes: one timestamp per transition.",
  "E2-Periodic": "Complete cycles (starting posture → return): start and end of each cycle.",
  "E2-Episode": "Semantically complete episodes: start and end of each.",
};

export function VcbenchPanel(p: PanelProps<VcbenchDocument>) {
  const { doc, edit, readOnly, problems } = p;
  const s = doc.subtype;
  return (
    <div className="space-y-3" data-testid="vcbench-panel" data-subtype={s}>
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">VCBench · {s}</p>
        <p className="text-sm text-slate-600">{SUBTYPE_HELP[s]}</p>
      </div>
      {(s === "O1-Delta" || s === "O2-Gain") && <VcbenchWindow {...p} />}
      {(s === "E1-Action" || s === "E1-Transit") && <VcbenchMoments {...p} />}
      {(s === "E2-Episode" || s === "E2-Periodic") && <VcbenchOccurrences {...p} />}
      {(s === "O2-Unique" || s === "O2-Gain") && <VcbenchIdentities {...p} />}
      <VcbenchQueryPoints {...p} />
      <PanelSection title="Notes">
        <DraftTextarea
          aria-label="notes"
          rows={3}
          maxLength={10_000}
          value={doc.notes}
          disabled={readOnly}
          placeholder="Difficult cases, doubts"
          onCommit={(notes, b) => edit("notes", (d) => ({ ...d, notes }), b)}
        />
        <FieldProblems problems={problems} field="notes" />
      </PanelSection>
    </div>
  );
}
