/**
 * EC-Bench exporter: `dataset.csv` with the imported column order. `video_url` is written
 * on the first exported row of each video (as the original file does); `clips` is the
 * imported cell text while the truth spans still equal what that text parses to, else the
 * current spans written `[H:MM:SS,H:MM:SS], ...`. Written by the one CSV writer (lib/csv): a text
 * cell a spreadsheet would run as a formula gets an apostrophe; numbers and ordinary text keep
 * their bytes, so the real file round-trips byte for byte.
 */
import { parseClipList, formatTimestamp } from "@/lib/metrics/parse-time";
import { csvText } from "@/lib/csv/write-csv";
import { inNativeOrder, type ExportInput, type ExportOutput } from "../export-types";
import { sortSpans } from "../stored-item";
import type { NormalisedItem, NormalisedSpan } from "../types";
import { EC_COLUMNS } from "./parse";

/** Same spans regardless of order (stored spans have no position). */
function sameSpans(a: readonly (readonly [number, number])[], b: readonly NormalisedSpan[]): boolean {
  if (a.length !== b.length) return false;
  const x = sortSpans(a.map(([s, e]) => ({ startSec: s, endSec: e })));
  const y = sortSpans(b);
  return x.every((s, i) => s.startSec === y[i].startSec && s.endSec === y[i].endSec);
}

/** The clips cell for current spans. */
export function formatClips(spans: readonly NormalisedSpan[]): string {
  return spans.map((s) => `[${formatTimestamp(s.startSec)},${formatTimestamp(s.endSec)}]`).join(", ");
}

export function ecNativeRow(item: NormalisedItem, firstOfVideo: boolean): Record<string, string> {
  const src = item.truth.source;
  const rawClips = typeof src.clips === "string" ? src.clips : null;
  const clips = rawClips !== null && sameSpans(parseClipList(rawClips).intervals, item.truthSpans) ? rawClips : formatClips(item.truthSpans);
  const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  const taskType = item.labels.task_type ?? (item.format === "counting" ? "Counting" : "Enumeration");
  const row: Record<string, string> = {
    video_url: firstOfVideo ? str(src.video_url) : "",
    video_id: item.videoRef,
    video_type: str(item.labels.genre),
    question_id: item.externalId,
    question_type: str(item.labels.category),
    task_type: str(taskType),
    question: item.question,
    clips,
    answer: str(item.truth.answer),
    count_details: str(src.count_details),
  };
  if (src.extra && typeof src.extra === "object") for (const [k, v] of Object.entries(src.extra)) row[k] = str(v);
  return row;
}

export function exportEcbench(input: ExportInput): ExportOutput {
  const items = inNativeOrder(input.items);
  const declared = input.meta?.header?.columns;
  const columns: string[] = Array.isArray(declared) ? [...(declared as string[])] : [...EC_COLUMNS];
  const seenVideo = new Set<string>();
  const rows = items.map((it) => {
    const first = !seenVideo.has(it.videoRef);
    seenVideo.add(it.videoRef);
    const row = ecNativeRow(it, first);
    for (const k of Object.keys(row)) if (!columns.includes(k) && !(EC_COLUMNS as readonly string[]).includes(k)) columns.push(k);
    return row;
  });
  return { text: csvText([columns, ...rows.map((r) => columns.map((c) => r[c] ?? ""))]), warnings: [] };
}
