/**
 * Playhead's generic item file ("custom" projects): JSONL, one item per line (PURE: works on
 * lines; the server feeds it a file with `readLines`).
 *
 *   {"id": "q1", "video": "clips/a.mp4", "question": "What colour is the cup?",
 *    "format": "mcq", "options": ["red", "blue"], "answer": "A",
 *    "labels": {"category": "colour", "challenges": ["occlusion"]},
 *    "query_points": [12.5, 30], "evidence": [[10, 15], {"start": 20, "end": 25, "label": "cup"}]}
 *
 * - id (string or integer, unique), video (reference to the video file, matched by name when
 *   it is in the library), question: required.
 * - format: any short name; default "mcq" when options are given, else "text".
 * - options: strings (labelled A, B, C...) or {label, text}; presentation: other
 *   participant-safe data (shown to participants: never put the answer there).
 * - answer: the ground truth, any JSON (one value per query point when there are several).
 * - labels: taxonomy labels; keys of letters, digits, _ and -; values string, number, boolean,
 *   null or a list of strings.
 * - query_points: times in seconds where streaming playback pauses; evidence: truth spans
 *   `[start, end]` or `{start, end, label?}` in seconds.
 * - Any other field is kept with the truth (never shown to participants) and exported again.
 */
import { z } from "zod";
import { multilineText, text } from "@/lib/http/text-schema";
import { duplicateIdErrors, extraFields, idOf, issue, issuesFromZod } from "@/lib/benchmarks/issues";
import { byLine, parseJsonlWith, type RecordSink } from "@/lib/benchmarks/record-sink";
import type { TextLine } from "@/lib/benchmarks/text-lines";
import type { ExportInput, ExportOutput } from "@/lib/benchmarks/export-types";
import { inNativeOrder, toJsonl } from "@/lib/benchmarks/export-types";
import { sortSpans } from "@/lib/benchmarks/stored-item";
import type { ImportIssue, LabelValue, NormalisedItem, ParseResult } from "@/lib/benchmarks/types";
import { LABEL_KEY_PATTERN } from "./item-filters";

export const CUSTOM_FILE_KIND = "playhead_items";
const KNOWN = ["id", "video", "question", "format", "options", "presentation", "answer", "labels", "query_points", "evidence"] as const;
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const seconds = z.number({ message: "must be a number of seconds" }).refine(Number.isFinite, "must be a finite number").refine((n) => n >= 0, "must not be negative");
const labelValue = z.union([text(), z.number().refine(Number.isFinite, "must be finite"), z.boolean(), z.null(), z.array(text())], {
  message: "must be a string, number, boolean, null or a list of strings",
});
const span = z.union([
  z.tuple([seconds, seconds], { message: "must be [start, end] in seconds or {start, end, label}" }),
  z.strictObject({ start: seconds, end: seconds, label: text().max(200).optional() }),
]);

const recordSchema = z.looseObject({
  id: z.union([text().min(1, "must be a non-empty string").max(200, "must be at most 200 characters"), z.number().int("must be a whole number")], {
    message: "is required: a string or a whole number",
  }),
  video: text({ message: "is required: the video file name or path" }).min(1, "must not be empty").max(1000),
  question: multilineText({ message: "is required: the question text" }).min(1, "must not be empty").max(20_000),
  format: text().min(1).max(64, "must be at most 64 characters").optional(),
  options: z
    .array(z.union([text(), z.strictObject({ label: text().min(1).max(20), text: text() })]))
    .max(26, "at most 26 options")
    .optional(),
  presentation: z.record(text(), z.unknown(), { message: "must be an object" }).optional(),
  answer: z.unknown().refine((v) => v !== undefined, "is required (the ground truth; use null when unknown)"),
  labels: z
    .record(text().regex(LABEL_KEY_PATTERN, "label keys are letters, digits, _ and - (at most 64)"), labelValue, { message: "must be an object" })
    .optional(),
  query_points: z.array(seconds).max(1000, "at most 1000 query points").optional(),
  evidence: z.array(span).max(1000, "at most 1000 spans").optional(),
});

type CustomRecord = z.infer<typeof recordSchema>;

function detect(first: Record<string, unknown>, line: number): RecordSink | ImportIssue {
  if (!("question" in first)) {
    const pred = ["prediction", "predictions", "pred", "response", "responses", "model_answer"].find((k) => k in first);
    if (pred) {
      return issue("prediction_file", `this looks like a prediction file (field "${pred}", no "question"): import the item file and upload predictions as a model run`, { line, field: pred });
    }
  }
  return customSink();
}

function customSink(): RecordSink {
  const items: NormalisedItem[] = [];
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  return {
    add(raw, line) {
      const id = idOf(raw, "id");
      const parsed = recordSchema.safeParse(raw);
      if (!parsed.success) {
        errors.push(...issuesFromZod(parsed.error.issues, { line, id }));
        return;
      }
      const r = parsed.data;
      const where = { item_id: String(r.id), line };
      const spans = (r.evidence ?? []).map((s) => (Array.isArray(s) ? { startSec: s[0], endSec: s[1] } : { startSec: s.start, endSec: s.end, ...(s.label ? { label: s.label } : {}) }));
      let bad = false;
      spans.forEach((s, i) => {
        if (s.endSec < s.startSec) {
          errors.push(issue("span_reversed", `evidence span ${i} ends (${s.endSec} s) before it starts (${s.startSec} s)`, { ...where, field: `evidence[${i}]` }));
          bad = true;
        }
      });
      if (bad) return;
      items.push(toItem(r, raw, spans, line, items.length, warnings));
    },
    finish() {
      return { items, warnings, errors: [...errors, ...duplicateIdErrors(items)].sort(byLine), meta: { fileKind: CUSTOM_FILE_KIND } };
    },
  };
}

function toItem(r: CustomRecord, raw: Record<string, unknown>, spans: NormalisedItem["truthSpans"], line: number, ordinal: number, warnings: ImportIssue[]): NormalisedItem {
  const externalId = String(r.id);
  const where = { item_id: externalId, line };
  const source: Record<string, unknown> = {};
  if (typeof r.id === "number") source.id_number = true;
  const presentation: Record<string, unknown> = { ...(r.presentation ?? {}) };
  if (r.presentation) source.presentation_keys = Object.keys(r.presentation);
  if (r.options) {
    const plain = r.options.every((o) => typeof o === "string");
    if (plain) source.options_plain = true;
    presentation.options = r.options.map((o, k) => (typeof o === "string" ? { label: LETTERS[k], text: o } : o));
  }
  const format = r.format ?? (r.options ? "mcq" : "text");
  if (r.format === undefined) source.format_default = true;
  const extra = extraFields(raw, KNOWN);
  if (extra) source.extra = extra;
  const times = r.query_points ?? [];
  if (r.query_points) source.query_points_given = true;
  if (r.evidence) source.evidence_given = true;
  if (r.labels === undefined) source.no_labels = true;
  for (let i = 1; i < times.length; i++) {
    if (times[i] < times[i - 1]) {
      warnings.push(issue("query_times_out_of_order", `query times are not in increasing order (point ${i} at ${times[i]} s comes after ${times[i - 1]} s)`, { ...where, field: "query_points" }));
      break;
    }
  }
  if (Array.isArray(r.answer) && times.length > 1 && r.answer.length !== times.length) {
    warnings.push(issue("answer_length_mismatch", `the answer lists ${r.answer.length} values for ${times.length} query points`, { ...where, field: "answer" }));
  }
  const options = presentation.options as { label: string }[] | undefined;
  if (options && typeof r.answer === "string" && !options.some((o) => o.label === r.answer)) {
    warnings.push(issue("answer_not_an_option", `the answer ${JSON.stringify(r.answer)} is not an option label (${options.map((o) => o.label).join(", ")})`, { ...where, field: "answer" }));
  }
  return {
    externalId,
    ordinal,
    format,
    question: r.question,
    presentation,
    labels: (r.labels ?? {}) as Record<string, LabelValue>,
    videoRef: r.video,
    queryPoints: times.map((timeSec, i) => ({ ordinal: i, timeSec })),
    truth: { answer: r.answer === undefined ? null : r.answer, source },
    truthSpans: sortSpans(spans),
    line,
  };
}

/** Parses a Playhead generic item file. */
export async function parseCustomItems(lines: AsyncIterable<TextLine> | Iterable<TextLine>): Promise<ParseResult> {
  return parseJsonlWith(lines, detect, { fileKind: CUSTOM_FILE_KIND });
}

/** Writes items back as a Playhead generic item file (the same records as parsed, in native order). */
export function exportCustomItems(input: ExportInput): ExportOutput {
  const records = inNativeOrder(input.items).map((it) => {
    const src = it.truth.source ?? {};
    const rec: Record<string, unknown> = { id: src.id_number && /^-?\d+$/.test(it.externalId) ? Number(it.externalId) : it.externalId, video: it.videoRef, question: it.question };
    if (!src.format_default) rec.format = it.format;
    const { options, ...rest } = it.presentation as { options?: { label: string; text: string }[] } & Record<string, unknown>;
    if (options) rec.options = src.options_plain ? options.map((o) => o.text) : options;
    if (src.presentation_keys || Object.keys(rest).length > 0) rec.presentation = rest;
    rec.answer = it.truth.answer;
    if (!src.no_labels || Object.keys(it.labels).length > 0) rec.labels = it.labels;
    if (src.query_points_given || it.queryPoints.length > 0) rec.query_points = [...it.queryPoints].sort((a, b) => a.ordinal - b.ordinal).map((q) => q.timeSec);
    if (src.evidence_given || it.truthSpans.length > 0) {
      rec.evidence = it.truthSpans.map((s) => (s.label ? { start: s.startSec, end: s.endSec, label: s.label } : [s.startSec, s.endSec]));
    }
    if (src.extra && typeof src.extra === "object") Object.assign(rec, src.extra);
    return rec;
  });
  return { text: toJsonl(records), warnings: [] };
}
