/**
 * VSAS-Bench response files (PURE), in Playhead's format (`docs/formats/vsas.md`), read as the
 * command-line scorer (`lib/score-cli/vsas.ts`) does: JSONL of response events `{task_id, t,
 * response}` (`response: null` = explicit pause) and judgement records `{task_id, t, judge,
 * rubric?}` (a line may carry both). Duplicate (task, t) events and judgements: the first is kept.
 */
import { newVsasSeen, readVsasEvent, type VsasSeen } from "@/lib/scoring/vsas";
import { idText, itemById, type ParseContext } from "./parse-context";
import { shortJson, type JsonRecord } from "./text-records";
import type { TruthItem, VsasRaw } from "./types";

/** Caption times of a VSAS task (ItemTruth.answer is `[{t, text}]`). */
export function captionTimes(item: TruthItem): number[] {
  return Array.isArray(item.answer)
    ? (item.answer as Array<{ t?: unknown }>).map((c) => (typeof c?.t === "number" ? c.t : Number.NaN)).filter(Number.isFinite)
    : [];
}

/**
 * Adds one event/judgement object to `raw` (shared by the native and generic readers; the
 * rules are lib/scoring/vsas.ts's); `where` prefixes messages. Returns false when the record
 * carried nothing usable.
 */
export function addVsasEvent(o: Record<string, unknown>, raw: VsasRaw, item: TruthItem, line: number, seen: VsasSeen, ctx: ParseContext, where: string): boolean {
  const id = item.externalId;
  const target = { id, key: item.itemId, captionTimes: captionTimes(item), responses: raw.events, judgements: raw.judgements };
  const report = (code: string, text: string, field?: string) => ctx.problems.add({ code, line, id, ...(field ? { field } : {}), message: `line ${line}: ${where}${text}` });
  return readVsasEvent(o, target, line, seen, report, { show: (v) => shortJson(v) }) !== null;
}

/** Reads native VSAS response/judgement records into raw predictions keyed by item id. */
export function parseVsasRecords(records: readonly JsonRecord[], ctx: ParseContext): { raws: Map<string, VsasRaw>; usable: number } {
  const raws = new Map<string, VsasRaw>();
  const seen = newVsasSeen();
  const p = ctx.problems;
  let usable = 0;
  for (const { line, value } of records) {
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      p.add({ code: "invalid_record", line, message: `line ${line}: expected a JSON object` });
      continue;
    }
    const o = value as Record<string, unknown>;
    const id = idText(o.task_id);
    if (id === null) {
      p.add({ code: "missing_id", line, field: "task_id", message: `line ${line}: no task_id; ignored` });
      continue;
    }
    const item = itemById(ctx, id, line, "task_id");
    if (!item) continue;
    let raw = raws.get(item.itemId);
    if (!raw) {
      raw = { events: [], judgements: [], line };
      raws.set(item.itemId, raw);
    }
    if (addVsasEvent(o, raw, item, line, seen, ctx, "")) usable += 1;
  }
  return { raws, usable };
}
