/**
 * The annotation document: what an annotator's work on one item is (PURE: zod + types, shared
 * by the workspace in the browser, the save/submit API, agreement, adjudication and export).
 *
 * One document per (annotation, version); stored as JSON in `Annotation.data` and in every
 * `AnnotationRevision.data`. The `benchmark` field discriminates the shape.
 *
 * Times. Every point in time is a {@link FrameTime}: the frame index of the video's playback
 * file (PTS table order, 0-based) AND `sec`, the benchmark's seconds from the start of the
 * video: `sec = pts[frame] - pts[0]` (the start of that frame's display interval on the
 * video's own timeline; first-frame offset and variable frame rates are handled by the PTS
 * table, as `lib/benchmarks/frame-mapping.ts` does for imported times). The frame is the
 * invariant; `sec` is derived from it by the client and re-checked by the server against the
 * PTS table (a mismatch beyond half a frame is a 422 naming the field).
 *
 * Ids. Marks, spans, identities and query points carry client-generated ids (stable across
 * edits, used by undo/redo, the timeline selection, agreement differences and adjudication
 * picks). Unique within their list.
 *
 * Order. The workspace keeps every list with a time order sorted by time as it is edited
 * (`lib/annotation/time-order.ts`); the server does not reorder a document it is given, and the
 * checks that need order (end after start, query points increasing: `submit-rules.ts`) report
 * problems rather than reordering.
 */
import { z } from "zod";
import { multilineText, text } from "@/lib/http/text-schema";
import { VCBENCH_SUBTYPES } from "@/lib/metrics/vcbench";

export const ANNOTATION_DOCUMENT_VERSION = 1 as const;

const idSchema = text().min(1, "must be a non-empty id").max(64, "must be at most 64 characters");
/** Free text of the document (comments, notes, answers: several lines allowed). */
const shortText = (max: number) => multilineText().max(max, `must be at most ${max} characters`);
/** A one-line label. */
const labelText = (max: number) => text().max(max, `must be at most ${max} characters`);

/** A point on the video: frame index (playback file, 0-based) and seconds from the video's start. */
export const frameTimeSchema = z.strictObject({
  frame: z.number({ message: "must be a number" }).int("must be a whole frame index").min(0, "must be at least 0"),
  sec: z.number({ message: "must be a number" }).finite("must be finite").min(0, "must be at least 0"),
});
export type FrameTime = z.infer<typeof frameTimeSchema>;

/** An instantaneous mark (E1 occurrence, split point inside a cycle, ...). */
export const markSchema = z.strictObject({
  id: idSchema,
  at: frameTimeSchema,
  label: labelText(200).default(""),
  comment: shortText(2000).default(""),
});
export type Mark = z.infer<typeof markSchema>;

/** A span [start, end]; `end` null while it is still open (start set, end not yet). */
export const spanSchema = z.strictObject({
  id: idSchema,
  start: frameTimeSchema,
  end: frameTimeSchema.nullable(),
  label: labelText(200).default(""),
  comment: shortText(2000).default(""),
});
export type Span = z.infer<typeof spanSchema>;

// ───────────────────────────── VCBench ─────────────────────────────

/** E2 occurrence: start/end; E2-Periodic cycles may carry split points inside the cycle. */
export const occurrenceSchema = spanSchema.extend({ splits: z.array(markSchema).max(1000).default([]) });
export type Occurrence = z.infer<typeof occurrenceSchema>;

/** O2: one distinct individual, with the frame where it first appears. */
export const identitySchema = z.strictObject({
  id: idSchema,
  /** What the annotator calls it ("#1", "red shirt"); unique within the document. */
  key: text().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  note: shortText(2000).default(""),
  firstAppearance: frameTimeSchema,
});
export type Identity = z.infer<typeof identitySchema>;

/** A query point: where playback pauses and a count is asked. `count`: O1-Snap's count at the point (else null: computed). */
export const queryPointSchema = z.strictObject({
  id: idSchema,
  at: frameTimeSchema,
  count: z.number({ message: "must be a number" }).int("must be a whole number").min(0, "must be a non-negative integer").nullable().default(null),
});
export type DesignedQueryPoint = z.infer<typeof queryPointSchema>;

const countOrNull = z.number({ message: "must be a number" }).int("must be a whole number").min(0, "must be a non-negative integer").nullable();

export const vcbenchDocumentSchema = z.strictObject({
  benchmark: z.literal("VCBENCH"),
  v: z.literal(ANNOTATION_DOCUMENT_VERSION),
  subtype: z.enum(VCBENCH_SUBTYPES),
  /** E1-Action / E1-Transit: one mark per occurrence. */
  moments: z.array(markSchema).max(20_000).default([]),
  /** E2-Episode / E2-Periodic: one span per occurrence. */
  occurrences: z.array(occurrenceSchema).max(5_000).default([]),
  /** O2-Unique / O2-Gain: one entry per distinct individual. */
  identities: z.array(identitySchema).max(5_000).default([]),
  /** O1-Delta / O2-Gain: the question's window (from the item; the annotator may correct it). */
  window: z.strictObject({ start: frameTimeSchema, end: frameTimeSchema }).nullable().default(null),
  /** O1-Delta: counts visible at the window's start and end. */
  countAtStart: countOrNull.default(null),
  countAtEnd: countOrNull.default(null),
  /** Designed query points (3-8; exactly 1, at the window end, for O1-Delta and O2-Gain). */
  queryPoints: z.array(queryPointSchema).max(64).default([]),
  notes: shortText(10_000).default(""),
});
export type VcbenchDocument = z.infer<typeof vcbenchDocumentSchema>;

// ───────────────────────────── EC-Bench ─────────────────────────────

export const ecbenchDocumentSchema = z.strictObject({
  benchmark: z.literal("ECBENCH"),
  v: z.literal(ANNOTATION_DOCUMENT_VERSION),
  /** Feasibility check (paper Figure 12): null = not decided yet; false = invalid question. */
  feasible: z.boolean().nullable().default(null),
  invalidReason: shortText(2000).default(""),
  /** The answer cell as it will be exported: a number (Counting) or a comma-separated list, ordered steps joined by "→" (Enumeration). */
  answer: shortText(20_000).default(""),
  /** True when the annotator changed the answer they were shown. */
  answerRevised: z.boolean().default(false),
  /** Evidence spans at second precision (sec whole seconds; frame = first frame at that second). */
  evidence: z.array(spanSchema).max(2_000).default([]),
  notes: shortText(10_000).default(""),
});
export type EcbenchDocument = z.infer<typeof ecbenchDocumentSchema>;

// ───────────────────────────── QA verification (TOC-Bench, VSTAT) ─────────────────────────────

export const QA_DECISIONS = ["keep", "revise", "remove"] as const;
export type QaDecision = (typeof QA_DECISIONS)[number];

/** TOC-Bench removal reasons (paper §3: severe problems). */
export const TOC_REMOVAL_REASONS = ["tracking_error", "insufficient_visual_support", "wrong_label", "mismatch"] as const;
export const TOC_REMOVAL_REASON_LABELS: Record<(typeof TOC_REMOVAL_REASONS)[number], string> = {
  tracking_error: "Tracking error",
  insufficient_visual_support: "Insufficient visual support",
  wrong_label: "Wrong label",
  mismatch: "Mismatch between question and video",
};

/**
 * A revision of a generated item, stored beside the original: only the fields changed.
 * `presentation` has the item's own shape (options / statements / events / allowed_answers);
 * `answer` the truth answer's native shape (letter, label list, number text ...).
 */
export const qaRevisionSchema = z.strictObject({
  question: shortText(10_000).optional(),
  presentation: z.record(text(), z.unknown()).optional(),
  answer: z.unknown().optional(),
});
export type QaRevision = z.infer<typeof qaRevisionSchema>;

export const tocbenchDocumentSchema = z.strictObject({
  benchmark: z.literal("TOCBENCH"),
  v: z.literal(ANNOTATION_DOCUMENT_VERSION),
  decision: z.enum(QA_DECISIONS).nullable().default(null),
  revision: qaRevisionSchema.nullable().default(null),
  removalReason: z.enum(TOC_REMOVAL_REASONS).nullable().default(null),
  removalNote: shortText(5_000).default(""),
  notes: shortText(10_000).default(""),
});
export type TocbenchDocument = z.infer<typeof tocbenchDocumentSchema>;

/** VSTAT taxonomy (paper Table 6/7). */
export const VSTAT_STATE_ELEMENTS = ["count", "location", "attribute"] as const;
export const VSTAT_STATE_STRUCTURES = ["atomic", "sequence", "set", "dict"] as const;
export const VSTAT_CHALLENGES = [
  "occlusion",
  "camera_motion",
  "homogeneity",
  "symbolic_decoding",
  "multi_entity_attribution",
  "event_ambiguity",
] as const;

export const vstatDocumentSchema = z.strictObject({
  benchmark: z.literal("VSTAT"),
  v: z.literal(ANNOTATION_DOCUMENT_VERSION),
  stateElement: z.enum(VSTAT_STATE_ELEMENTS).nullable().default(null),
  stateStructure: z.enum(VSTAT_STATE_STRUCTURES).nullable().default(null),
  challenges: z.array(z.enum(VSTAT_CHALLENGES)).max(VSTAT_CHALLENGES.length).default([]),
  decision: z.enum(QA_DECISIONS).nullable().default(null),
  revision: qaRevisionSchema.nullable().default(null),
  removalNote: shortText(5_000).default(""),
  notes: shortText(10_000).default(""),
});
export type VstatDocument = z.infer<typeof vstatDocumentSchema>;

// ───────────────────────────── VSAS-Bench ─────────────────────────────

export const captionReviewSchema = z.strictObject({
  /** Whole second of the caption (t = second / fps on the task's timeline). */
  second: z.number().int("must be a whole second").min(0, "must be at least 0"),
  /** The caption as reviewed (edited in place). */
  text: shortText(5_000),
  /** The annotator marked this caption corrected (reviewed and fixed / confirmed changed). */
  corrected: z.boolean().default(false),
  /** Inconsistent with the neighbouring second (previous or next). */
  inconsistentWith: z.enum(["previous", "next"]).nullable().default(null),
  note: shortText(2_000).default(""),
});
export type CaptionReview = z.infer<typeof captionReviewSchema>;

export const vsasDocumentSchema = z.strictObject({
  benchmark: z.literal("VSAS"),
  v: z.literal(ANNOTATION_DOCUMENT_VERSION),
  captions: z.array(captionReviewSchema).max(100_000).default([]),
  notes: shortText(10_000).default(""),
});
export type VsasDocument = z.infer<typeof vsasDocumentSchema>;

// ───────────────────────────── The union ─────────────────────────────

export const annotationDocumentSchema = z.discriminatedUnion("benchmark", [
  vcbenchDocumentSchema,
  ecbenchDocumentSchema,
  tocbenchDocumentSchema,
  vstatDocumentSchema,
  vsasDocumentSchema,
]);
export type AnnotationDocument = z.infer<typeof annotationDocumentSchema>;
export type AnnotationBenchmark = AnnotationDocument["benchmark"];
export const ANNOTATION_BENCHMARKS = ["VCBENCH", "ECBENCH", "TOCBENCH", "VSTAT", "VSAS"] as const satisfies readonly AnnotationBenchmark[];

export type DocumentOf<B extends AnnotationBenchmark> = Extract<AnnotationDocument, { benchmark: B }>;
