/**
 * TOC-Bench prediction files (PURE), read as the command-line scorer (`lib/score-cli/tocbench.ts`)
 * and the reference `compute_metrics.py` do: JSONL, one record per item, `{qa_id,
 * extracted_answer}` (used as it is) or `{qa_id, raw_output}` / `{qa_id, raw_response}` (text run
 * through the reference answer extractor for the item's format at scoring time). With an answer
 * column, a string there is extracted and any other value used as the extracted answer. The last
 * record of a qa_id wins. Malformed lines, records without qa_id and unknown qa_ids are problems.
 */
import { topLevelNumberLiteral } from "@/lib/scoring/json-literal";
import { idText, itemById, type ParseContext } from "./parse-context";
import { shortJson, type JsonRecord } from "./text-records";
import type { TocRaw } from "./types";

/** Reads native TOC-Bench records into raw predictions keyed by item id. */
export function parseTocRecords(records: readonly JsonRecord[], ctx: ParseContext): { raws: Map<string, TocRaw>; usable: number } {
  const raws = new Map<string, TocRaw>();
  const p = ctx.problems;
  let usable = 0;
  for (const { line, value, text } of records) {
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      p.add({ code: "invalid_record", line, message: `line ${line}: expected a JSON object` });
      continue;
    }
    const r = value as Record<string, unknown>;
    const has = (k: string) => Object.prototype.hasOwnProperty.call(r, k);
    const qa = idText(r.qa_id);
    if (qa === null) {
      p.add({ code: "missing_id", line, field: "qa_id", message: `line ${line}: field "qa_id" must be a non-empty string (got ${shortJson(r.qa_id) ?? "nothing"}); record skipped` });
      continue;
    }
    const item = itemById(ctx, qa, line, "qa_id");
    if (!item) continue;
    usable += 1;
    const prev = raws.get(item.itemId);
    if (prev) p.add({ code: "duplicate_id", line, id: qa, field: "qa_id", message: `line ${line}: qa_id "${qa}" already predicted on line ${prev.line}; this later record is used (as the reference does)` });
    raws.set(item.itemId, tocRaw(r, has, line, text, qa, ctx));
  }
  return { raws, usable };
}

function tocRaw(r: Record<string, unknown>, has: (k: string) => boolean, line: number, text: string, qa: string, ctx: ParseContext): TocRaw {
  const p = ctx.problems;
  const col = ctx.answerColumn;
  if (col && col !== "extracted_answer") {
    if (!has(col)) {
      p.add({ code: "missing_field", line, id: qa, field: col, message: `line ${line}: field "${col}" is missing; answer counted as invalid` });
      return { mode: "extracted", value: null, field: col, line };
    }
    const v = r[col];
    return typeof v === "string" ? { mode: "text", value: v, field: col, line } : { mode: "extracted", value: v ?? null, field: col, line };
  }
  if (has("extracted_answer")) {
    const v = r.extracted_answer;
    const out: TocRaw = { mode: "extracted", value: v ?? null, field: "extracted_answer", line };
    if (typeof v === "number") {
      const lit = topLevelNumberLiteral(text, "extracted_answer");
      if (lit !== undefined) out.literal = lit;
    }
    return out;
  }
  for (const k of ["raw_output", "raw_response"]) {
    if (!has(k)) continue;
    const v = r[k];
    if (v !== null && typeof v !== "string") {
      p.add({ code: "invalid_record", line, id: qa, field: k, message: `line ${line}: field "${k}" must be text; answer counted as invalid` });
      return { mode: "extracted", value: null, field: k, line };
    }
    return { mode: "text", value: v, field: k, line };
  }
  p.add({ code: "missing_field", line, id: qa, message: `line ${line}: record has no "extracted_answer", "raw_output" or "raw_response"; answer counted as invalid (as the reference does)` });
  return { mode: "extracted", value: null, field: "extracted_answer", line };
}
