"use client";

/** A generated QA item exactly as the generator wrote it: question, choices and (when the task shows it) the label. */
import { allowedAnswersOf, choicesOf, type QaOriginal } from "@/lib/annotation/qa-revision";

export function QaItemView({ item, format, labelShown }: { item: QaOriginal; format: string; labelShown: boolean }) {
  const list = choicesOf(item.presentation);
  const allowed = allowedAnswersOf(item.presentation);
  const answer = item.answer;
  const isLabel = (l: string) => labelShown && (Array.isArray(answer) ? false : String(answer) === l);
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="qa-item-view">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">As generated · {format}</p>
      <p className="font-medium text-slate-900" data-testid="qa-question">
        {item.question}
      </p>
      {list && (
        <ul className="space-y-0.5">
          {list.choices.map((c) => (
            <li key={c.label} className={isLabel(c.label) ? "font-semibold text-green-800" : undefined} data-testid="qa-choice">
              <span className="mr-1 font-semibold">{c.label}.</span>
              {c.text}
              {isLabel(c.label) && <span className="ml-2 text-xs">(label)</span>}
            </li>
          ))}
        </ul>
      )}
      {allowed && <p className="text-slate-600">Allowed answers: {allowed.join(" · ")}</p>}
      {labelShown ? (
        <p data-testid="qa-label">
          Label: <strong>{Array.isArray(answer) ? answer.join(" → ") : String(answer ?? "—")}</strong>
        </p>
      ) : (
        <p className="text-xs text-slate-500">The label is not shown in this task.</p>
      )}
    </div>
  );
}
