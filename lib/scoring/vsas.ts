/**
 * VSAS-Bench response and judgement records (PURE), the one reading both the command-line
 * scorer (`lib/score-cli/vsas.ts`) and uploaded runs (`lib/runs/parse-vsas.ts`) use
 * (`docs/formats/vsas.md`): `{task_id, t, response}` events (`response: null` = explicit
 * pause) and `{task_id, t, judge, rubric?}` judgements (a record may carry both). The first
 * response and the first judgement at each (task, t) are kept; a judgement must be at one
 * of the task's caption times (±1e-6 s).
 */

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

/** Where one task's events go. `key` identifies the task in `seen` (an item id or the task id). */
export type VsasEventTarget = {
  id: string;
  key: string;
  captionTimes: readonly number[];
  responses: { push(event: { t: number; response: string | null }): unknown };
  judgements: { push(judgement: { t: number; judge: number | null; rubric: number | null }): unknown };
};

/** Lines of the responses and judgements already taken, by (task, t). */
export type VsasSeen = { resp: Map<string, number>; judge: Map<string, number> };

export function newVsasSeen(): VsasSeen {
  return { resp: new Map(), judge: new Map() };
}

/** Reports a problem of the record: code, sentence (without the line prefix), field. */
export type VsasReport = (code: string, text: string, field?: string) => void;

/**
 * Adds one record's response and/or judgement to `target`. `show` writes a value into a
 * message; `judgementsOnly` ignores `response` (a judgements file). Returns what was added, or
 * null when the record carried nothing usable (no valid `t`, neither response nor judgement).
 */
export function readVsasEvent(
  o: Record<string, unknown>,
  target: VsasEventTarget,
  line: number,
  seen: VsasSeen,
  report: VsasReport,
  options: { show: (v: unknown) => string; judgementsOnly?: boolean },
): { responses: number; judgements: number } | null {
  const id = target.id;
  const t = o.t;
  if (typeof t !== "number" || !Number.isFinite(t) || t < 0) {
    report("invalid_field", `task "${id}": ${t === undefined ? "no t" : `t ${options.show(t)} is not a time >= 0 in seconds`}; ignored`, "t");
    return null;
  }
  const hasResponse = !options.judgementsOnly && "response" in o;
  const hasJudge = "judge" in o || "rubric" in o;
  if (!hasResponse && !hasJudge) {
    report("missing_field", `task "${id}" t=${t}: neither "response" nor "judge"/"rubric"; ignored`);
    return null;
  }
  const added = { responses: 0, judgements: 0 };
  const key = `${target.key}\u0000${t}`;
  if (hasResponse) {
    const resp = o.response;
    if (resp !== null && typeof resp !== "string") report("invalid_field", `task "${id}" t=${t}: response must be text or null (pause); ignored`, "response");
    else if (seen.resp.has(key)) report("duplicate_id", `task "${id}": a response at t=${t} is already on line ${seen.resp.get(key)}; ignored`);
    else {
      seen.resp.set(key, line);
      target.responses.push({ t, response: resp });
      added.responses = 1;
    }
  }
  if (hasJudge) {
    const caption = target.captionTimes.find((c) => Math.abs(c - t) <= 1e-6);
    const judge = "judge" in o && o.judge !== null ? vsasJudgeValue(o.judge) : null;
    const rubric = "rubric" in o && o.rubric !== null ? o.rubric : null;
    const rubricOk = rubric === null || (typeof rubric === "number" && Number.isInteger(rubric) && rubric >= 0 && rubric <= 3);
    if (caption === undefined) report("unknown_timestep", `task "${id}": judgement at t=${t} but the task has no caption at that time; ignored`, "t");
    else if (judge === undefined) report("invalid_field", `task "${id}" t=${t}: judge ${options.show(o.judge)} must be 0 or 1 (or yes/no); judgement ignored`, "judge");
    else if (!rubricOk) report("invalid_field", `task "${id}" t=${t}: rubric ${options.show(o.rubric)} must be an integer 0-3; judgement ignored`, "rubric");
    else if (seen.judge.has(key)) report("duplicate_id", `task "${id}": a judgement at t=${t} is already on line ${seen.judge.get(key)}; ignored`);
    else {
      seen.judge.set(key, line);
      target.judgements.push({ t: caption, judge, rubric: rubric as number | null });
      added.judgements = 1;
    }
  }
  return added;
}
