/**
 * VSAS-Bench response files (PURE), in Playhead's format (`docs/formats/vsas.md`), read as the
 * command-line scorer (`lib/score-cli/vsas.ts`) does: JSONL of response events `{task_id, t,
 * response}` (`response: null` = explicit pause) and judgement records `{task_id, t, judge,
 * rubric?}` (a line may carry both). Duplicate (task, t) events and judgements: the first is kept.
 */
import { idText, itemById, type ParseContext } from "./parse-context";
import { shortJson, type JsonRecord } from "./text-records";
import type { TruthItem, VsasRaw } from "./types";

/** 0/1 judge from 0, 1, booleans, "yes"/"no" or a number in [0, 1]; undefined when invalid. */
export function vsasJudgeValue(v: unknown): number | undefined {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (s === "yes") return 1;
    if (s === "no") return 0;
    return undefined;
  }
  return typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= 1 ? v : undefined;
}

/** Caption times of a VSAS task (ItemTruth.answer is `[{t, text}]`). */
export function captionTimes(item: TruthItem): number[] {
  return Array.isArray(item.answer)
    ? (item.answer as Array<{ t?: unknown }>).map((c) => (typeof c?.t === "number" ? c.t : Number.NaN)).filter(Number.isFinite)
    : [];
}

type Seen = { resp: Map<string, number>; judge: Map<string, number> };

/**
 * Adds one event/judgement object to `raw` (shared by the native and generic readers); `where`
 * prefixes messages. Returns false when the record carried nothing usable.
 */
export function addVsasEvent(o: Record<string, unknown>, raw: VsasRaw, item: TruthItem, line: number, seen: Seen, ctx: ParseContext, where: string): boolean {
  const p = ctx.problems;
  const id = item.externalId;
  const add = (code: string, text: string, field?: string) => p.add({ code, line, id, ...(field ? { field } : {}), message: `line ${line}: ${where}${text}` });
  const t = o.t;
  if (typeof t !== "number" || !Number.isFinite(t) || t < 0) {
    add("invalid_field", `task "${id}": ${t === undefined ? "no t" : `t ${shortJson(t)} is not a time >= 0 in seconds`}; ignored`, "t");
    return false;
  }
  const hasResponse = "response" in o;
  const hasJudge = "judge" in o || "rubric" in o;
  if (!hasResponse && !hasJudge) {
    add("missing_field", `task "${id}" t=${t}: neither "response" nor "judge"/"rubric"; ignored`);
    return false;
  }
  const key = `${item.itemId}\u0000${t}`;
  if (hasResponse) {
    const resp = o.response;
    if (resp !== null && typeof resp !== "string") add("invalid_field", `task "${id}" t=${t}: response must be text or null (pause); ignored`, "response");
    else if (seen.resp.has(key)) add("duplicate_id", `task "${id}": a response at t=${t} is already on line ${seen.resp.get(key)}; ignored`);
    else {
      seen.resp.set(key, line);
      raw.events.push({ t, response: resp as string | null });
    }
  }
  if (hasJudge) {
    const caption = captionTimes(item).find((c) => Math.abs(c - t) <= 1e-6);
    const judge = "judge" in o && o.judge !== null ? vsasJudgeValue(o.judge) : null;
    const rubric = "rubric" in o && o.rubric !== null ? o.rubric : null;
    const rubricOk = rubric === null || (typeof rubric === "number" && Number.isInteger(rubric) && rubric >= 0 && rubric <= 3);
    if (caption === undefined) add("unknown_timestep", `task "${id}": judgement at t=${t} but the task has no caption at that time; ignored`, "t");
    else if (judge === undefined) add("invalid_field", `task "${id}" t=${t}: judge ${shortJson(o.judge)} must be 0 or 1 (or yes/no); judgement ignored`, "judge");
    else if (!rubricOk) add("invalid_field", `task "${id}" t=${t}: rubric ${shortJson(o.rubric)} must be an integer 0-3; judgement ignored`, "rubric");
    else if (seen.judge.has(key)) add("duplicate_id", `task "${id}": a judgement at t=${t} is already on line ${seen.judge.get(key)}; ignored`);
    else {
      seen.judge.set(key, line);
      raw.judgements.push({ t: caption, judge, rubric: rubric as number | null });
    }
  }
  return true;
}

export function newVsasSeen(): Seen {
  return { resp: new Map(), judge: new Map() };
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
