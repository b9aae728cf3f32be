/** VSTAT exporter: `{"data": {source_task: [doc, ...]}}` with the imported top-level keys. */
import { inNativeOrder, listOf, type ExportInput, type ExportOutput } from "../export-types";
import type { NormalisedItem } from "../types";
import { VSTAT_LABEL_FIELDS } from "./parse";

export function vstatNativeDoc(item: NormalisedItem): Record<string, unknown> {
  const src = item.truth.source;
  const doc: Record<string, unknown> = {};
  if (src.no_source_task !== true) doc.source_task = item.labels.source_task;
  if (src.ref_field === "video_path") {
    if (src.video_id !== undefined) doc.video_id = src.video_id;
    doc.video_path = item.videoRef;
  } else doc.video_id = src.video_id_number ? Number(item.videoRef) : item.videoRef;
  doc.question = item.question;
  if (src.choices_null) doc.choices = null;
  else if (!src.choices_absent || item.format === "mcq") {
    doc.choices = item.format === "mcq" ? listOf<{ text: string }>(item.presentation.options).map((o) => o?.text) : [];
  }
  doc.answer = item.truth.answer;
  if ("answer_index" in src) doc.answer_index = src.answer_index;
  for (const k of VSTAT_LABEL_FIELDS) if (k in item.labels) doc[k] = item.labels[k];
  if (src.extra && typeof src.extra === "object") Object.assign(doc, src.extra);
  return doc;
}

export function exportVstat(input: ExportInput): ExportOutput {
  const data: Record<string, Record<string, unknown>[]> = {};
  for (const it of inNativeOrder(input.items)) {
    const group = String(it.truth.source.group ?? it.labels.source_task ?? "default");
    (data[group] ??= []).push(vstatNativeDoc(it));
  }
  const header = input.meta?.header ?? {};
  const order = Array.isArray(header.key_order) ? (header.key_order as string[]) : ["data"];
  if (!order.includes("data")) order.push("data");
  const out: Record<string, unknown> = {};
  for (const k of order) {
    if (k === "data") out.data = data;
    else if (k in header) out[k] = header[k];
  }
  return { text: JSON.stringify(out, null, 2) + "\n", warnings: [] };
}
