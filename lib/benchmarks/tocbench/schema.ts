/**
 * zod schemas of TOC-Bench `answer_final.json` items, per format (datasets README):
 * `mcq_4` (option_A..D, correct_answer letter), `sp` (statement_A/B, correct_answer A|B),
 * `numerical` (allowed_answers, correct_answer string), `ordering_3`/`ordering_4`
 * (events [{label, event_text}], correct_order list of labels). Unknown extra fields pass.
 */
import { z } from "zod";

const text = z.string();
const nonEmpty = z.string().min(1, "must be a non-empty string");

export const tocMetadataSchema = z
  .looseObject({
    dim: z.string().nullable().optional(),
    tier: z.string().nullable().optional(),
    subject_label: z.string().nullable().optional(),
    hallucination: z.string().nullable().optional(),
    has_hallucination_distractor: z.boolean().nullable().optional(),
  })
  .nullable()
  .optional();

const base = {
  qa_id: nonEmpty,
  video_id: nonEmpty,
  question: text,
  metadata: tocMetadataSchema,
};

export const tocItemSchemas = {
  mcq_4: z.looseObject({ ...base, format: z.literal("mcq_4"), option_A: text, option_B: text, option_C: text, option_D: text, correct_answer: text }),
  sp: z.looseObject({ ...base, format: z.literal("sp"), statement_A: text, statement_B: text, correct_answer: text }),
  numerical: z.looseObject({
    ...base,
    format: z.literal("numerical"),
    allowed_answers: z.array(text).min(1, "must list at least one answer"),
    correct_answer: text,
  }),
  ordering_3: z.looseObject({
    ...base,
    format: z.literal("ordering_3"),
    events: z.array(z.looseObject({ label: nonEmpty, event_text: text })),
    correct_order: z.array(text),
  }),
  ordering_4: z.looseObject({
    ...base,
    format: z.literal("ordering_4"),
    events: z.array(z.looseObject({ label: nonEmpty, event_text: text })),
    correct_order: z.array(text),
  }),
} as const;

export type TocNativeFormat = keyof typeof tocItemSchemas;
export type TocNativeItem = z.infer<(typeof tocItemSchemas)[TocNativeFormat]>;

/** Native fields represented elsewhere in a normalised item (the rest is kept in `truth.source.extra`). */
export const TOC_ITEM_FIELDS = [
  "qa_id",
  "video_id",
  "format",
  "question",
  "option_A",
  "option_B",
  "option_C",
  "option_D",
  "statement_A",
  "statement_B",
  "allowed_answers",
  "events",
  "correct_answer",
  "correct_order",
  "metadata",
] as const;

/** Metadata keys stored as taxonomy labels (the rest of `metadata` is truth source). */
export const TOC_METADATA_LABELS = ["dim", "tier", "subject_label", "hallucination", "has_hallucination_distractor"] as const;

/** The numerical format's standard answer set (reference `answer_extractor.py` buckets). */
export const TOC_STANDARD_NUMERIC = ["2", "3", "4", "5 or more"] as const;
