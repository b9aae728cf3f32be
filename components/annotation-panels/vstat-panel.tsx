"use client";

/**
 * VSTAT: taxonomy labels per question (state element, state structure, the six perceptual
 * challenges, multi-select; names and definitions from the paper's Tables 6-7) and QA validation
 * (keep / revise / remove with a note).
 */
import type { PanelProps } from "@/components/annotation-workspace/panel-props";
import { VSTAT_CHALLENGES, VSTAT_STATE_ELEMENTS, VSTAT_STATE_STRUCTURES, type VstatDocument } from "@/lib/annotation/document";
import { QA_DECISION_LABELS, type QaOriginal } from "@/lib/annotation/qa-revision";
import { VSTAT_CHALLENGE_INFO, VSTAT_ELEMENT_INFO, VSTAT_STRUCTURE_INFO } from "@/lib/annotation/vstat-taxonomy";
import { DraftTextarea } from "./draft-text";
import { FieldProblems, PanelSection } from "./panel-parts";
import { QaDecisionRadios } from "./qa-decision-radios";
import { QaItemView } from "./qa-item-view";
import { QaRevisionEditor } from "./qa-revision-editor";

export function VstatPanel({ doc, edit, readOnly, problems, item, shownTruth }: PanelProps<VstatDocument>) {
  const original: QaOriginal = { question: item.question, presentation: item.presentation, answer: shownTruth?.answer };
  const toggleChallenge = (c: (typeof VSTAT_CHALLENGES)[number]) =>
    edit(`${doc.challenges.includes(c) ? "remove" : "add"} ${VSTAT_CHALLENGE_INFO[c].name}`, (x) => ({
      ...x,
      // keep the paper's order whatever the clicking order
      challenges: VSTAT_CHALLENGES.filter((k) => (k === c ? !x.challenges.includes(c) : x.challenges.includes(k))),
    }));
  return (
    <div className="space-y-3" data-testid="vstat-panel">
      <QaItemView item={original} format={item.format} labelShown={shownTruth !== null} />
      <PanelSection title="Taxonomy" testId="vstat-taxonomy">
        <fieldset className="space-y-1 text-sm">
          <legend className="text-xs font-medium text-slate-600">State element</legend>
          <div className="flex flex-wrap gap-3" role="radiogroup" aria-label="state element">
            {VSTAT_STATE_ELEMENTS.map((e) => (
              <label key={e} className="flex items-center gap-1.5" title={VSTAT_ELEMENT_INFO[e].definition}>
                <input type="radio" name="vstat-element" value={e} checked={doc.stateElement === e} disabled={readOnly} onChange={() => edit(`state element ${VSTAT_ELEMENT_INFO[e].name}`, (x) => ({ ...x, stateElement: e }))} />
                {VSTAT_ELEMENT_INFO[e].name}
              </label>
            ))}
          </div>
          <FieldProblems problems={problems} field="stateElement" />
        </fieldset>
        <fieldset className="space-y-1 text-sm">
          <legend className="text-xs font-medium text-slate-600">State structure</legend>
          <div className="flex flex-wrap gap-3" role="radiogroup" aria-label="state structure">
            {VSTAT_STATE_STRUCTURES.map((s) => (
              <label key={s} className="flex items-center gap-1.5" title={VSTAT_STRUCTURE_INFO[s].definition}>
                <input type="radio" name="vstat-structure" value={s} checked={doc.stateStructure === s} disabled={readOnly} onChange={() => edit(`state structure ${VSTAT_STRUCTURE_INFO[s].name}`, (x) => ({ ...x, stateStructure: s }))} />
                {VSTAT_STRUCTURE_INFO[s].name}
              </label>
            ))}
          </div>
          <FieldProblems problems={problems} field="stateStructure" />
        </fieldset>
        <fieldset className="space-y-1 text-sm">
          <legend className="text-xs font-medium text-slate-600">Perceptual challenges (any number)</legend>
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {VSTAT_CHALLENGES.map((c) => (
              <label key={c} className="flex items-start gap-1.5" title={VSTAT_CHALLENGE_INFO[c].definition}>
                <input type="checkbox" className="mt-0.5" value={c} checked={doc.challenges.includes(c)} disabled={readOnly} onChange={() => toggleChallenge(c)} />
                <span>
                  {VSTAT_CHALLENGE_INFO[c].name}
                  <span className="block text-xs text-slate-500">{VSTAT_CHALLENGE_INFO[c].definition}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldProblems problems={problems} field="challenges" />
        </fieldset>
      </PanelSection>
      <PanelSection title="QA validation" testId="qa-decision">
        <QaDecisionRadios decision={doc.decision} readOnly={readOnly} onChoose={(d) => edit(QA_DECISION_LABELS[d].toLowerCase(), (x) => ({ ...x, decision: d }))} />
        <FieldProblems problems={problems} field="decision" />
        {doc.decision === "revise" && (
          <QaRevisionEditor original={original} revision={doc.revision} format={item.format} readOnly={readOnly} problems={problems} onChange={(label, update, b) => edit(label, (x) => ({ ...x, revision: update(x.revision) }), b)} />
        )}
        {doc.decision === "remove" && (
          <>
            <DraftTextarea
              aria-label="why the item is removed"
              placeholder="Why the question is ambiguous or wrong"
              rows={2}
              maxLength={5000}
              value={doc.removalNote}
              disabled={readOnly}
              invalid={problems.some((p) => p.field === "removalNote")}
              onCommit={(removalNote, b) => edit("removal note", (x) => ({ ...x, removalNote }), b)}
            />
            <FieldProblems problems={problems} field="removalNote" />
          </>
        )}
      </PanelSection>
      <PanelSection title="Notes">
        <DraftTextarea aria-label="notes" rows={2} maxLength={10_000} value={doc.notes} disabled={readOnly} onCommit={(notes, b) => edit("notes", (x) => ({ ...x, notes }), b)} />
      </PanelSection>
    </div>
  );
}
