"use client";

/**
 * The EC-Bench annotator's form (paper Figure 12): 1. feasibility (invalid-question flag with the
 * reason), 2. answer verification or revision (Counting: a number; Enumeration: a comma-separated
 * list, ordered steps joined by →), 3. evidence clips (ecbench-evidence.tsx), notes for difficult cases.
 */
import type { PanelProps } from "@/components/annotation-workspace/panel-props";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { EcbenchDocument } from "@/lib/annotation/document";
import { ecAnswerText, enumerationItems, normaliseEcAnswer } from "@/lib/annotation/ec-answer";
import { EC_MERGE_GAP_SEC } from "@/lib/annotation/ec-evidence-merge";
import type { EditOptions } from "@/lib/annotation/workspace-store";
import { DraftInput, DraftTextarea } from "./draft-text";
import { EcbenchEvidence } from "./ecbench-evidence";
import { FieldProblems, PanelSection } from "./panel-parts";

export function EcbenchPanel(p: PanelProps<EcbenchDocument>) {
  const { doc, edit, readOnly, problems, item, shownTruth, settings } = p;
  const counting = item.format === "counting";
  const original = shownTruth ? ecAnswerText(shownTruth.answer) : null;
  const items = counting ? null : enumerationItems(doc.answer);
  const setAnswer = (raw: string, burst: EditOptions) => {
    const answer = normaliseEcAnswer(raw);
    edit("answer", (d) => ({ ...d, answer, answerRevised: original !== null && answer !== normaliseEcAnswer(original) }), burst);
  };
  const category = typeof item.labels.category === "string" ? item.labels.category : null;

  return (
    <div className="space-y-3" data-testid="ecbench-panel">
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
          EC-Bench · {counting ? "Counting" : "Enumeration"}
          {category ? ` · category ${category}` : ""}
        </p>
        <p className="text-sm font-medium text-slate-900">{item.question}</p>
      </div>

      <PanelSection title="1. Feasibility" testId="ecbench-feasibility">
        <div className="flex flex-wrap gap-3 text-sm" role="radiogroup" aria-label="feasibility">
          <label className="flex items-center gap-1.5">
            <input type="radio" name="feasible" checked={doc.feasible === true} disabled={readOnly} onChange={() => edit("question is answerable", (d) => ({ ...d, feasible: true }))} />
            Answerable from the video
          </label>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="feasible" checked={doc.feasible === false} disabled={readOnly} onChange={() => edit("invalid question", (d) => ({ ...d, feasible: false }))} />
            Invalid question
          </label>
        </div>
        <p className="text-xs text-slate-500">Grounded in visible content? Does the answer match the video? Is the type right? Answerable from the video alone?</p>
        <FieldProblems problems={problems} field="feasible" />
        {doc.feasible === false && (
          <div className="space-y-1">
            <DraftTextarea
              aria-label="why the question is invalid"
              placeholder="Why the question cannot be answered from the video"
              rows={2}
              maxLength={2000}
              value={doc.invalidReason}
              disabled={readOnly}
              invalid={problems.some((x) => x.field === "invalidReason")}
              onCommit={(invalidReason, b) => edit("invalid reason", (d) => ({ ...d, invalidReason }), b)}
            />
            <FieldProblems problems={problems} field="invalidReason" />
          </div>
        )}
      </PanelSection>

      <div className={cn("space-y-3", doc.feasible === false && "opacity-60")}>
        <PanelSection title="2. Answer" testId="ecbench-answer">
          {original !== null && (
            <p className="text-sm text-slate-600">
              Pre-generated: <span className="font-medium text-slate-900" data-testid="ec-original-answer">{original || "—"}</span>
            </p>
          )}
          <div className="flex flex-wrap items-start gap-2">
            <DraftInput
              className={counting ? "w-28" : "min-w-0 flex-1"}
              aria-label="answer"
              inputMode={counting ? "numeric" : undefined}
              placeholder={counting ? "e.g. 3 (0 if none)" : "dog, cat — or open lid → pour → stir (None if none)"}
              maxLength={20_000}
              value={doc.answer}
              disabled={readOnly}
              invalid={problems.some((x) => x.field === "answer")}
              onCommit={setAnswer}
            />
            {doc.answerRevised && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900" data-testid="answer-revised">revised</span>}
            {!readOnly && original !== null && doc.answerRevised && (
              <Button size="sm" variant="ghost" onClick={() => edit("keep the pre-generated answer", (d) => ({ ...d, answer: normaliseEcAnswer(original), answerRevised: false }))}>
                Keep pre-generated
              </Button>
            )}
          </div>
          <p className="text-xs text-slate-500">
            {counting
              ? "A number only. Reappearances within 5 s count once; for type questions count categories, not instances."
              : "Comma-separated core categories (no modifiers); ordered steps joined by → (type -> for →)."}
          </p>
          {items && items.items.length > 0 && (
            <ol className={cn("flex flex-wrap gap-1 text-xs", items.ordered && "list-decimal pl-4")} aria-label="answer items">
              {items.items.map((x, i) => (
                <li key={i} className="rounded bg-slate-100 px-1.5 py-0.5">
                  {x}
                </li>
              ))}
            </ol>
          )}
          <FieldProblems problems={problems} field="answer" />
        </PanelSection>

        <EcbenchEvidence {...p} mergeGapSec={settings?.evidenceMergeGapSec ?? EC_MERGE_GAP_SEC} counting={counting} />
      </div>

      <PanelSection title="Notes for difficult cases">
        <DraftTextarea
          aria-label="notes"
          rows={3}
          maxLength={10_000}
          value={doc.notes}
          disabled={readOnly}
          placeholder="Ambiguities and the interpretation chosen"
          onCommit={(notes, b) => edit("notes", (d) => ({ ...d, notes }), b)}
        />
      </PanelSection>
    </div>
  );
}
