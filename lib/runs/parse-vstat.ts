/**
 * VSTAT prediction files (PURE), read as the command-line scorer (`lib/score-cli/vstat.ts`) and the
 * reference lmms-eval task do: JSONL `{doc_id, prediction}` where `doc_id` is the question's
 * position in the QA file (tasks in order, questions in order) — the item's ordinal. The answer
 * field can be named (`answerColumn`); otherwise `prediction`, `response`, `filtered_resps` and
 * `resps` (first element) are tried in that order. The first record of a doc_id wins.
 */
import { vstatDocId, vstatResponse } from "@/lib/scoring/vstat";
import type { ParseContext } from "./parse-context";
import { shortJson, type JsonRecord } from "./text-records";
import type { VstatRaw } from "./types";

/** Reads native VSTAT records into raw predictions keyed by item id. */
export function parseVstatRecords(records: readonly JsonRecord[], ctx: ParseContext): { raws: Map<string, VstatRaw>; usable: number } {
  const raws = new Map<string, VstatRaw>();
  const p = ctx.problems;
  let usable = 0;
  for (const { line, value } of records) {
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      p.add({ code: "invalid_record", line, message: `line ${line}: expected a JSON object {doc_id, prediction}` });
      continue;
    }
    const rec = value as Record<string, unknown>;
    const rawId = rec.doc_id;
    const docId = vstatDocId(rawId);
    if (docId === null) {
      p.add({ code: "invalid_id", line, field: "doc_id", message: `line ${line}: doc_id ${shortJson(rawId)} is not a non-negative integer; ignored` });
      continue;
    }
    const item = ctx.truth.byOrdinal.get(docId);
    if (!item) {
      if (ctx.truth.removedOrdinals.has(docId)) {
        p.add({ code: "removed_item", line, id: String(docId), field: "doc_id", message: `line ${line}: question doc_id ${docId} was removed from the project; its prediction is ignored` });
      } else {
        p.add({ code: "unknown_id", line, id: String(docId), field: "doc_id", message: `line ${line}: doc_id ${docId} is not a question of this project (it has ${ctx.truth.items.length + ctx.truth.removed.size} questions, doc_id 0 to ${ctx.truth.items.length + ctx.truth.removed.size - 1}); ignored` });
      }
      continue;
    }
    usable += 1;
    const prev = raws.get(item.itemId);
    if (prev) {
      p.add({ code: "duplicate_id", line, id: String(docId), field: "doc_id", message: `line ${line}: doc_id ${docId} repeats line ${prev.line}; ignored` });
      continue;
    }
    const r = vstatResponse(rec, ctx.answerColumn);
    if (!("text" in r)) {
      p.add({ code: r.code, line, id: String(docId), field: r.field, message: `line ${line}: ${r.reason}; question ${item.externalId} scores 0` });
      raws.set(item.itemId, { response: "", line });
      continue;
    }
    raws.set(item.itemId, { response: r.text, line });
  }
  return { raws, usable };
}
