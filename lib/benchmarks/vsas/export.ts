/** VSAS-Bench exporter: the JSONL task file (one task a line). */
import { inNativeOrder, toJsonl, type ExportInput, type ExportOutput } from "../export-types";
import type { NormalisedItem } from "../types";

export function vsasNativeTask(item: NormalisedItem): Record<string, unknown> {
  const src = item.truth.source;
  const extras = Array.isArray(src.caption_extra) ? (src.caption_extra as (Record<string, unknown> | null)[]) : [];
  const caps = Array.isArray(item.truth.answer) ? (item.truth.answer as { t: number; text: string }[]) : [];
  const rec: Record<string, unknown> = {
    task_id: src.task_id_number ? Number(item.externalId) : item.externalId,
    video: item.videoRef,
    task_type: item.labels.task_type,
    prompt: item.question,
  };
  if (src.fps !== undefined) rec.fps = item.presentation.fps ?? src.fps;
  const fps = Number(item.presentation.fps ?? src.fps ?? 1);
  const strings = new Set<number>(src.caption_strings ? caps.map((_, i) => i) : Array.isArray(src.string_captions) ? (src.string_captions as number[]) : []);
  // A caption imported as a bare string is written back as one while it is still at t = i / fps.
  rec.captions = caps.map((c, i) => (strings.has(i) && Math.abs(c.t - i / fps) < 1e-9 ? c.text : { t: c.t, text: c.text, ...(extras[i] ?? {}) }));
  if (src.extra && typeof src.extra === "object") Object.assign(rec, src.extra);
  return rec;
}

export function exportVsas(input: ExportInput): ExportOutput {
  return { text: toJsonl(inNativeOrder(input.items).map(vsasNativeTask)), warnings: [] };
}
