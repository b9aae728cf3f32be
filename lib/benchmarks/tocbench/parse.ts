/**
 * TOC-Bench `answer_final.json` → normalised items. The file is one JSON document
 * (1.4 MB): it is parsed whole, then every item is validated on its own, and problems
 * name the item index (`items[i]`), its qa_id, field, and the line where the item starts.
 */
import { tocSource } from "@/lib/metrics/tocbench";
import { duplicateIdErrors, extraFields, idOf, issue, issuesFromZod } from "../issues";
import { arrayElementLines, jsonErrorLocation } from "../json-positions";
import type { ImportIssue, LabelValue, NormalisedItem, ParseResult } from "../types";
import { checkTocItems } from "./checks";
import { TOC_ITEM_FIELDS, TOC_METADATA_LABELS, tocItemSchemas, type TocNativeFormat, type TocNativeItem } from "./schema";

export const TOCBENCH_FILE_KIND = "tocbench_answer";
const PREDICTION_KEYS = ["extracted_answer", "prediction", "raw_output", "response", "model_output"];

function predictionFileIssue(sample: unknown, line: number | null): ImportIssue | null {
  if (!sample || typeof sample !== "object" || Array.isArray(sample)) return null;
  const rec = sample as Record<string, unknown>;
  if ("correct_answer" in rec || "correct_order" in rec) return null;
  const key = PREDICTION_KEYS.find((k) => k in rec);
  return key
    ? issue("prediction_file", `this looks like a prediction file (field "${key}", no "correct_answer"/"correct_order"): import answer_final.json and upload predictions as a model run`, { line, field: key })
    : null;
}

/** Parses the whole text of a TOC-Bench file. */
export function parseTocbench(text: string): ParseResult {
  const meta = { fileKind: TOCBENCH_FILE_KIND };
  const fail = (e: ImportIssue): ParseResult => ({ items: [], warnings: [], errors: [e], meta });
  if (text.trim() === "") return fail(issue("empty_file", "the file is empty"));
  let doc: unknown;
  try {
    doc = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (err) {
    // A JSONL prediction file fails here: recognise it by its first line.
    const firstLine = text.split("\n", 1)[0];
    try {
      const pred = predictionFileIssue(JSON.parse(firstLine), 1);
      if (pred) return fail(pred);
    } catch {
      // not JSONL either
    }
    const loc = jsonErrorLocation(text, err);
    const truncated = /end of JSON input|Unterminated/i.test(loc.reason);
    return fail(issue("malformed_json", `${truncated ? "the file ends in the middle of the JSON document (truncated?)" : "not valid JSON"} at line ${loc.line}, column ${loc.column} (${loc.reason})`, { line: loc.line }));
  }
  const list = Array.isArray(doc) ? doc : doc && typeof doc === "object" ? (doc as { items?: unknown }).items : undefined;
  if (!Array.isArray(list)) {
    const pred = predictionFileIssue(doc, 1);
    return fail(pred ?? issue("unknown_file_format", 'not a TOC-Bench file: expected an object with an "items" list (answer_final.json)', { line: 1, field: "items" }));
  }
  if (list.length === 0) return fail(issue("empty_file", 'the "items" list is empty', { field: "items" }));
  const pred = predictionFileIssue(list[0], null);
  if (pred) return fail(pred);

  const lines = arrayElementLines(text, Array.isArray(doc) ? [] : ["items"]).values().next().value ?? [];
  const header: Record<string, unknown> | undefined = Array.isArray(doc) ? undefined : headerOf(doc as Record<string, unknown>);
  const items: NormalisedItem[] = [];
  const errors: ImportIssue[] = [];
  list.forEach((raw, i) => {
    const line = lines[i] ?? null;
    const prefix = `items[${i}]`;
    const id = idOf(raw, "qa_id");
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
      errors.push(issue("invalid_record", `${prefix} is not an object`, { line, field: prefix }));
      return;
    }
    const format = (raw as Record<string, unknown>).format;
    if (typeof format !== "string" || !(format in tocItemSchemas)) {
      errors.push(
        issue("unknown_format", `${prefix}: format ${JSON.stringify(format) ?? "(missing)"} is not one of ${Object.keys(tocItemSchemas).join(", ")}`, { item_id: id, line, field: `${prefix}.format` }),
      );
      return;
    }
    const parsed = tocItemSchemas[format as TocNativeFormat].safeParse(raw);
    if (!parsed.success) {
      errors.push(...issuesFromZod(parsed.error.issues, { line, id, prefix }));
      return;
    }
    items.push(normalise(parsed.data as TocNativeItem, raw as Record<string, unknown>, items.length, line));
  });
  const warnings = checkTocItems(items, header, list.length);
  return { items, warnings, errors: [...errors, ...duplicateIdErrors(items, "qa_id")], meta: header ? { ...meta, header } : meta };
}

function headerOf(doc: Record<string, unknown>): Record<string, unknown> {
  const header: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (k !== "items") header[k] = v;
  header.key_order = Object.keys(doc);
  return header;
}

function normalise(it: TocNativeItem, raw: Record<string, unknown>, ordinal: number, line: number | null): NormalisedItem {
  let presentation: Record<string, unknown>;
  let answer: unknown;
  switch (it.format) {
    case "mcq_4":
      presentation = { options: (["A", "B", "C", "D"] as const).map((l) => ({ label: l, text: it[`option_${l}`] })) };
      answer = it.correct_answer;
      break;
    case "sp":
      presentation = { statements: (["A", "B"] as const).map((l) => ({ label: l, text: it[`statement_${l}`] })) };
      answer = it.correct_answer;
      break;
    case "numerical":
      presentation = { allowed_answers: it.allowed_answers };
      answer = it.correct_answer;
      break;
    default:
      presentation = { events: it.events.map((e) => ({ label: e.label, text: e.event_text })) };
      answer = it.correct_order;
  }
  const labels: Record<string, LabelValue> = { source: tocSource(it.video_id) };
  const source: Record<string, unknown> = {};
  const md = it.metadata;
  if (md === null) source.metadata_null = true;
  else if (md !== undefined) {
    source.metadata_keys = Object.keys(md);
    const mdExtra: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(md)) {
      if ((TOC_METADATA_LABELS as readonly string[]).includes(k)) labels[k] = v as LabelValue;
      else mdExtra[k] = v;
    }
    if (Object.keys(mdExtra).length > 0) source.metadata_extra = mdExtra;
  }
  const extra = extraFields(raw, TOC_ITEM_FIELDS);
  if (extra) source.extra = extra;
  // Native event objects may carry more than label/event_text: keep them for export.
  if (it.format === "ordering_3" || it.format === "ordering_4") {
    const eventExtras = it.events.map((e) => extraFields(e, ["label", "event_text"]) ?? null);
    if (eventExtras.some((e) => e)) source.event_extra = eventExtras;
  }
  return {
    externalId: it.qa_id,
    ordinal,
    format: it.format,
    question: it.question,
    presentation,
    labels,
    videoRef: it.video_id,
    queryPoints: [],
    truth: { answer, source },
    truthSpans: [],
    line,
  };
}
