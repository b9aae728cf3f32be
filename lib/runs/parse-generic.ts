/**
 * The generic prediction format (PURE), for any benchmark: JSONL, one record per item,
 *
 *   {"item_id": "<native id>", "prediction": <answer>, ...}
 *
 * `item_id` is the item's native id (VCBench `id`, TOC-Bench `qa_id`, EC-Bench `question_id`,
 * VSTAT `id` or `<source_task>#<index>`, VSAS `task_id`). The prediction per benchmark:
 * - VCBench: a list with one value per query point, in stored order (a single value for a
 *   one-point question); values as in unified files (numbers as they are, text through `int()`);
 * - TOC-Bench: text (run through the reference extractor) or an already extracted value
 *   (a letter, "5 or more", a list of labels for ordering);
 * - EC-Bench: the answer text; optional `clips` (text like the dataset's, or `[[start, end], ...]`
 *   in seconds or "H:MM:SS") and `judged: {tp, fp, fn}`;
 * - VSTAT: the response text;
 * - VSAS: a list of events `{t, response, judge?, rubric?}` (or a list of texts, one per second)
 *   and optional `judgements: [{t, judge, rubric?}]`.
 * A later record for the same item replaces the earlier one (problem `duplicate_id`).
 */
import { parseClipCell } from "@/lib/metrics/parse-time";
import { idText, itemById, type ParseContext } from "./parse-context";
import { shortJson, type JsonRecord } from "./text-records";
import { firstText } from "./parse-vstat";
import { addVsasEvent, newVsasSeen } from "./parse-vsas";
import type { EcRaw, RawPrediction, RunBenchmark, TruthItem, VcbenchRaw, VsasRaw } from "./types";

/** Reads generic records into raw predictions keyed by item id. */
export function parseGenericRecords(records: readonly JsonRecord[], benchmark: RunBenchmark, ctx: ParseContext): { raws: Map<string, RawPrediction>; usable: number } {
  const raws = new Map<string, RawPrediction>();
  const lines = new Map<string, number>();
  const p = ctx.problems;
  const field = ctx.answerColumn ?? "prediction";
  let usable = 0;
  for (const { line, value } of records) {
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      p.add({ code: "invalid_record", line, message: `line ${line}: expected a JSON object {"item_id", "${field}"}` });
      continue;
    }
    const o = value as Record<string, unknown>;
    const id = idText(o.item_id);
    if (id === null) {
      p.add({ code: "missing_id", line, field: "item_id", message: `line ${line}: field "item_id" must be a non-empty string (got ${shortJson(o.item_id) ?? "nothing"}); record skipped` });
      continue;
    }
    const item = itemById(ctx, id, line, "item_id");
    if (!item) continue;
    usable += 1;
    if (lines.has(item.itemId)) {
      p.add({ code: "duplicate_id", line, id, field: "item_id", message: `line ${line}: item "${id}" already predicted on line ${lines.get(item.itemId)}; this later record is used` });
    }
    lines.set(item.itemId, line);
    const has = Object.prototype.hasOwnProperty.call(o, field);
    if (!has) p.add({ code: "missing_field", line, id, field, message: `line ${line}: record has no "${field}"; answer counted as invalid` });
    const raw = genericRaw(benchmark, item, has ? o[field] : null, o, line, ctx, field);
    if (raw) raws.set(item.itemId, raw);
    else raws.delete(item.itemId);
  }
  return { raws, usable };
}

function genericRaw(benchmark: RunBenchmark, item: TruthItem, v: unknown, o: Record<string, unknown>, line: number, ctx: ParseContext, field: string): RawPrediction | null {
  const p = ctx.problems;
  const id = item.externalId;
  switch (benchmark) {
    case "VCBENCH": {
      const m = item.queryPoints.length;
      const raw: VcbenchRaw = { points: new Array(m).fill(null), line };
      if (Array.isArray(v)) {
        if (v.length !== m) {
          p.add({ code: "length_mismatch", line, id, field, message: `line ${line}: ${v.length} predictions for the ${m} query points of "${id}"; aligned by position${v.length < m ? ", the rest are missing" : ", extra ones ignored"}` });
        }
        for (let k = 0; k < Math.min(m, v.length); k++) raw.points[k] = { v: v[k], unified: true, line };
      } else if (m === 1) {
        raw.points[0] = { v, unified: true, line };
      } else {
        p.add({ code: "invalid_record", line, id, field, message: `line ${line}: "${field}" must be a list of ${m} values (one per query point of "${id}")` });
        return null;
      }
      return raw;
    }
    case "TOCBENCH":
      return typeof v === "string" ? { mode: "text", value: v, field, line } : { mode: "extracted", value: v ?? null, field, line };
    case "ECBENCH": {
      const raw: EcRaw = { answer: typeof v === "string" ? v : typeof v === "number" ? String(v) : "", line };
      if (v !== null && v !== undefined && typeof v !== "string" && typeof v !== "number") {
        p.add({ code: "invalid_answer", line, id, field, message: `line ${line}: "${field}" of "${id}" must be text; counted as blank` });
      }
      if ("clips" in o && o.clips !== null && o.clips !== undefined) {
        const c = o.clips;
        const text = typeof c === "string" ? c : JSON.stringify(c);
        const numericPairs = Array.isArray(c) && c.every((x) => Array.isArray(x) && x.length === 2 && x.every((y) => typeof y === "number" && Number.isFinite(y)));
        if (numericPairs) {
          raw.clips = [];
          for (const [s, e] of c as [number, number][]) {
            if (e < s) p.add({ code: "clip_reversed", line, id, field: "clips", message: `line ${line}: clip [${s}, ${e}] of "${id}" ends before it starts; ignored` });
            else raw.clips.push([s, e]);
          }
        } else {
          const parsed = parseClipCell(text, ctx.clipParser, { line, id, field: "clips" });
          for (const pr of parsed.problems) p.add({ ...pr, message: `line ${line} (item ${id}, clips): ${pr.message}` });
          raw.clips = parsed.intervals.map(([s, e]) => [s, e] as [number, number]);
          raw.clipParser = ctx.clipParser;
        }
        raw.clipsText = text;
      }
      const j = o.judged as Record<string, unknown> | undefined;
      if (j && typeof j === "object") {
        const ok = ["tp", "fp", "fn"].every((k) => typeof j[k] === "number" && Number.isInteger(j[k]) && (j[k] as number) >= 0);
        if (ok) raw.judged = { tp: j.tp as number, fp: j.fp as number, fn: j.fn as number };
        else p.add({ code: "invalid_judgement", line, id, field: "judged", message: `line ${line}: "judged" must be {tp, fp, fn} with non-negative integers; the deterministic matcher is used instead` });
      }
      return raw;
    }
    case "VSTAT": {
      const text = firstText(v);
      if (text === undefined) {
        p.add({ code: "invalid_answer", line, id, field, message: `line ${line}: "${field}" of "${id}" is not text; scores 0` });
        return { response: "", line };
      }
      return { response: text, line };
    }
    case "VSAS": {
      const raw: VsasRaw = { events: [], judgements: [], line };
      const seen = newVsasSeen();
      if (Array.isArray(v)) {
        v.forEach((e, i) => {
          const ev = typeof e === "string" || e === null ? { t: i, response: e } : e;
          if (!ev || typeof ev !== "object" || Array.isArray(ev)) {
            p.add({ code: "invalid_record", line, id, field: `${field}[${i}]`, message: `line ${line}: ${field}[${i}] of "${id}" must be {t, response} or a text; ignored` });
            return;
          }
          addVsasEvent(ev as Record<string, unknown>, raw, item, line, seen, ctx, `${field}[${i}]: `);
        });
      } else if (v !== null && v !== undefined) {
        p.add({ code: "invalid_record", line, id, field, message: `line ${line}: "${field}" of "${id}" must be a list of {t, response} events` });
      }
      if (Array.isArray(o.judgements)) {
        (o.judgements as unknown[]).forEach((jv, i) => {
          if (jv && typeof jv === "object" && !Array.isArray(jv)) {
            const { response: _drop, ...rest } = jv as Record<string, unknown>;
            addVsasEvent(rest, raw, item, line, seen, ctx, `judgements[${i}]: `);
          }
        });
      }
      return raw;
    }
  }
}
