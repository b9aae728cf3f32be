/**
 * Revising a generated QA item (TOC-Bench, VSTAT) (PURE). The revision is stored beside the
 * original (`doc.revision`) and holds only what differs from it: editing a field back to the
 * original removes it from the revision; a revision with nothing left is null. The form shows
 * {@link effectiveQa} (original with the revision on top) and {@link qaItemIssues} by field.
 *
 * Item shapes (lib/benchmarks/tocbench/parse.ts, lib/benchmarks/vstat/parse.ts): choices are lists
 * of `{label, text}` under `options` (mcq_4, VSTAT mcq), `statements` (sp) or `events`
 * (ordering_3/4); numerical TOC items list `allowed_answers`. Answers: a label (mcq_4, sp, mcq),
 * an allowed answer (numerical), the labels in order (ordering), a number (VSTAT numeric).
 */
import type { QA_DECISIONS, QaRevision } from "./document";

export const QA_DECISION_LABELS: Record<(typeof QA_DECISIONS)[number], string> = { keep: "Keep as is", revise: "Revise", remove: "Remove" };

export type QaOriginal = { question: string; presentation: Record<string, unknown>; answer: unknown };
export type QaChoice = { label: string; text: string };
export type QaIssue = { field: string; message: string };

export const CHOICE_KEYS = ["options", "statements", "events"] as const;
export type ChoiceKey = (typeof CHOICE_KEYS)[number];

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The revision after changing some fields (each compared with the original). */
export function withRevisedFields(
  revision: QaRevision | null,
  original: QaOriginal,
  patch: { question?: string; presentation?: Record<string, unknown>; answer?: unknown },
): QaRevision | null {
  const next: QaRevision = { ...(revision ?? {}) };
  if ("question" in patch && patch.question !== undefined) {
    if (patch.question === original.question) delete next.question;
    else next.question = patch.question;
  }
  if (patch.presentation) {
    const pres: Record<string, unknown> = { ...(next.presentation ?? {}) };
    for (const [k, v] of Object.entries(patch.presentation)) {
      if (deepEqual(v, original.presentation[k])) delete pres[k];
      else pres[k] = v;
    }
    if (Object.keys(pres).length) next.presentation = pres;
    else delete next.presentation;
  }
  if ("answer" in patch) {
    if (deepEqual(patch.answer, original.answer)) delete next.answer;
    else next.answer = patch.answer;
  }
  return next.question !== undefined || next.presentation !== undefined || "answer" in next ? next : null;
}

/** The item as it reads with the revision applied. */
export function effectiveQa(original: QaOriginal, revision: QaRevision | null): QaOriginal {
  if (!revision) return original;
  return {
    question: revision.question ?? original.question,
    presentation: revision.presentation ? { ...original.presentation, ...revision.presentation } : original.presentation,
    answer: "answer" in revision ? revision.answer : original.answer,
  };
}

/** The choice list of an item and where it lives, or null (numeric items). */
export function choicesOf(presentation: Record<string, unknown>): { key: ChoiceKey; choices: QaChoice[] } | null {
  for (const key of CHOICE_KEYS) {
    const v = presentation[key];
    if (Array.isArray(v)) {
      return {
        key,
        choices: v.map((c, i) => {
          const r = c && typeof c === "object" ? (c as Record<string, unknown>) : {};
          return { label: typeof r.label === "string" ? r.label : String(i + 1), text: typeof r.text === "string" ? r.text : String(r.text ?? "") };
        }),
      };
    }
  }
  return null;
}

export function allowedAnswersOf(presentation: Record<string, unknown>): string[] | null {
  const v = presentation.allowed_answers;
  return Array.isArray(v) ? v.map((x) => String(x)) : null;
}

/** What is wrong with an item as revised (shown by field; the submit rules only need a change). */
export function qaItemIssues(item: QaOriginal, format: string): QaIssue[] {
  const out: QaIssue[] = [];
  if (!item.question.trim()) out.push({ field: "revision.question", message: "the question is empty" });
  const list = choicesOf(item.presentation);
  if (list) {
    const seen = new Map<string, string>();
    list.choices.forEach((c, i) => {
      const t = c.text.trim().toLowerCase();
      if (!t) out.push({ field: `revision.presentation.${list.key}[${i}]`, message: `${c.label} is empty` });
      else if (seen.has(t)) out.push({ field: `revision.presentation.${list.key}[${i}]`, message: `${c.label} repeats ${seen.get(t)}` });
      else seen.set(t, c.label);
    });
    const labels = list.choices.map((c) => c.label);
    if (list.key === "events" || format.startsWith("ordering")) {
      const order = Array.isArray(item.answer) ? item.answer.map(String) : [];
      const isPermutation = order.length === labels.length && labels.every((l) => order.includes(l));
      if (!isPermutation) out.push({ field: "revision.answer", message: `the order must list each of ${labels.join(", ")} once` });
    } else if (typeof item.answer !== "string" || !labels.includes(item.answer)) {
      out.push({ field: "revision.answer", message: `the label must be one of ${labels.join(", ")}` });
    }
  }
  const allowed = allowedAnswersOf(item.presentation);
  if (allowed && !allowed.includes(String(item.answer))) out.push({ field: "revision.answer", message: `the label must be one of the allowed answers (${allowed.join(", ")})` });
  if (!list && !allowed && format === "numeric") {
    const n = typeof item.answer === "number" ? item.answer : Number(String(item.answer).trim());
    if (String(item.answer).trim() === "" || !Number.isFinite(n)) out.push({ field: "revision.answer", message: "the answer must be a number" });
  }
  return out;
}

/** The choice list with one text changed (new array; the item's shape kept). */
export function withChoiceText(presentation: Record<string, unknown>, key: ChoiceKey, index: number, text: string): unknown[] {
  const raw = Array.isArray(presentation[key]) ? (presentation[key] as unknown[]) : [];
  return raw.map((c, i) => (i === index && c && typeof c === "object" ? { ...(c as Record<string, unknown>), text } : c));
}

/** `order` with the entry at `index` moved by `delta` (clamped). */
export function moveInOrder<T>(order: readonly T[], index: number, delta: number): T[] {
  const to = Math.max(0, Math.min(order.length - 1, index + delta));
  const out = [...order];
  const [x] = out.splice(index, 1);
  out.splice(to, 0, x);
  return out;
}
