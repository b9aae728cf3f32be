/**
 * VCBench exporters: `vcbench_data.jsonl` (one question a line) and
 * `vcbench_eval.jsonl` (one query point a line). Current values are written: query
 * times from the query points, counts from the truth answer, labels, question and video
 * reference from the item; `occurrence_times` and native extras from `truth.source`.
 */
import { inNativeOrder, pointsInOrder, toJsonl, type ExportInput, type ExportOutput } from "../export-types";
import { issue } from "../issues";
import type { ImportIssue, NormalisedItem } from "../types";
import { splitVcbenchVideoRef, VCBENCH_EVAL_FILE_KIND } from "./shared";

export type VcbenchExportFormat = "data" | "eval";

function common(item: NormalisedItem, errors: ImportIssue[]) {
  const { source_dataset, video_path } = splitVcbenchVideoRef(item.videoRef, item.labels.source_dataset);
  if (source_dataset === "" || video_path === "") {
    errors.push(
      issue(
        "video_ref_not_vcbench",
        `question "${item.externalId}": the video reference ${JSON.stringify(item.videoRef)} is not <source_dataset>/<video_path>, which a VCBench file needs (e.g. "RoomTour3D/x.mp4"); edit the item's video reference`,
        { item_id: item.externalId, field: "videoRef" },
      ),
    );
  }
  const counts = Array.isArray(item.truth.answer) ? (item.truth.answer as unknown[]) : [];
  return { source_dataset, video_path, counts, times: pointsInOrder(item).map((q) => q.timeSec) };
}

function dataRecord(item: NormalisedItem, errors: ImportIssue[]): Record<string, unknown> {
  const { source_dataset, video_path, counts, times } = common(item, errors);
  const rec: Record<string, unknown> = { id: item.externalId, source_dataset, video_path, question: item.question };
  if (item.labels.counting_type !== undefined) rec.counting_type = item.labels.counting_type;
  rec.counting_subtype = item.labels.subtype;
  let occ = item.truth.source.occurrence_times;
  if (occ === undefined) {
    if (item.labels.subtype === "O1-Snap") occ = times;
    else {
      errors.push(
        issue(
          "occurrence_times_unknown",
          `question "${item.externalId}" has no occurrence_times (it was imported from vcbench_eval.jsonl, which does not carry them), and vcbench_data.jsonl requires them for ${String(item.labels.subtype)}; export this project as vcbench_eval.jsonl (format "eval")`,
          { item_id: item.externalId, field: "occurrence_times" },
        ),
      );
    }
  }
  if (occ !== undefined) rec.occurrence_times = occ;
  rec.query_points = { time: times, count: counts };
  const extra = item.truth.source.extra;
  if (extra && typeof extra === "object") Object.assign(rec, extra);
  return rec;
}

function evalRecords(item: NormalisedItem, nextQid: () => string, errors: ImportIssue[]): Record<string, unknown>[] {
  const { source_dataset, video_path, counts, times } = common(item, errors);
  const ep = (item.truth.source.eval_points ?? {}) as { q_ids?: unknown[]; query_index?: unknown[]; extra?: (Record<string, unknown> | null)[] };
  const keep = (list: unknown[] | undefined) => (Array.isArray(list) && list.length === times.length ? list : undefined);
  const qids = keep(ep.q_ids);
  const indexes = keep(ep.query_index);
  const extras = keep(ep.extra) as (Record<string, unknown> | null)[] | undefined;
  return times.map((t, i) => {
    const rec: Record<string, unknown> = {
      q_id: qids ? qids[i] : nextQid(),
      query_index: indexes ? indexes[i] : i,
      id: item.externalId,
      source_dataset,
      video_path,
      question: item.question,
    };
    if (item.labels.counting_type !== undefined) rec.counting_type = item.labels.counting_type;
    rec.counting_subtype = item.labels.subtype;
    rec.query_time = t;
    rec.count = counts[i];
    if (extras && extras[i]) Object.assign(rec, extras[i]);
    if (qids) nextQid(); // keep generated numbering aligned with the line position
    return rec;
  });
}

/**
 * Writes the items as `vcbench_data.jsonl` (`format: "data"`) or `vcbench_eval.jsonl`
 * (`"eval"`; default: the format the project was imported from). Eval `q_id`s kept from
 * the import are reused; others are numbered by line position (4 digits, as the real file).
 */
export function exportVcbench(input: ExportInput, format?: VcbenchExportFormat): ExportOutput {
  const errors: ImportIssue[] = [];
  const fmt = format ?? (input.meta?.fileKind === VCBENCH_EVAL_FILE_KIND ? "eval" : "data");
  const items = inNativeOrder(input.items);
  if (fmt === "data") return { text: toJsonl(items.map((it) => dataRecord(it, errors))), warnings: [], errors };
  let n = 0;
  const nextQid = () => String(n++).padStart(4, "0");
  return { text: toJsonl(items.flatMap((it) => evalRecords(it, nextQid, errors))), warnings: [], errors };
}
