import "server-only";
import { extrapolateResponses } from "@/lib/metrics/vsas";
import { readVsasVerdict, vsasSecondOf } from "@/lib/runs/human-judgements";
import { vsasCaptions } from "@/lib/runs/score-vsas";
import type { VsasRaw } from "@/lib/runs/types";
import type { VsasQueuePayload, VsasTaskView } from "./api-schemas";
import { judgeAgreement, type JudgedUnit } from "./judge-agreement";
import { runScoreView, type JudgeRun } from "./judge-run";
import { loadRunContext } from "./run-context";

export const VSAS_SCORE_KEYS = ["accuracy", "rubric_mean", "consistency", "n_judgements"] as const;

/**
 * The VSAS judge queue of a run for one reviewer: every task with its per-second truth caption
 * and the run's response at that second (extrapolated as the scorer does: a second without a
 * response takes the latest earlier one), the caller's verdicts, how many reviewers judged each
 * second, and judge-vs-judge kappa.
 */
export async function vsasQueue(run: JudgeRun, userId: string): Promise<VsasQueuePayload> {
  const ctx = await loadRunContext(run.project.id, "VSAS", run.id);
  const units: JudgedUnit[] = [];
  const verdicts = new Map<string, Map<number, { judgeId: string | null; binary: 0 | 1 | null; rubric: number | null }[]>>();
  for (const j of ctx.judgements) {
    const t = vsasSecondOf(run.id, j.subjectKey);
    const v = readVsasVerdict(j.verdict);
    if (t === null || !v) continue;
    const perItem = verdicts.get(j.itemId) ?? new Map();
    perItem.set(t, [...(perItem.get(t) ?? []), { judgeId: j.judgeId, ...v }]);
    verdicts.set(j.itemId, perItem);
    if (j.judgeId) units.push({ judge: { id: j.judgeId, name: ctx.judgeNames.get(j.judgeId) ?? j.judgeId }, unit: `${j.itemId}\u0000${t}`, ...v });
  }
  const tasks: VsasTaskView[] = ctx.truth.map((item) => {
    const captions = vsasCaptions(item).sort((a, b) => a.t - b.t);
    const raw = ctx.raws.get(item.itemId) as VsasRaw | undefined;
    const responses = extrapolateResponses(captions.map((c) => c.t), raw?.events ?? []);
    const perItem = verdicts.get(item.itemId);
    return {
      itemId: item.itemId,
      externalId: item.externalId,
      taskType: String(item.labels.task_type ?? item.presentation.task_type ?? ""),
      prompt: ctx.items.get(item.itemId)?.question ?? "",
      video: ctx.items.get(item.itemId)?.video ?? null,
      seconds: captions.map((c, i) => {
        const list = perItem ? [...perItem].find(([t]) => Math.abs(t - c.t) <= 1e-6)?.[1] ?? [] : [];
        const mine = list.find((v) => v.judgeId === userId);
        return { t: c.t, caption: c.text, response: responses[i], mine: mine ? { binary: mine.binary, rubric: mine.rubric } : null, judges: list.length };
      }),
    };
  });
  return {
    run: { id: run.id, name: run.name, projectId: run.project.id, projectName: run.project.name },
    score: runScoreView(run, VSAS_SCORE_KEYS),
    tasks,
    agreement: judgeAgreement(units),
  };
}
