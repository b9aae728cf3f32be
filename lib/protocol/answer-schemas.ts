/**
 * The answer a participant may submit, per answer kind (PURE, zod; shared by the answer forms
 * and the answer route). Stored as `Answer.value` exactly as parsed here.
 *
 * | kind           | value                                                    |
 * |----------------|----------------------------------------------------------|
 * | integer        | integer (negative only where allowed, e.g. O1-Delta)      |
 * | letter         | one of the option letters ("A".."D")                      |
 * | statement_pair | "A" or "B"                                               |
 * | toc_bucket     | "2" / "3" / "4" / "5 or more"                             |
 * | ordering       | the option labels, each once, in the chosen order         |
 * | ec_counting    | {count, evidence?: [[startSec, endSec], ...]}             |
 * | ec_enumeration | {items: [...], evidence?} (ordered lists are joined by →)  |
 * | live_response  | {timeline: [{sec, text}]}: the response sampled each second |
 * | text           | free text                                                |
 */
import { z } from "zod";
import { multilineText, text } from "@/lib/http/text-schema";
import { TOC_BUCKETS, type ParticipantQuestion } from "./participant-question";

const MAX_COUNT = 1_000_000;

const evidenceSchema = z
  .array(
    z
      .tuple([z.number().min(0, "must be >= 0"), z.number().min(0, "must be >= 0")])
      .refine(([s, e]) => e >= s, "end must not be before start"),
  )
  .max(200, "at most 200 spans");

type SchemaQuestion = Pick<ParticipantQuestion, "kind" | "options" | "allowNegative" | "evidence">;

/** Schemas built, by what they depend on (every answer POST asks; building one cost ~0.1 ms). */
const built = new Map<string, ReturnType<typeof buildAnswerSchema>>();
const MAX_BUILT = 1000;

/** The schema of an answer to `q` (built once per distinct kind, options and flags). */
export function answerSchemaFor(q: SchemaQuestion) {
  const key = JSON.stringify([q.kind, !!q.allowNegative, !!q.evidence, q.options.map((o) => o.label)]);
  let schema = built.get(key);
  if (!schema) {
    schema = buildAnswerSchema(q);
    if (built.size >= MAX_BUILT) built.delete(built.keys().next().value as string);
    built.set(key, schema);
  }
  return schema;
}

function buildAnswerSchema(q: SchemaQuestion) {
  const labels = q.options.map((o) => o.label);
  switch (q.kind) {
    case "integer":
      return z
        .number({ error: "must be a whole number" })
        .int("must be a whole number")
        .min(q.allowNegative ? -MAX_COUNT : 0, q.allowNegative ? `must be at least ${-MAX_COUNT}` : "must not be negative")
        .max(MAX_COUNT, `must be at most ${MAX_COUNT}`);
    case "letter":
    case "statement_pair":
      return z.enum(labels.length ? (labels as [string, ...string[]]) : ["A"], { error: `must be one of ${labels.join(", ")}` });
    case "toc_bucket":
      return z.enum(TOC_BUCKETS, { error: `must be one of ${TOC_BUCKETS.join(", ")}` });
    case "ordering":
      return z
        .array(text(), { error: "must be a list of labels" })
        .refine(
          (v) => v.length === labels.length && new Set(v).size === v.length && v.every((l) => labels.includes(l)),
          `must list each of ${labels.join(", ")} exactly once`,
        );
    case "ec_counting":
      return z.strictObject({
        count: z.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must not be negative").max(MAX_COUNT),
        evidence: q.evidence ? evidenceSchema.optional() : z.undefined({ error: "evidence is not asked for here" }),
      });
    case "ec_enumeration":
      return z.strictObject({
        items: z
          .array(text().trim().min(1, "must not be empty").max(500, "must be at most 500 characters"))
          .min(1, "list at least one item")
          .max(200, "at most 200 items"),
        evidence: q.evidence ? evidenceSchema.optional() : z.undefined({ error: "evidence is not asked for here" }),
      });
    case "live_response":
      return z.strictObject({
        timeline: z
          .array(z.strictObject({ sec: z.number().int().min(0).max(24 * 3600), text: text().max(2000) }))
          .max(24 * 3600, "too many samples")
          .refine((t) => t.every((s, i) => i === 0 || s.sec > t[i - 1].sec), "samples must have increasing seconds"),
      });
    default:
      return multilineText({ error: "must be text" }).trim().min(1, "must not be empty").max(5000, "must be at most 5000 characters");
  }
}

/** The text form of an answer, as a benchmark's own scripts read it (exports, scoring). */
export function answerText(kind: string, value: unknown, ordered = false): string {
  if (value === null || value === undefined) return "";
  switch (kind) {
    case "ordering":
      return Array.isArray(value) ? value.join("") : String(value);
    case "ec_counting":
      return String((value as { count?: unknown }).count ?? "");
    case "ec_enumeration": {
      const items = (value as { items?: unknown }).items;
      return Array.isArray(items) ? items.join(ordered ? " → " : ", ") : "";
    }
    case "live_response": {
      const t = (value as { timeline?: { text: string }[] }).timeline;
      return Array.isArray(t) && t.length ? t[t.length - 1].text : "";
    }
    default:
      return typeof value === "string" ? value : JSON.stringify(value);
  }
}
