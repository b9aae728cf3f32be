"use client";

/** Keep / revise / remove: the QA decision of a generated item (TOC-Bench verification, VSTAT validation). */
import { QA_DECISIONS, type QaDecision } from "@/lib/annotation/document";
import { QA_DECISION_LABELS } from "@/lib/annotation/qa-revision";

export function QaDecisionRadios({ decision, readOnly, onChoose }: { decision: QaDecision | null; readOnly: boolean; onChoose: (d: QaDecision) => void }) {
  return (
    <div className="flex flex-wrap gap-3 text-sm" role="radiogroup" aria-label="decision">
      {QA_DECISIONS.map((d) => (
        <label key={d} className="flex items-center gap-1.5">
          <input type="radio" name="qa-decision" value={d} checked={decision === d} disabled={readOnly} onChange={() => onChoose(d)} />
          {QA_DECISION_LABELS[d]}
        </label>
      ))}
    </div>
  );
}
