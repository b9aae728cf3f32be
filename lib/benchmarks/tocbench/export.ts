/**
 * TOC-Bench exporter: `answer_final.json` with the header kept from the import
 * (`total_items`, `format_counts`, `video_count` recomputed from the exported items, so
 * an unchanged import gives the same values) and items rebuilt from current values.
 */
import { inNativeOrder, listOf, type ExportInput, type ExportOutput } from "../export-types";
import type { NormalisedItem } from "../types";
import { TOC_METADATA_LABELS } from "./schema";

type Labelled = { label: string; text: string };

/** The `{label, text}` entries of a stored list (other shapes are skipped; the export check reports what is then missing). */
const labelled = (value: unknown): Labelled[] => listOf(value).filter((v): v is Labelled => typeof v === "object" && v !== null);

export function tocNativeItem(item: NormalisedItem): Record<string, unknown> {
  const p = item.presentation;
  const src = item.truth.source;
  const rec: Record<string, unknown> = { qa_id: item.externalId, video_id: item.videoRef, format: item.format, question: item.question };
  if (item.format === "mcq_4") {
    for (const o of labelled(p.options)) rec[`option_${o.label}`] = o.text;
    rec.correct_answer = item.truth.answer;
  } else if (item.format === "sp") {
    for (const o of labelled(p.statements)) rec[`statement_${o.label}`] = o.text;
    rec.correct_answer = item.truth.answer;
  } else if (item.format === "numerical") {
    rec.correct_answer = item.truth.answer;
    rec.allowed_answers = p.allowed_answers;
  } else {
    const extras = Array.isArray(src.event_extra) ? (src.event_extra as (Record<string, unknown> | null)[]) : [];
    rec.events = labelled(p.events).map((e, i) => ({ label: e.label, event_text: e.text, ...(extras[i] ?? {}) }));
    rec.correct_order = item.truth.answer;
  }
  if (src.metadata_null) rec.metadata = null;
  else if (Array.isArray(src.metadata_keys) || TOC_METADATA_LABELS.some((k) => k in item.labels)) {
    const keys = new Set<string>(Array.isArray(src.metadata_keys) ? (src.metadata_keys as string[]) : []);
    for (const k of TOC_METADATA_LABELS) if (k in item.labels) keys.add(k);
    const mdExtra = (src.metadata_extra ?? {}) as Record<string, unknown>;
    for (const k of Object.keys(mdExtra)) keys.add(k);
    const md: Record<string, unknown> = {};
    for (const k of keys) {
      if ((TOC_METADATA_LABELS as readonly string[]).includes(k)) {
        if (k in item.labels) md[k] = item.labels[k];
      } else if (k in mdExtra) md[k] = mdExtra[k];
    }
    rec.metadata = md;
  }
  if (src.extra && typeof src.extra === "object") Object.assign(rec, src.extra);
  return rec;
}

export function exportTocbench(input: ExportInput): ExportOutput {
  const items = inNativeOrder(input.items).map(tocNativeItem);
  const header = input.meta?.header;
  if (!header) return { text: JSON.stringify(items, null, 2) + "\n", warnings: [] };
  const order = Array.isArray(header.key_order) ? (header.key_order as string[]) : [...Object.keys(header).filter((k) => k !== "key_order"), "items"];
  if (!order.includes("items")) order.push("items");
  const out: Record<string, unknown> = {};
  for (const k of order) {
    if (k === "items") out.items = items;
    else if (k === "total_items" && typeof header.total_items === "number") out.total_items = items.length;
    else if (k === "video_count" && typeof header.video_count === "number") out.video_count = new Set(items.map((i) => i.video_id)).size;
    else if (k === "format_counts" && header.format_counts && typeof header.format_counts === "object") out.format_counts = formatCounts(header.format_counts as Record<string, unknown>, items);
    else if (k in header) out[k] = header[k];
  }
  return { text: JSON.stringify(out, null, 2) + "\n", warnings: [] };
}

function formatCounts(declared: Record<string, unknown>, items: readonly Record<string, unknown>[]): Record<string, number> {
  const counted = new Map<string, number>();
  for (const it of items) counted.set(String(it.format), (counted.get(String(it.format)) ?? 0) + 1);
  const out: Record<string, number> = {};
  for (const k of Object.keys(declared)) out[k] = counted.get(k) ?? 0;
  for (const [k, v] of counted) if (!(k in out)) out[k] = v;
  return out;
}
