/**
 * VCBench prediction files (PURE), read with the rules of the command-line scorer
 * (`lib/score-cli/vcbench.ts`): JSONL whose lines may mix
 * - unified records `{id, predictions: [...], query_times?: [...], gts?: [...]}` (the reference
 *   `unify_results.py` output): predictions aligned with the item's query points in stored
 *   order, or matched by `query_times` (±0.051 s) when given;
 * - per-point records `{id, query_time, prediction}` (or `pred`, or `query_index` instead of
 *   `query_time`), the raw model output of the reference `demo_gemini.py`.
 * Problems (never fatal here): unknown ids, invalid records, unknown query times, duplicates
 * (the later record is used), length mismatches, `gts` that differ from the truth (the truth is
 * used). Values are parsed at scoring time (`parseVcbenchPrediction`, lib/metrics).
 */
import { VCBENCH_TIME_TOLERANCE, nearestQueryPoint } from "@/lib/scoring/vcbench";
import type { JsonRecord } from "./text-records";
import { shortJson } from "./text-records";
import { idText, itemById, type ParseContext } from "./parse-context";
import type { TruthItem, VcbenchRaw } from "./types";

function nearestPoint(item: TruthItem, t: number): number {
  return nearestQueryPoint(item.queryPoints.map((q) => q.timeSec), 0, item.queryPoints.length, t);
}

function finiteList(v: unknown): number[] | null {
  if (!Array.isArray(v)) return null;
  for (const x of v) if (typeof x !== "number" || !Number.isFinite(x)) return null;
  return v as number[];
}

type Entry = { raw: VcbenchRaw; unifiedLine: number };

/** Reads native VCBench records into raw predictions keyed by item id. */
export function parseVcbenchRecords(records: readonly JsonRecord[], ctx: ParseContext): { raws: Map<string, VcbenchRaw>; usable: number } {
  const entries = new Map<string, Entry>();
  const p = ctx.problems;
  const answerColumn = ctx.answerColumn;
  let usable = 0;
  for (const { line, value } of records) {
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      p.add({ code: "invalid_record", line, message: `line ${line}: expected a JSON object` });
      continue;
    }
    const o = value as Record<string, unknown>;
    const has = (k: string) => Object.prototype.hasOwnProperty.call(o, k);
    const id = idText(o.id);
    if (id === null) {
      p.add({ code: "missing_id", line, field: "id", message: `line ${line}: field "id" must be a non-empty string (got ${shortJson(o.id)})` });
      continue;
    }
    const item = itemById(ctx, id, line, "id");
    if (!item) continue;
    usable += 1;
    const m = item.queryPoints.length;
    let list: unknown = undefined;
    let listField = "predictions";
    let single: { present: boolean; value: unknown; field: string } = { present: false, value: null, field: "prediction" };
    if (answerColumn) {
      if (has(answerColumn)) {
        if (Array.isArray(o[answerColumn])) {
          list = o[answerColumn];
          listField = answerColumn;
        } else single = { present: true, value: o[answerColumn], field: answerColumn };
      }
    } else {
      if (has("predictions")) list = o.predictions;
      if (has("prediction")) single = { present: true, value: o.prediction, field: "prediction" };
      else if (has("pred")) single = { present: true, value: o.pred, field: "pred" };
    }

    let entry = entries.get(item.itemId);
    if (list !== undefined) {
      if (!Array.isArray(list)) {
        p.add({ code: "invalid_record", line, id, field: listField, message: `line ${line}: field "${listField}" must be a list (one prediction per query point)` });
        continue;
      }
      if (entry && entry.unifiedLine > 0) {
        p.add({ code: "duplicate_id", line, id, field: "id", message: `line ${line}: question "${id}" already predicted on line ${entry.unifiedLine}; this later record is used` });
      } else if (entry) {
        p.add({ code: "duplicate_id", line, id, field: "id", message: `line ${line}: question "${id}" already has per-point predictions; this later record is used` });
      }
      entry = { raw: { points: new Array(m).fill(null), line }, unifiedLine: line };
      entries.set(item.itemId, entry);
      const qt = has("query_times") ? finiteList(o.query_times) : null;
      const qtOk = qt !== null && qt.length === list.length;
      if (has("query_times") && !qtOk) {
        p.add({ code: "invalid_record", line, id, field: "query_times", message: `line ${line}: "query_times" must be a list of numbers as long as the predictions; aligned by position instead` });
      }
      const assigned: number[] = [];
      if (qtOk) {
        list.forEach((v, k) => {
          const t = qt![k];
          let j = k < m && Math.abs(item.queryPoints[k].timeSec - t) <= VCBENCH_TIME_TOLERANCE ? k : nearestPoint(item, t);
          if (j < 0) {
            p.add({ code: "unknown_query_time", line, id, field: `query_times[${k}]`, message: `line ${line}: query time ${t} of "${id}" matches no query point of the item (±${VCBENCH_TIME_TOLERANCE} s); ignored` });
            assigned.push(-1);
            return;
          }
          if (assigned.includes(j)) {
            p.add({ code: "duplicate_point", line, id, field: `query_times[${k}]`, message: `line ${line}: query time ${t} of "${id}" is given twice; the later value is used` });
            j = nearestPoint(item, t);
          }
          assigned.push(j);
          entry!.raw.points[j] = { v, unified: true, line };
        });
      } else {
        if (list.length !== m) {
          p.add({ code: "length_mismatch", line, id, field: listField, message: `line ${line}: ${list.length} predictions for the ${m} query points of "${id}"; aligned by position${list.length < m ? ", the rest are missing" : ", extra ones ignored"}` });
        }
        for (let k = 0; k < Math.min(m, list.length); k++) {
          assigned.push(k);
          entry.raw.points[k] = { v: list[k], unified: true, line };
        }
      }
      const gts = Array.isArray(o.gts) ? (o.gts as unknown[]) : null;
      const truthCounts = Array.isArray(item.answer) ? (item.answer as unknown[]) : [];
      if (gts && gts.length === list.length) {
        let differ = 0;
        for (let k = 0; k < assigned.length && k < gts.length; k++) if (assigned[k] >= 0 && gts[k] !== truthCounts[assigned[k]]) differ += 1;
        if (differ > 0) p.add({ code: "gts_mismatch", line, id, field: "gts", message: `line ${line}: ${differ} of the "gts" of "${id}" differ from the project's truth; the truth is used` });
      }
      continue;
    }

    // Per-point record.
    let j = -1;
    if (has("query_time")) {
      const t = o.query_time;
      if (typeof t !== "number" || !Number.isFinite(t)) {
        p.add({ code: "invalid_record", line, id, field: "query_time", message: `line ${line}: "query_time" must be a number (got ${shortJson(t)})` });
        continue;
      }
      j = nearestPoint(item, t);
      if (j < 0) {
        p.add({ code: "unknown_query_time", line, id, field: "query_time", message: `line ${line}: query time ${t} of "${id}" matches no query point of the item (±${VCBENCH_TIME_TOLERANCE} s)` });
        continue;
      }
    } else if (has("query_index")) {
      const ix = o.query_index;
      if (typeof ix !== "number" || !Number.isInteger(ix) || ix < 0 || ix >= m) {
        p.add({ code: "invalid_record", line, id, field: "query_index", message: `line ${line}: "query_index" must be an integer from 0 to ${m - 1} (got ${shortJson(ix)})` });
        continue;
      }
      j = ix;
    } else {
      p.add({ code: "invalid_record", line, id, message: `line ${line}: record has neither "predictions" (unified format) nor "query_time"/"query_index" (per-point format)` });
      continue;
    }
    if (!entry) {
      entry = { raw: { points: new Array(m).fill(null), line }, unifiedLine: 0 };
      entries.set(item.itemId, entry);
    }
    const prev = entry.raw.points[j];
    if (prev) {
      p.add({ code: "duplicate_point", line, id, field: "query_time", message: `line ${line}: query point ${item.queryPoints[j].timeSec} s of "${id}" already predicted on line ${prev.line}; this later record is used` });
    }
    // Reference: r.get('prediction', r.get('pred')).
    entry.raw.points[j] = { v: single.present ? single.value : null, unified: false, line };
  }
  const raws = new Map<string, VcbenchRaw>();
  for (const [itemId, e] of entries) raws.set(itemId, e.raw);
  return { raws, usable };
}
