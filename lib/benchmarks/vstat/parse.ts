/**
 * VSTAT QA JSON → normalised items. The file is `{"data": {source_task: [doc, ...]}}`
 * (datasets README); a doc holds `source_task, video_id, video_path, question, choices
 * (list, empty for numeric questions), answer, answer_index` and taxonomy labels
 * `state_element` (count | location | attribute), `state_structure` (atomic | sequence |
 * set | dict) and `perceptual_challenges` (list). Unknown fields are kept.
 *
 * - externalId: the doc's `id` / `question_id` / `qid` when present, else
 *   `<source_task>#<position in its task list>` (the doc position);
 * - format: `mcq` when `choices` is non-empty (answer: a letter), else `numeric` (answer:
 *   an integer, possibly negative, as a number or a string);
 * - videoRef: `video_path`, else `video_id`.
 */
import { z } from "zod";
import { duplicateIdErrors, extraFields, issue, issuesFromZod } from "../issues";
import { arrayElementLines, jsonErrorLocation } from "../json-positions";
import type { ImportIssue, LabelValue, NormalisedItem, ParseResult } from "../types";
import { checkVstatItems } from "./checks";

export const VSTAT_FILE_KIND = "vstat_qa";
export const VSTAT_LABEL_FIELDS = ["state_element", "state_structure", "perceptual_challenges"] as const;
const ID_FIELDS = ["id", "question_id", "qid"] as const;
/** Fields represented elsewhere in the item; the id field stays in `extra` so it round-trips with its type. */
const KNOWN = ["source_task", "video_id", "video_path", "question", "choices", "answer", "answer_index", ...VSTAT_LABEL_FIELDS] as const;

const labelValue = z.union([z.string(), z.array(z.string()), z.null()]);
const docSchema = z.looseObject({
  source_task: z.string().optional(),
  video_id: z.union([z.string(), z.number()]).optional(),
  video_path: z.string().optional(),
  question: z.string().min(1, "must be a non-empty string"),
  choices: z.array(z.string()).optional().nullable(),
  answer: z.union([z.string(), z.number()]),
  answer_index: z.union([z.number().int(), z.null()]).optional(),
  state_element: labelValue.optional(),
  state_structure: labelValue.optional(),
  perceptual_challenges: labelValue.optional(),
});

export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function parseVstat(text: string): ParseResult {
  const meta = { fileKind: VSTAT_FILE_KIND };
  const fail = (e: ImportIssue): ParseResult => ({ items: [], warnings: [], errors: [e], meta });
  if (text.trim() === "") return fail(issue("empty_file", "the file is empty"));
  let doc: unknown;
  try {
    doc = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (err) {
    const loc = jsonErrorLocation(text, err);
    return fail(issue("malformed_json", `not valid JSON at line ${loc.line}, column ${loc.column} (${loc.reason})`, { line: loc.line }));
  }
  const data = doc && typeof doc === "object" && !Array.isArray(doc) ? (doc as { data?: unknown }).data : undefined;
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    return fail(issue("unknown_file_format", 'not a VSTAT QA file: expected {"data": {source_task: [doc, ...]}}', { line: 1, field: "data" }));
  }
  const positions = arrayElementLines(text, ["data", "*"]);
  const items: NormalisedItem[] = [];
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  for (const [group, docs] of Object.entries(data as Record<string, unknown>)) {
    if (!Array.isArray(docs)) {
      errors.push(issue("invalid_record", `data.${group} must be a list of questions`, { field: `data.${group}` }));
      continue;
    }
    const lines = positions.get(["data", group].join("\u0000")) ?? [];
    docs.forEach((raw, i) => {
      const line = lines[i] ?? null;
      const prefix = `data.${group}[${i}]`;
      const rawRec = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
      const idField = rawRec ? ID_FIELDS.find((k) => typeof rawRec[k] === "string" || typeof rawRec[k] === "number") : undefined;
      const externalId = idField ? String(rawRec![idField]) : `${group}#${i}`;
      if (!rawRec) {
        errors.push(issue("invalid_record", `${prefix} is not an object`, { line, field: prefix }));
        return;
      }
      if (!("answer" in rawRec) && ["prediction", "response", "model_answer", "pred"].some((k) => k in rawRec)) {
        errors.push(issue("prediction_file", `${prefix} has a prediction but no "answer": import the QA file with answers and upload predictions as a model run`, { line, item_id: externalId }));
        return;
      }
      const parsed = docSchema.safeParse(raw);
      if (!parsed.success) {
        errors.push(...issuesFromZod(parsed.error.issues, { line, id: externalId, prefix }));
        return;
      }
      const d = parsed.data;
      const videoRef = d.video_path ?? (d.video_id !== undefined ? String(d.video_id) : "");
      if (videoRef === "") {
        errors.push(issue("invalid_record", `${prefix}: neither "video_path" nor "video_id" is given`, { line, item_id: externalId, field: `${prefix}.video_path` }));
        return;
      }
      const choices = d.choices ?? [];
      const format = choices.length > 0 ? "mcq" : "numeric";
      const labels: Record<string, LabelValue> = { source_task: d.source_task ?? group };
      for (const k of VSTAT_LABEL_FIELDS) if (d[k] !== undefined) labels[k] = d[k] as LabelValue;
      const source: Record<string, unknown> = { group, ref_field: d.video_path !== undefined ? "video_path" : "video_id" };
      if (d.source_task === undefined) source.no_source_task = true;
      if (d.video_path !== undefined && d.video_id !== undefined) source.video_id = d.video_id;
      if (typeof d.video_id === "number" && d.video_path === undefined) source.video_id_number = true;
      if ("answer_index" in rawRec) source.answer_index = d.answer_index ?? null;
      if (d.choices === null) source.choices_null = true;
      else if (d.choices === undefined) source.choices_absent = true;
      const extra = extraFields(rawRec, KNOWN);
      if (extra) source.extra = extra;
      items.push({
        externalId,
        ordinal: items.length,
        format,
        question: d.question,
        presentation: format === "mcq" ? { options: choices.map((c, k) => ({ label: LETTERS[k] ?? String(k + 1), text: c })) } : { answer_type: "signed_integer" },
        labels,
        videoRef,
        queryPoints: [],
        truth: { answer: d.answer, source },
        truthSpans: [],
        line,
      });
    });
  }
  if (items.length === 0 && errors.length === 0) return fail(issue("empty_file", "the file holds no questions", { field: "data" }));
  const header: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc as Record<string, unknown>)) if (k !== "data") header[k] = v;
  header.key_order = Object.keys(doc as Record<string, unknown>);
  warnings.push(...checkVstatItems(items));
  return { items, warnings, errors: [...errors, ...duplicateIdErrors(items)], meta: { ...meta, header } };
}
