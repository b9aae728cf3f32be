"use client";

/**
 * TOC-Bench QA verification: the item as generated (video, question, options, label); keep,
 * revise (wording, options, label; stored beside the original) or remove with one of the paper's
 * reasons plus free text.
 */
import type { PanelProps } from "@/components/annotation-workspace/panel-props";
import { TOC_REMOVAL_REASONS, TOC_REMOVAL_REASON_LABELS, type TocbenchDocument } from "@/lib/annotation/document";
import { QA_DECISION_LABELS, type QaOriginal } from "@/lib/annotation/qa-revision";
import { DraftTextarea } from "./draft-text";
import { FieldProblems, PanelSection } from "./panel-parts";
import { QaDecisionRadios } from "./qa-decision-radios";
import { QaItemView } from "./qa-item-view";
import { QaRevisionEditor } from "./qa-revision-editor";

export function TocbenchPanel({ doc, edit, readOnly, problems, item, shownTruth }: PanelProps<TocbenchDocument>) {
  const original: QaOriginal = { question: item.question, presentation: item.presentation, answer: shownTruth?.answer };
  return (
    <div className="space-y-3" data-testid="tocbench-panel">
      <QaItemView item={original} format={item.format} labelShown={shownTruth !== null} />
      <PanelSection title="Decision" testId="qa-decision">
        <QaDecisionRadios decision={doc.decision} readOnly={readOnly} onChoose={(d) => edit(QA_DECISION_LABELS[d].toLowerCase(), (x) => ({ ...x, decision: d }))} />
        <FieldProblems problems={problems} field="decision" />
        {doc.decision === "revise" && (
          <QaRevisionEditor
            original={original}
            revision={doc.revision}
            format={item.format}
            readOnly={readOnly}
            problems={problems}
            onChange={(label, update, b) => edit(label, (x) => ({ ...x, revision: update(x.revision) }), b)}
          />
        )}
        {doc.decision === "remove" && (
          <div className="space-y-2">
            <fieldset className="space-y-1 text-sm" aria-label="removal reason">
              <legend className="text-xs font-medium text-slate-600">Why is it removed?</legend>
              {TOC_REMOVAL_REASONS.map((r) => (
                <label key={r} className="flex items-center gap-1.5">
                  <input type="radio" name="toc-removal" value={r} checked={doc.removalReason === r} disabled={readOnly} onChange={() => edit(`reason: ${TOC_REMOVAL_REASON_LABELS[r]}`, (x) => ({ ...x, removalReason: r }))} />
                  {TOC_REMOVAL_REASON_LABELS[r]}
                </label>
              ))}
            </fieldset>
            <FieldProblems problems={problems} field="removalReason" />
            <DraftTextarea
              aria-label="removal details"
              placeholder="What exactly is wrong (free text)"
              rows={2}
              maxLength={5000}
              value={doc.removalNote}
              disabled={readOnly}
              onCommit={(removalNote, b) => edit("removal details", (x) => ({ ...x, removalNote }), b)}
            />
            <FieldProblems problems={problems} field="removalNote" />
          </div>
        )}
      </PanelSection>
      <PanelSection title="Notes">
        <DraftTextarea aria-label="notes" rows={2} maxLength={10_000} value={doc.notes} disabled={readOnly} onCommit={(notes, b) => edit("notes", (x) => ({ ...x, notes }), b)} />
      </PanelSection>
    </div>
  );
}
