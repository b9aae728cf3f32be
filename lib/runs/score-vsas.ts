/**
 * Scores VSAS-Bench raw responses (PURE) with lib/metrics `scoreVsas`: responses extrapolated onto
 * the caption times, accuracy A from judgements only (over the judged timesteps: one without a
 * judgement is unknown, not wrong; tasks without any are left out of A), consistency C always.
 * `judging` says how many seconds are judged: partial until all are (lib/runs/judging-status.ts). Every task is scored (a task without
 * responses has "" at every timestep), as the command-line scorer.
 */
import { ProblemLog } from "@/lib/scoring/problem-log";
import { scoreVsas, type VsasTask } from "@/lib/metrics/vsas";
import { vsasJudging } from "./judging-status";
import type { PartialOutcome } from "./score-vcbench";
import type { ScoredItem, TruthItem, VsasRaw } from "./types";

/** Captions `[{t, text}]` of a VSAS task (ItemTruth.answer). */
export function vsasCaptions(item: TruthItem): { t: number; text: string }[] {
  if (!Array.isArray(item.answer)) return [];
  return (item.answer as Array<{ t?: unknown; text?: unknown }>)
    .filter((c) => typeof c?.t === "number" && Number.isFinite(c.t) && typeof c.text === "string")
    .map((c) => ({ t: c.t as number, text: c.text as string }));
}

export function scoreVsasRaws(truth: readonly TruthItem[], raws: ReadonlyMap<string, unknown>): PartialOutcome {
  const problems = new ProblemLog();
  let missing = 0;
  let judgements = 0;
  const tasks: VsasTask[] = truth.map((item) => {
    const raw = raws.get(item.itemId) as VsasRaw | undefined;
    if (!raw || raw.events.length === 0) {
      missing += raw ? 0 : 1;
      problems.add({ code: "missing_prediction", id: item.externalId, message: `task "${item.externalId}" has no response; every timestep counts as "" (paper: no earlier response)` });
    }
    judgements += raw?.judgements.length ?? 0;
    return {
      taskId: item.externalId,
      taskType: String(item.labels.task_type ?? item.presentation.task_type ?? "(none)"),
      captions: vsasCaptions(item),
      responses: raw?.events ?? [],
      judgements: raw?.judgements ?? [],
    };
  });
  if (judgements === 0) {
    problems.add({ code: "no_judgements", message: "no judgement in the input: accuracy is not computed (consistency only); add {task_id, t, judge} records" });
  } else {
    tasks.forEach((t) => {
      const judged = new Set((t.judgements ?? []).filter((j) => j.judge != null).map((j) => j.t)).size;
      const n = t.captions.length;
      if (judged < n) problems.add({ code: "missing_judgement", id: t.taskId, message: `task "${t.taskId}": ${n - judged} of ${n} timesteps have no judgement yet; accuracy is over the judged ones (partial)` });
    });
  }
  const summary = scoreVsas(tasks);
  const results: ScoredItem[] = truth.map((item, i) => {
    const s = summary.per_task[i];
    const raw = (raws.get(item.itemId) as VsasRaw | undefined) ?? null;
    return {
      itemId: item.itemId,
      raw,
      parsed: null,
      valid: raw !== null && raw.events.length > 0,
      scores: {
        task_type: s.task_type,
        accuracy: s.accuracy,
        consistency: s.consistency,
        consistency_raw: s.consistency_raw,
        rubric_mean: s.rubric_mean,
        judged: s.judged,
        timesteps: s.timesteps,
      },
    };
  });
  const { per_task: _perTask, ...rest } = summary;
  const metrics = { benchmark: "vsas", ...rest, consistency_denominator: "N", n_tasks: truth.length, n_judgements: judgements };
  return { results, metrics, problems, counts: { items: truth.length, predicted: truth.length - missing, scored: truth.length, missing, invalid: 0 }, judging: vsasJudging(summary) };
}
