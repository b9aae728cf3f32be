"use client";

/**
 * Revising a generated QA item (TOC-Bench, VSTAT): question wording, choice texts, the label.
 * Only what differs from the original is stored (lib/annotation/qa-revision.ts), beside it; each
 * changed field shows what it was.
 */
import type { SubmitProblem } from "@/lib/annotation/api-schemas";
import type { QaRevision } from "@/lib/annotation/document";
import { allowedAnswersOf, choicesOf, effectiveQa, moveInOrder, qaItemIssues, withChoiceText, withRevisedFields, type QaOriginal } from "@/lib/annotation/qa-revision";
import { Button } from "@/components/ui/button";
import type { EditOptions } from "@/lib/annotation/workspace-store";
import { DraftInput, DraftTextarea } from "./draft-text";
import { FieldProblems } from "./panel-parts";

const show = (v: unknown) => (Array.isArray(v) ? v.join(" → ") : v === undefined || v === null ? "—" : String(v));

export function QaRevisionEditor({
  original,
  revision,
  format,
  readOnly,
  problems,
  onChange,
}: {
  original: QaOriginal;
  revision: QaRevision | null;
  format: string;
  readOnly: boolean;
  problems: readonly SubmitProblem[];
  /** One edit of the revision: `update` maps the document's current revision to the next (never the one rendered). */
  onChange: (label: string, update: (current: QaRevision | null) => QaRevision | null, burst?: EditOptions) => void;
}) {
  const eff = effectiveQa(original, revision);
  const issues = [...qaItemIssues(eff, format), ...problems];
  const list = choicesOf(eff.presentation);
  const allowed = allowedAnswersOf(eff.presentation);
  const ordering = list?.key === "events" || format.startsWith("ordering");
  const change = (label: string, patch: Parameters<typeof withRevisedFields>[2], burst?: EditOptions) => onChange(label, (current) => withRevisedFields(current, original, patch), burst);
  const answerChanged = revision !== null && "answer" in revision;
  const order = ordering ? (Array.isArray(eff.answer) ? eff.answer.map(String) : (list?.choices.map((c) => c.label) ?? [])) : [];

  return (
    <div className="space-y-3" data-testid="qa-revision-editor">
      <div className="space-y-1">
        <label className="text-xs font-medium text-slate-600" htmlFor="qa-question">
          Question
        </label>
        <DraftTextarea id="qa-question" rows={2} maxLength={10_000} value={eff.question} disabled={readOnly} onCommit={(question, b) => change("revise question", { question }, b)} />
        {revision?.question !== undefined && <p className="text-xs text-slate-500">was: {original.question}</p>}
        <FieldProblems problems={issues} field="revision.question" />
      </div>

      {list && (
        <fieldset className="space-y-1">
          <legend className="text-xs font-medium text-slate-600">{list.key === "events" ? "Events" : list.key === "statements" ? "Statements" : "Options"}</legend>
          {list.choices.map((c, i) => {
            const was = choicesOf(original.presentation)?.choices[i]?.text;
            return (
              <div key={c.label} className="space-y-0.5">
                <div className="flex items-center gap-2">
                  <span className="w-5 text-sm font-semibold">{c.label}</span>
                  <DraftInput
                    aria-label={`text of ${c.label}`}
                    value={c.text}
                    maxLength={2000}
                    disabled={readOnly}
                    onCommit={(text, b) => change(`revise ${c.label}`, { presentation: { [list.key]: withChoiceText(eff.presentation, list.key, i, text) } }, b)}
                  />
                </div>
                {was !== undefined && was !== c.text && <p className="pl-7 text-xs text-slate-500">was: {was}</p>}
                <FieldProblems problems={issues} field={`revision.presentation.${list.key}[${i}]`} className="pl-7" />
              </div>
            );
          })}
        </fieldset>
      )}

      <div className="space-y-1">
        <span className="text-xs font-medium text-slate-600">{ordering ? "Correct order" : "Label"}</span>
        {ordering ? (
          <ol className="space-y-0.5" aria-label="correct order">
            {order.map((label, i) => (
              <li key={label + i} className="flex items-center gap-2 text-sm">
                <span className="w-4 text-xs text-slate-500">{i + 1}.</span>
                <span className="font-semibold">{label}</span>
                <span className="flex-1 truncate text-slate-600">{list?.choices.find((c) => c.label === label)?.text}</span>
                {!readOnly && (
                  <>
                    <Button size="sm" variant="ghost" aria-label={`move ${label} up`} disabled={i === 0} onClick={() => change("revise order", { answer: moveInOrder(order, i, -1) })}>
                      ↑
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`move ${label} down`} disabled={i === order.length - 1} onClick={() => change("revise order", { answer: moveInOrder(order, i, 1) })}>
                      ↓
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ol>
        ) : list || allowed ? (
          <div className="flex flex-wrap gap-3 text-sm" role="radiogroup" aria-label="label">
            {(list ? list.choices.map((c) => c.label) : allowed!).map((v) => (
              <label key={v} className="flex items-center gap-1">
                <input type="radio" name="qa-label" value={v} checked={String(eff.answer) === v} disabled={readOnly} onChange={() => change(`label ${v}`, { answer: v })} />
                {v}
              </label>
            ))}
          </div>
        ) : (
          <DraftInput
            aria-label="answer"
            className="w-40"
            value={eff.answer === undefined || eff.answer === null ? "" : String(eff.answer)}
            disabled={readOnly}
            onCommit={(text, b) => {
              const t = text.trim();
              const n = Number(t);
              change("revise answer", { answer: t !== "" && Number.isFinite(n) && typeof original.answer !== "string" ? n : t }, b);
            }}
          />
        )}
        {answerChanged && <p className="text-xs text-slate-500">was: {show(original.answer)}</p>}
        <FieldProblems problems={issues} field="revision.answer" />
        <FieldProblems problems={problems} field="revision" exact />
      </div>
    </div>
  );
}
