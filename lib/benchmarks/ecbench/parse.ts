/**
 * EC-Bench `dataset.csv` → normalised items (one per query row).
 *
 * Columns (datasets README): `video_url, video_id, video_type (genre), question_id,
 * question_type (category A-F), task_type (Counting|Enumeration), question, clips,
 * answer, count_details`. Quirks handled:
 * - `video_url` is written only on the first row of each video: it is carried down to the
 *   video's later rows (`truth.source.video_url`); the exporter writes it on the first
 *   row of each video again;
 * - cells (clips, answers, count_details) span several lines: every record names the
 *   line it starts on;
 * - `clips` are read with `parseClipList` (lib/metrics/parse-time.ts) into truth spans
 *   (shown on the item and timeline); the cell text is kept as written
 *   (`truth.source.clips`) and exported unchanged while the spans are. The scorer reads
 *   that text with the project's clip parser, the reference's by default: a cell the two
 *   parsers read differently gets a `clip_reference_reading` warning naming the
 *   reference's reading, so the import preview shows what will be scored.
 * A file carrying model prediction columns (`<model>`, `<model>_clips`, `_tp/_fp/_fn`)
 * is refused (`prediction_file`).
 */
import { formatTimestamp, parseClipList, parseClipListReference, parseEnumeration } from "@/lib/metrics/parse-time";
import { duplicateIdErrors, issue } from "../issues";
import type { ImportIssue, LabelValue, NormalisedItem, ParseResult } from "../types";
import { checkEcItems } from "./checks";
import { readCsvRecords } from "./csv-records";

export const ECBENCH_FILE_KIND = "ecbench_dataset";
export const EC_COLUMNS = ["video_url", "video_id", "video_type", "question_id", "question_type", "task_type", "question", "clips", "answer", "count_details"] as const;
const REQUIRED = ["video_id", "question_id", "question_type", "task_type", "question", "clips", "answer"] as const;
export const EC_CATEGORY_NAMES: Readonly<Record<string, string>> = {
  A: "Parallel",
  B: "Causal",
  C: "Speech/Audio",
  D: "Appearance",
  E: "Spatial",
  F: "Conditional",
};
const TASK_FORMATS: Readonly<Record<string, string>> = { counting: "counting", enumeration: "enumeration" };

function predictionColumns(columns: readonly string[]): string[] {
  const extra = columns.filter((c) => !(EC_COLUMNS as readonly string[]).includes(c));
  return extra.filter(
    (c) => /_(clips|tp|fp|fn)$/.test(c) || columns.includes(`${c}_clips`) || /^(prediction|predicted_answer|model_answer|response)$/i.test(c),
  );
}

export async function parseEcbench(input: string | AsyncIterable<string | Uint8Array>): Promise<ParseResult> {
  const meta = { fileKind: ECBENCH_FILE_KIND };
  const { records, errors } = await readCsvRecords(input);
  if (records.length === 0) {
    return { items: [], warnings: [], errors: errors.length ? errors : [issue("empty_file", "the file is empty")], meta };
  }
  const [head, ...rows] = records;
  const columns = head.cells.map((c) => c.trim());
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  const fatal = (e: ImportIssue): ParseResult => ({ items: [], warnings: [], errors: [e], meta });
  if (missing.length > 0) {
    return fatal(issue("missing_columns", `the header lacks the column(s) ${missing.join(", ")} (found: ${columns.join(", ")})`, { line: head.line, field: missing[0] }));
  }
  const pred = predictionColumns(columns);
  if (pred.length > 0) {
    return fatal(issue("prediction_file", `this looks like a prediction file (column(s) ${pred.join(", ")}): import the dataset CSV and upload predictions as a model run`, { line: head.line, field: pred[0] }));
  }
  if (rows.length === 0) return { items: [], warnings: [], errors: [...errors, issue("empty_file", "the file has a header but no rows", { line: head.line })], meta };
  const dupCols = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (dupCols.length) return fatal(issue("duplicate_columns", `the header repeats the column(s) ${dupCols.join(", ")}`, { line: head.line }));

  const items: NormalisedItem[] = [];
  const warnings: ImportIssue[] = [];
  const urlOf = new Map<string, string>();
  for (const { cells, line } of rows) {
    if (cells.length !== columns.length) {
      errors.push(issue("malformed_csv", `the record has ${cells.length} cells, the header ${columns.length}`, { line, item_id: cells[columns.indexOf("question_id")]?.trim() || null }));
      continue;
    }
    const row: Record<string, string> = {};
    columns.forEach((c, i) => (row[c] = cells[i] ?? ""));
    const id = row.question_id.trim();
    const where = { item_id: id || null, line };
    if (id === "") {
      errors.push(issue("invalid_record", 'field "question_id" is empty', { ...where, field: "question_id" }));
      continue;
    }
    const videoId = row.video_id.trim();
    if (videoId === "") {
      errors.push(issue("invalid_record", 'field "video_id" is empty', { ...where, field: "video_id" }));
      continue;
    }
    const format = TASK_FORMATS[row.task_type.trim().toLowerCase()];
    if (!format) {
      errors.push(issue("unknown_format", `field "task_type" is ${JSON.stringify(row.task_type)}; expected Counting or Enumeration`, { ...where, field: "task_type" }));
      continue;
    }
    // video_url: carried down from the first row of the video that has one.
    const cell = row.video_url ?? "";
    const known = urlOf.get(videoId);
    let videoUrl = known ?? "";
    if (cell.trim() !== "") {
      if (known === undefined) {
        urlOf.set(videoId, cell);
        videoUrl = cell;
      } else if (known !== cell) {
        warnings.push(issue("video_url_conflict", `video ${videoId} has URL ${JSON.stringify(cell)} here but ${JSON.stringify(known)} on an earlier row; the first is kept`, { ...where, field: "video_url" }));
      }
    }
    const clipCtx = { line, id, field: "clips" };
    const clips = parseClipList(row.clips, clipCtx);
    for (const p of clips.problems) warnings.push(issue(p.code, p.message, { item_id: id, line, field: "clips" }));
    const reference = parseClipListReference(row.clips);
    if (!sameIntervals(reference, clips.intervals)) {
      warnings.push(
        issue(
          "clip_reference_reading",
          `the scorer reads these clips as the reference code does: ${showIntervals(reference)} (the lenient reading ${showIntervals(clips.intervals)} is scored only with the project setting "Clip parser: lenient")`,
          { item_id: id, line, field: "clips" },
        ),
      );
    }
    const category = row.question_type.trim();
    const labels: Record<string, LabelValue> = { category, task_type: row.task_type };
    if (EC_CATEGORY_NAMES[category]) labels.category_name = EC_CATEGORY_NAMES[category];
    if ("video_type" in row) labels.genre = row.video_type;
    const source: Record<string, unknown> = { clips: row.clips, video_url: videoUrl };
    if ("count_details" in row) source.count_details = row.count_details;
    if (!("video_url" in row)) source.no_video_url_column = true;
    const extra: Record<string, string> = {};
    for (const c of columns) if (!(EC_COLUMNS as readonly string[]).includes(c)) extra[c] = row[c];
    if (Object.keys(extra).length) source.extra = extra;
    items.push({
      externalId: id,
      ordinal: items.length,
      format,
      question: row.question,
      // `ordered`: an enumeration whose answer lists steps with arrows must be answered in order.
      presentation: format === "counting" ? { answer_format: "number" } : { answer_format: "list", ordered: parseEnumeration(row.answer).ordered },
      labels,
      videoRef: row.video_id,
      queryPoints: [],
      truth: { answer: row.answer, source },
      truthSpans: clips.intervals.map(([s, e]) => ({ startSec: s, endSec: e })),
      line,
    });
  }
  warnings.push(...checkEcItems(items));
  return {
    items,
    warnings: warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
    errors: [...errors, ...duplicateIdErrors(items, "question_id")].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
    meta: { ...meta, header: { columns } },
  };
}

function sameIntervals(a: readonly (readonly [number, number])[], b: readonly (readonly [number, number])[]): boolean {
  return a.length === b.length && a.every(([s, e], i) => s === b[i][0] && e === b[i][1]);
}

function showIntervals(list: readonly (readonly [number, number])[]): string {
  return list.length === 0 ? "no clip" : list.map(([s, e]) => `[${formatTimestamp(s)},${formatTimestamp(e)}]`).join(", ");
}
