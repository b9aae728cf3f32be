/**
 * What a participant is shown of a question (PURE). Built field by field from Item.question,
 * Item.format and Item.presentation: the raw presentation JSON is never forwarded, so nothing an
 * importer might have put there by mistake (labels, notes, answers) reaches the browser.
 */

export type ChoiceOption = { label: string; text: string };

export type AnswerKind =
  | "integer"
  | "letter"
  | "statement_pair"
  | "toc_bucket"
  | "ordering"
  | "ec_counting"
  | "ec_enumeration"
  | "live_response"
  | "text";

export type ParticipantQuestion = {
  kind: AnswerKind;
  question: string;
  /** Choices (letters), statements (A/B), events to order, or allowed answers. */
  options: ChoiceOption[];
  /** integer: negative answers allowed (counts of change, e.g. O1-Delta). */
  allowNegative: boolean;
  /** ec_enumeration: the items must be listed in order (joined with →). */
  ordered: boolean;
  /** Free-rewatch EC-Bench: evidence spans may be given with the answer. */
  evidence: boolean;
};

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export const TOC_BUCKETS = ["2", "3", "4", "5 or more"] as const;

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function text(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return "";
}

/** Options from [{label,text}], ["text", ...] (labelled A, B, ...) or {A: "text", ...}. */
export function optionsFrom(value: unknown): ChoiceOption[] {
  if (Array.isArray(value)) {
    return value.map((entry, i) => {
      if (entry && typeof entry === "object") {
        const r = entry as Record<string, unknown>;
        return { label: text(r.label ?? r.letter ?? r.key) || LETTERS[i] || String(i + 1), text: text(r.text ?? r.event_text ?? r.value) };
      }
      return { label: LETTERS[i] ?? String(i + 1), text: text(entry) };
    });
  }
  const r = asRecord(value);
  return Object.keys(r).map((k) => ({ label: k, text: text(r[k]) }));
}

export function answerKindForFormat(format: string): AnswerKind {
  switch (format) {
    case "count":
    case "numeric":
    case "number":
      return "integer";
    case "mcq":
    case "mcq_4":
      return "letter";
    case "sp":
      return "statement_pair";
    case "numerical":
      return "toc_bucket";
    case "ordering_3":
    case "ordering_4":
    case "ordering":
      return "ordering";
    case "counting":
      return "ec_counting";
    case "enumeration":
      return "ec_enumeration";
    case "caption":
      return "live_response";
    default:
      return "text";
  }
}

/**
 * Whether an integer answer may be negative: a signed answer type in the presentation, or a
 * benchmark subtype whose answer is a change (VCBench O1-Delta: count at the end minus count at
 * the start). Every other count is 0 or more.
 */
export const SIGNED_SUBTYPES: ReadonlySet<string> = new Set(["O1-Delta"]);

export function participantQuestion(
  /** `subtype`: the item's taxonomy subtype (only this one label is read, to decide the answer type). */
  item: { format: string; question: string; presentation: unknown; subtype?: string | null },
  opts: { freeRewatch: boolean },
): ParticipantQuestion {
  const p = asRecord(item.presentation);
  const kind = answerKindForFormat(item.format);
  let options: ChoiceOption[] = [];
  if (kind === "letter") options = optionsFrom(p.options ?? p.choices);
  else if (kind === "statement_pair") options = optionsFrom(p.statements ?? p.options);
  else if (kind === "ordering") options = optionsFrom(p.events ?? p.options ?? p.items);
  else if (kind === "toc_bucket") options = TOC_BUCKETS.map((b) => ({ label: b, text: b }));
  if (kind === "letter" && options.length === 0) options = ["A", "B", "C", "D"].map((l) => ({ label: l, text: "" }));
  if (kind === "statement_pair" && options.length === 0) options = ["A", "B"].map((l) => ({ label: l, text: "" }));
  return {
    kind,
    question: item.question,
    options: options.map((o) => ({ label: o.label.slice(0, 40), text: o.text.slice(0, 2000) })),
    allowNegative:
      kind === "integer" &&
      (p.signed === true || p.allow_negative === true || p.answer_type === "signed_integer" || SIGNED_SUBTYPES.has(item.subtype ?? "")),
    ordered: kind === "ec_enumeration" && (p.ordered === true || p.ordered_steps === true),
    evidence: opts.freeRewatch && (kind === "ec_counting" || kind === "ec_enumeration"),
  };
}
