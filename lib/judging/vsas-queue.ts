import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { extrapolateResponses } from "@/lib/metrics/vsas";
import { readVsasVerdict, vsasSecondOf } from "@/lib/runs/human-judgements";
import { loadHumanJudgements } from "@/lib/runs/load-human-judgements";
import { vsasCaptions } from "@/lib/runs/score-vsas";
import { loadTruthIndex } from "@/lib/runs/truth-index";
import type { TruthItem, VsasRaw } from "@/lib/runs/types";
import { liveEvents, sessionOfSubject, sessionSubjectPrefix } from "@/lib/studies/session-judgements";
import type { VsasQueuePayload, VsasQueueQuery, VsasTaskEntry, VsasTaskView } from "./api-schemas";
import { judgeAgreement, type JudgedUnit } from "./judge-agreement";
import { runScoreView, type JudgeRun } from "./judge-run";
import { loadItemViews, loadJudgeNames } from "./run-context";
import { loadSessionJudgements, loadStudyAnswers, studySessionAnswer } from "./study-answers";

export const VSAS_SCORE_KEYS = ["accuracy", "rubric_mean", "consistency", "n_judgements"] as const;

type Verdict = { judgeId: string | null; binary: 0 | 1 | null; rubric: number | null };
const unitKey = (sessionId: string | null, itemId: string, t: number) => `${sessionId ?? ""}\u0000${itemId}\u0000${t}`;

/** A task of the queue: a run's answer to an item, or a study session's. */
type Task = { sessionId: string | null; participant: string | null; item: TruthItem };

/**
 * The VSAS judge queue of a run for one reviewer, one task per page (`query.page`, or the page of
 * `query.item` / `query.session`): the task's per-second truth captions and the answer at each
 * second (extrapolated as the scorer does: a second without a response takes the latest earlier
 * one), the caller's verdicts and how many reviewers judged each second; every task listed with
 * its seconds and the caller's judged count (for navigation); judge-vs-judge kappa over the run.
 * Only the page's task has its answer, question and video read. A study's run: one task per
 * participant's answer (completed sessions), judged under `session:<sessionId>:t:<sec>`.
 * 422 naming `page` / `item` when they match no task.
 */
export async function vsasQueue(run: JudgeRun, userId: string, query: VsasQueueQuery = {}): Promise<VsasQueuePayload> {
  const index = await loadTruthIndex(run.project.id, "VSAS");
  const byId = new Map(index.items.map((i) => [i.itemId, i]));
  let tasks: Task[];
  let judgements: { itemId: string; judgeId: string | null; sessionId: string | null; t: number | null; verdict: unknown }[];
  if (run.studyId) {
    // Only the page's answer is read with its value (taskView).
    const answers = (await loadStudyAnswers(run.studyId, undefined, { values: false })).filter((a) => byId.has(a.itemId));
    tasks = answers.map((a) => ({ sessionId: a.sessionId, participant: a.participant, item: byId.get(a.itemId)! }));
    judgements = (await loadSessionJudgements(answers.map((a) => a.sessionId))).map((j) => {
      const sessionId = sessionOfSubject(j.subjectKey);
      const rest = sessionId ? j.subjectKey.slice(sessionSubjectPrefix(sessionId).length) : "";
      const t = rest.startsWith("t:") ? Number(rest.slice(2)) : NaN;
      return { ...j, sessionId, t: Number.isFinite(t) ? t : null };
    });
  } else {
    tasks = index.items.map((item) => ({ sessionId: null, participant: null, item }));
    judgements = (await loadHumanJudgements(run.id)).map((j) => ({ ...j, sessionId: null, t: vsasSecondOf(run.id, j.subjectKey) }));
  }
  const names = new Map<string, string>();
  await loadJudgeNames(names, judgements.flatMap((j) => (j.judgeId ? [j.judgeId] : [])));
  const units: JudgedUnit[] = [];
  const verdicts = new Map<string, Verdict[]>();
  for (const j of judgements) {
    const v = readVsasVerdict(j.verdict);
    if (j.t === null || !v) continue;
    const key = unitKey(j.sessionId, j.itemId, j.t);
    verdicts.set(key, [...(verdicts.get(key) ?? []), { judgeId: j.judgeId, ...v }]);
    if (j.judgeId) units.push({ judge: { id: j.judgeId, name: names.get(j.judgeId) ?? j.judgeId }, unit: key, ...v });
  }
  const entries: VsasTaskEntry[] = tasks.map((task) => {
    const captions = vsasCaptions(task.item);
    const mineOf = captions.map((c) => verdicts.get(unitKey(task.sessionId, task.item.itemId, c.t))?.find((v) => v.judgeId === userId));
    return {
      itemId: task.item.itemId,
      sessionId: task.sessionId,
      participant: task.participant,
      externalId: task.item.externalId,
      taskType: taskType(task.item),
      seconds: captions.length,
      mine: mineOf.filter((v) => v).length,
      complete: mineOf.filter((v) => v && v.binary !== null && v.rubric !== null).length,
    };
  });
  const pageIndex = choosePage(entries, query);
  const task = tasks[pageIndex - 1];
  return {
    run: { id: run.id, name: run.name, projectId: run.project.id, projectName: run.project.name },
    score: runScoreView(run, VSAS_SCORE_KEYS),
    tasks: task ? [await taskView(run, task, verdicts, userId)] : [],
    page: { index: task ? pageIndex : 0, count: tasks.length, entries },
    agreement: judgeAgreement(units),
  };
}

const taskType = (item: TruthItem) => String(item.labels.task_type ?? item.presentation.task_type ?? "");

/** The 1-based page asked for (page 1 by default). */
function choosePage(entries: readonly VsasTaskEntry[], query: VsasQueueQuery): number {
  if (query.item !== undefined || query.session !== undefined) {
    const i = entries.findIndex((e) => (query.item === undefined || e.itemId === query.item) && (query.session === undefined || e.sessionId === query.session));
    if (i < 0) throw new HttpError(422, query.session ? `No task of item ${query.item ?? "(any)"} answered in session ${query.session} in this queue.` : `No task ${query.item} in this queue.`, "unknown_task", { field: query.session && !query.item ? "session" : "item" });
    return i + 1;
  }
  const page = query.page ?? 1;
  if (entries.length > 0 && page > entries.length) throw new HttpError(422, `page ${page} is past the last page (${entries.length}).`, "unknown_page", { field: "page" });
  return page;
}

async function taskView(run: JudgeRun, task: Task, verdicts: Map<string, Verdict[]>, userId: string): Promise<VsasTaskView> {
  const { item } = task;
  const [views, result, answer] = await Promise.all([
    loadItemViews(run.project.id, [item.itemId]),
    task.sessionId ? null : db.runItemResult.findUnique({ where: { runId_itemId: { runId: run.id, itemId: item.itemId } }, select: { raw: true } }),
    task.sessionId && run.studyId ? studySessionAnswer(run.studyId, task.sessionId, item.itemId) : null,
  ]);
  const events = task.sessionId ? liveEvents(answer?.value) : ((result?.raw ?? null) as VsasRaw | null)?.events ?? [];
  const captions = vsasCaptions(item).sort((x, y) => x.t - y.t);
  const responses = extrapolateResponses(captions.map((c) => c.t), events);
  return {
    itemId: item.itemId,
    sessionId: task.sessionId,
    participant: task.participant,
    externalId: item.externalId,
    taskType: taskType(item),
    prompt: views.get(item.itemId)?.question ?? "",
    video: views.get(item.itemId)?.video ?? null,
    seconds: captions.map((c, i) => {
      const list = verdicts.get(unitKey(task.sessionId, item.itemId, c.t)) ?? [];
      const mine = list.find((v) => v.judgeId === userId);
      return { t: c.t, caption: c.text, response: responses[i], mine: mine ? { binary: mine.binary, rubric: mine.rubric } : null, judges: list.length };
    }),
  };
}
