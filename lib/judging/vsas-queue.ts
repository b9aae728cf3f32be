import "server-only";
import { extrapolateResponses } from "@/lib/metrics/vsas";
import { readVsasVerdict, vsasSecondOf } from "@/lib/runs/human-judgements";
import { vsasCaptions } from "@/lib/runs/score-vsas";
import type { TruthItem, VsasRaw } from "@/lib/runs/types";
import { liveEvents, sessionOfSubject, sessionSubjectPrefix } from "@/lib/studies/session-judgements";
import type { VsasQueuePayload, VsasTaskView } from "./api-schemas";
import { judgeAgreement, type JudgedUnit } from "./judge-agreement";
import { runScoreView, type JudgeRun } from "./judge-run";
import { loadRunContext, type RunContext } from "./run-context";
import { loadSessionJudgements, loadStudyAnswers } from "./study-answers";

export const VSAS_SCORE_KEYS = ["accuracy", "rubric_mean", "consistency", "n_judgements"] as const;

type Verdicts = Map<string, { judgeId: string | null; binary: 0 | 1 | null; rubric: number | null }[]>;
const unitKey = (sessionId: string | null, itemId: string, t: number) => `${sessionId ?? ""}\u0000${itemId}\u0000${t}`;

/** A task of the queue: one answer (a run's response to an item, or a study session's) with its seconds. */
type Answer = { sessionId: string | null; participant: string | null; item: TruthItem; events: { t: number; response: string | null }[] };

/**
 * The VSAS judge queue of a run for one reviewer: every task with its per-second truth caption
 * and the run's response at that second (extrapolated as the scorer does: a second without a
 * response takes the latest earlier one), the caller's verdicts, how many reviewers judged each
 * second, and judge-vs-judge kappa. A study's run: one task per participant's answer
 * (completed sessions), judged under `session:<sessionId>:t:<sec>`.
 */
export async function vsasQueue(run: JudgeRun, userId: string): Promise<VsasQueuePayload> {
  const ctx = await loadRunContext(run.project.id, "VSAS", run.id);
  const answers: Answer[] = [];
  let judgements = ctx.judgements.map((j) => ({ ...j, sessionId: null as string | null, t: vsasSecondOf(run.id, j.subjectKey) }));
  if (run.studyId) {
    const byId = new Map(ctx.truth.map((i) => [i.itemId, i]));
    const study = (await loadStudyAnswers(run.studyId)).filter((a) => byId.has(a.itemId));
    for (const a of study) answers.push({ sessionId: a.sessionId, participant: a.participant, item: byId.get(a.itemId)!, events: liveEvents(a.value) });
    const rows = await loadSessionJudgements(study.map((a) => a.sessionId));
    judgements = rows.map((j) => {
      const sessionId = sessionOfSubject(j.subjectKey);
      const rest = sessionId ? j.subjectKey.slice(sessionSubjectPrefix(sessionId).length) : "";
      const t = rest.startsWith("t:") ? Number(rest.slice(2)) : NaN;
      return { ...j, sessionId, t: Number.isFinite(t) ? t : null };
    });
    await ctx.addJudgeNames(rows.flatMap((r) => (r.judgeId ? [r.judgeId] : [])));
  } else {
    for (const item of ctx.truth) answers.push({ sessionId: null, participant: null, item, events: (ctx.raws.get(item.itemId) as VsasRaw | undefined)?.events ?? [] });
  }
  const units: JudgedUnit[] = [];
  const verdicts: Verdicts = new Map();
  for (const j of judgements) {
    const v = readVsasVerdict(j.verdict);
    if (j.t === null || !v) continue;
    const key = unitKey(j.sessionId, j.itemId, j.t);
    verdicts.set(key, [...(verdicts.get(key) ?? []), { judgeId: j.judgeId, ...v }]);
    if (j.judgeId) units.push({ judge: { id: j.judgeId, name: ctx.judgeNames.get(j.judgeId) ?? j.judgeId }, unit: key, ...v });
  }
  return {
    run: { id: run.id, name: run.name, projectId: run.project.id, projectName: run.project.name },
    score: runScoreView(run, VSAS_SCORE_KEYS),
    tasks: answers.map((a) => taskView(ctx, a, verdicts, userId)),
    agreement: judgeAgreement(units),
  };
}

function taskView(ctx: RunContext, a: Answer, verdicts: Verdicts, userId: string): VsasTaskView {
  const { item } = a;
  const captions = vsasCaptions(item).sort((x, y) => x.t - y.t);
  const responses = extrapolateResponses(captions.map((c) => c.t), a.events);
  return {
    itemId: item.itemId,
    sessionId: a.sessionId,
    participant: a.participant,
    externalId: item.externalId,
    taskType: String(item.labels.task_type ?? item.presentation.task_type ?? ""),
    prompt: ctx.items.get(item.itemId)?.question ?? "",
    video: ctx.items.get(item.itemId)?.video ?? null,
    seconds: captions.map((c, i) => {
      const list = verdicts.get(unitKey(a.sessionId, item.itemId, c.t)) ?? [];
      const mine = list.find((v) => v.judgeId === userId);
      return { t: c.t, caption: c.text, response: responses[i], mine: mine ? { binary: mine.binary, rubric: mine.rubric } : null, judges: list.length };
    }),
  };
}
