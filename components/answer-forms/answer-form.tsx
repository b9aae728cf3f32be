"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { answerHint } from "@/lib/protocol/answer-hint";
import { answerSchemaFor } from "@/lib/protocol/answer-schemas";
import type { ParticipantQuestion } from "@/lib/protocol/participant-question";
import { ChoiceInput } from "./choice-input";
import { EnumerationInput } from "./enumeration-input";
import { EvidenceInput, type Span } from "./evidence-input";
import { IntegerInput } from "./integer-input";
import { OrderingInput } from "./ordering-input";

export type AnswerFormProps = {
  question: ParticipantQuestion;
  /** Submitting or locked. */
  disabled: boolean;
  /** VSAS live response: the timeline recorded during playback (submitted as is). */
  liveTimeline?: { sec: number; text: string }[];
  onSubmit: (value: unknown) => void | Promise<void>;
  submitLabel?: string;
  children?: ReactNode;
  /** Free rewatch: the video's current position and length (evidence spans are marked on them). */
  positionSec?: number;
  durationSec?: number;
};

/**
 * The answer form for one question, by answer kind (lib/protocol/answer-schemas.ts). Validates
 * with the same zod schema as the server before sending; the server decides.
 */
export function AnswerForm({ question, disabled, liveTimeline, onSubmit, submitLabel = "Submit answer", children, positionSec, durationSec }: AnswerFormProps) {
  const [value, setValue] = useState<unknown>(initialValue(question));
  const [evidence, setEvidence] = useState<Span[]>([]);
  const [error, setError] = useState<string | null>(null);

  const compose = (): unknown => {
    if (question.kind === "live_response") return { timeline: liveTimeline ?? [] };
    if (question.kind === "ec_counting") return { count: value, ...(question.evidence && evidence.length ? { evidence } : {}) };
    if (question.kind === "ec_enumeration") return { items: value, ...(question.evidence && evidence.length ? { evidence } : {}) };
    return value;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const answer = compose();
    const parsed = answerSchemaFor(question).safeParse(answer);
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; "));
      return;
    }
    setError(null);
    await onSubmit(parsed.data);
  };

  const hint = answerHint(question);
  const numeric = question.kind === "integer" || question.kind === "ec_counting";
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Answer" noValidate>
      {children}
      {!numeric && (
        <p className="text-sm text-slate-600">
          Your answer: <span data-testid="answer-hint">{hint}</span>
        </p>
      )}
      {numeric && <IntegerInput value={value as number | null} allowNegative={question.allowNegative} hint={hint} disabled={disabled} onChange={setValue} />}
      {(question.kind === "letter" || question.kind === "statement_pair" || question.kind === "toc_bucket") && (
        <ChoiceInput options={question.options} value={value as string | null} disabled={disabled} onChange={setValue} />
      )}
      {question.kind === "ordering" && <OrderingInput options={question.options} value={value as string[]} disabled={disabled} onChange={setValue} />}
      {question.kind === "ec_enumeration" && <EnumerationInput ordered={question.ordered} value={value as string[]} disabled={disabled} onChange={setValue} />}
      {question.evidence && <EvidenceInput value={evidence} disabled={disabled} onChange={setEvidence} positionSec={positionSec} durationSec={durationSec} />}
      {question.kind === "live_response" && (
        <p className="text-sm text-slate-600">Your responses were recorded every second while the video played ({liveTimeline?.length ?? 0} samples).</p>
      )}
      {question.kind === "text" && (
        <textarea
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          rows={4}
          aria-label="Your answer"
          data-testid="answer-text"
          value={(value as string) ?? ""}
          disabled={disabled}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={disabled} data-testid="answer-submit">
        {submitLabel}
      </Button>
    </form>
  );
}

function initialValue(q: ParticipantQuestion): unknown {
  switch (q.kind) {
    case "ordering":
      return q.options.map((o) => o.label);
    case "ec_enumeration":
      return [];
    case "text":
      return "";
    default:
      return null;
  }
}
