/**
 * Human-baseline answers in each benchmark's own prediction format, and a full CSV (PURE).
 *
 * | benchmark | format | record |
 * |-----------|--------|--------|
 * | VCBENCH   | JSONL  | `{"id", "predictions": [count per query point, stored order]}` (unified results) |
 * | TOCBENCH  | JSONL  | `{"qa_id", "extracted_answer"}` (letter, bucket, or label list for ordering) |
 * | VSTAT     | JSONL  | `{"doc_id", "prediction"}` (doc_id = position in the imported QA file) |
 * | ECBENCH   | CSV    | `question_id, question, human_answer, human_clips` (score with `--answer-column human_answer --clips-column human_clips`) |
 * | VSAS      | JSONL  | `{"task_id", "responses": [{"second", "response"}]}` |
 * | other     | JSONL  | `{"id", "answer"}` |
 * One record per item: the answers of the first participant who completed it (one participant
 * per video is the usual protocol; the full CSV has everyone's answers). CSV files are written by
 * the one CSV writer (lib/csv/write-csv.ts): a participant's free text, an external id or any
 * other text a spreadsheet would run as a formula (`=HYPERLINK(...)`) gets an apostrophe in front.
 */
import { csvText, type CsvCell } from "@/lib/csv/write-csv";
import { formatTimestamp } from "@/lib/metrics/parse-time";
import { answerText } from "@/lib/protocol/answer-schemas";
import { answerKindForFormat } from "@/lib/protocol/participant-question";

export type ExportItem = {
  itemId: string;
  externalId: string;
  ordinal: number;
  format: string;
  question: string;
  ordered: boolean;
  queryPointOrdinals: number[];
};

export type ExportAnswer = {
  itemId: string;
  queryPointOrdinal: number | null;
  queryTimeSec: number | null;
  value: unknown;
  latencyMs: number;
  positionSec: number;
  answeredAt: string;
  sessionId: string;
  sessionStatus: string;
  sessionFinishedAt: string | null;
  participant: string;
  externalSource: string | null;
  externalId: string | null;
  videoName: string;
  attentionCheck: boolean;
  /** Answered without the whole stretch before it having been shown (Answer.unseen): not scored, not in the native file. */
  unseen?: boolean;
};

export type ExportFile = { filename: string; contentType: string; body: string };

/**
 * The answers of the first completed session per item (by finish time), attention checks and
 * unseen answers left out (as in the scores).
 */
function firstCompleted(answers: readonly ExportAnswer[]): Map<string, ExportAnswer[]> {
  const bySession = new Map<string, ExportAnswer[]>();
  for (const a of answers) {
    if (a.attentionCheck || a.unseen || a.sessionStatus !== "COMPLETED") continue;
    bySession.set(a.sessionId, [...(bySession.get(a.sessionId) ?? []), a]);
  }
  const sessions = [...bySession.values()].sort((x, y) => (x[0].sessionFinishedAt ?? "").localeCompare(y[0].sessionFinishedAt ?? ""));
  const out = new Map<string, ExportAnswer[]>();
  for (const list of sessions) {
    const items = new Set(list.map((a) => a.itemId));
    for (const itemId of items) if (!out.has(itemId)) out.set(itemId, list.filter((a) => a.itemId === itemId));
  }
  return out;
}

function jsonl(records: unknown[]): string {
  return records.map((r) => JSON.stringify(r)).join("\n") + (records.length ? "\n" : "");
}

/** A cell of the answers CSV: text and numbers as they are, anything else (objects, lists) as JSON. */
function answerCell(value: unknown): CsvCell {
  if (value === null || value === undefined || typeof value === "string" || typeof value === "number") return value;
  return JSON.stringify(value);
}

function csv(header: string[], rows: unknown[][]): string {
  return csvText([header, ...rows.map((r) => r.map(answerCell))]);
}

export function nativeExport(benchmark: string, slug: string, items: readonly ExportItem[], answers: readonly ExportAnswer[]): ExportFile {
  const chosen = firstCompleted(answers);
  const ordered = [...items].filter((i) => chosen.has(i.itemId)).sort((a, b) => a.ordinal - b.ordinal);
  const one = (i: ExportItem) => chosen.get(i.itemId)![0];
  switch (benchmark) {
    case "VCBENCH":
      return {
        filename: `${slug}-human.jsonl`,
        contentType: "application/x-ndjson",
        body: jsonl(
          ordered.map((i) => {
            const byOrdinal = new Map(chosen.get(i.itemId)!.map((a) => [a.queryPointOrdinal, a.value]));
            return { id: i.externalId, predictions: [...i.queryPointOrdinals].sort((a, b) => a - b).map((o) => byOrdinal.get(o) ?? null) };
          }),
        ),
      };
    case "TOCBENCH":
      return { filename: `${slug}-human.jsonl`, contentType: "application/x-ndjson", body: jsonl(ordered.map((i) => ({ qa_id: i.externalId, extracted_answer: one(i).value }))) };
    case "VSTAT":
      return {
        filename: `${slug}-human.jsonl`,
        contentType: "application/x-ndjson",
        body: jsonl(ordered.map((i) => ({ doc_id: i.ordinal, prediction: answerText(answerKindForFormat(i.format), one(i).value, i.ordered) }))),
      };
    case "ECBENCH":
      return {
        filename: `${slug}-human.csv`,
        contentType: "text/csv; charset=utf-8",
        body: csv(
          ["question_id", "question", "human_answer", "human_clips"],
          ordered.map((i) => {
            const v = one(i).value as { evidence?: [number, number][] };
            const clips = (v?.evidence ?? []).map(([s, e]) => `[${formatTimestamp(s)},${formatTimestamp(e)}]`).join(", ");
            return [i.externalId, i.question, answerText(answerKindForFormat(i.format), v, i.ordered), clips];
          }),
        ),
      };
    case "VSAS":
      return {
        filename: `${slug}-human.jsonl`,
        contentType: "application/x-ndjson",
        body: jsonl(
          ordered.map((i) => {
            const t = (one(i).value as { timeline?: { sec: number; text: string }[] })?.timeline ?? [];
            return { task_id: i.externalId, responses: t.map((s) => ({ second: s.sec, response: s.text })) };
          }),
        ),
      };
    default:
      return {
        filename: `${slug}-human.jsonl`,
        contentType: "application/x-ndjson",
        body: jsonl(ordered.map((i) => ({ id: i.externalId, answer: answerText(answerKindForFormat(i.format), one(i).value, i.ordered) }))),
      };
  }
}

/** Study settings written into every row of the full CSV (a flat file has no header section). */
export type ExportStudySettings = { excludeSeenVideos: boolean };

/** Every answer of every participant, with timings, and the study settings that shaped who saw what. */
export function fullCsv(slug: string, items: readonly ExportItem[], answers: readonly ExportAnswer[], study: ExportStudySettings): ExportFile {
  const byId = new Map(items.map((i) => [i.itemId, i]));
  const header = [
    "participant",
    "external_source",
    "external_id",
    "session_id",
    "session_status",
    "video",
    "item_id",
    "format",
    "query_point",
    "query_time_sec",
    "attention_check",
    "answer",
    "answer_text",
    "latency_ms",
    "position_sec",
    "answered_at",
    "unseen",
    "exclude_seen_videos",
  ];
  const rows = [...answers]
    .sort((a, b) => a.participant.localeCompare(b.participant) || a.answeredAt.localeCompare(b.answeredAt))
    .map((a) => {
      const item = byId.get(a.itemId);
      return [
        a.participant,
        a.externalSource,
        a.externalId,
        a.sessionId,
        a.sessionStatus,
        a.videoName,
        item?.externalId ?? a.itemId,
        item?.format ?? "",
        a.queryPointOrdinal,
        a.queryTimeSec,
        a.attentionCheck ? 1 : 0,
        a.value,
        item ? answerText(answerKindForFormat(item.format), a.value, item.ordered) : "",
        a.latencyMs,
        a.positionSec,
        a.answeredAt,
        a.unseen ? 1 : 0,
        study.excludeSeenVideos ? 1 : 0,
      ];
    });
  return { filename: `${slug}-answers.csv`, contentType: "text/csv; charset=utf-8", body: csv(header, rows) };
}
