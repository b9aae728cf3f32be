import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { ecSubjectKey, enumerationLists, HUMAN_JUDGE_KIND, matchingCounts, matchingProblem, vsasSubjectKey, type EcMatchVerdict, type VsasVerdict } from "@/lib/runs/human-judgements";
import { markRunJudged } from "@/lib/runs/load-human-judgements";
import { queueRescoreAfterJudgement } from "@/lib/runs/judgement-rescore";
import { vsasCaptions } from "@/lib/runs/score-vsas";
import { ecTaskType } from "@/lib/runs/score-ecbench";
import type { EcRaw, TruthItem } from "@/lib/runs/types";
import { sessionEcSubjectKey, sessionEnumerationLists, sessionVsasSubjectKey } from "@/lib/studies/session-judgements";
import type { EcMatchBody, VsasJudgementBody } from "./api-schemas";
import type { JudgeRun } from "./judge-run";
import { studySessionAnswer } from "./study-answers";

/**
 * Stores one reviewer's judgement: an idempotent upsert on the Judgement unique key (item,
 * subject, "human", reviewer), so autosaving the same verdict twice leaves one row. The run is
 * then flagged stale and its rescore job queued (debounced): its stored score takes the judgement in
 * (lib/runs/human-judgements.ts).
 */
async function upsertJudgement(itemId: string, subjectKey: string, judgeId: string, verdict: object): Promise<{ updatedAt: Date }> {
  const where = { itemId_subjectKey_judgeKind_judgeId: { itemId, subjectKey, judgeKind: HUMAN_JUDGE_KIND, judgeId } };
  const write = () =>
    db.judgement.upsert({
      where,
      create: { itemId, subjectKey, judgeKind: HUMAN_JUDGE_KIND, judgeId, verdict: verdict as never },
      update: { verdict: verdict as never },
      select: { updatedAt: true },
    });
  try {
    return await write();
  } catch (error) {
    // Two saves of the same key at once: the other one created the row; update it.
    if ((error as { code?: unknown })?.code === "P2002") return write();
    throw error;
  }
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The one item judged, with its truth (what the scorer reads of it; no spans or query points needed here). */
async function truthItem(run: JudgeRun, itemId: string): Promise<TruthItem> {
  const row = await db.item.findFirst({
    where: { id: itemId, projectId: run.project.id, status: "ACTIVE" },
    select: { id: true, externalId: true, ordinal: true, format: true, labels: true, presentation: true, videoRef: true, truth: { select: { answer: true, source: true } } },
  });
  if (!row) throw new HttpError(404, `Item ${itemId} is not an active item of project "${run.project.name}".`, "not_found", { field: "itemId" });
  return {
    itemId: row.id,
    externalId: row.externalId,
    ordinal: row.ordinal,
    format: row.format,
    labels: obj(row.labels),
    presentation: obj(row.presentation),
    videoRef: row.videoRef,
    answer: row.truth?.answer ?? null,
    source: obj(row.truth?.source),
    spans: [],
    queryPoints: [],
  };
}

async function afterSave(runId: string): Promise<void> {
  await markRunJudged(runId);
  await queueRescoreAfterJudgement(runId);
}

/**
 * A study's run: the participant's answer judged (422 naming `sessionId` when it is missing, or
 * not a completed session of the study answering the item). Model runs: `sessionId` is refused.
 */
async function sessionAnswer(run: JudgeRun, body: { itemId: string; sessionId?: string }, externalId: string): Promise<{ sessionId: string; value: unknown } | null> {
  if (!run.studyId) {
    if (body.sessionId !== undefined) throw new HttpError(422, `Run "${run.name}" is not a study's run: judge it without sessionId.`, "not_a_study_run", { field: "sessionId" });
    return null;
  }
  if (!body.sessionId) throw new HttpError(422, `Run "${run.name}" is a study's run: give the sessionId of the answer judged.`, "session_required", { field: "sessionId" });
  const answer = await studySessionAnswer(run.studyId, body.sessionId, body.itemId);
  if (!answer) throw new HttpError(422, `Session ${body.sessionId} is not a completed session of this study with an answer to task "${externalId}".`, "unknown_session", { field: "sessionId" });
  return { sessionId: body.sessionId, value: answer.value };
}

export async function saveVsasJudgement(run: JudgeRun, judgeId: string, body: VsasJudgementBody): Promise<{ subjectKey: string; verdict: VsasVerdict; savedAt: string }> {
  const item = await truthItem(run, body.itemId);
  const caption = vsasCaptions(item).find((c) => Math.abs(c.t - body.t) <= 1e-6);
  if (!caption) throw new HttpError(422, `Task "${item.externalId}" has no caption at t=${body.t}: judge one of its caption seconds.`, "unknown_timestep", { field: "t" });
  const session = await sessionAnswer(run, body, item.externalId);
  const subjectKey = session ? sessionVsasSubjectKey(session.sessionId, caption.t) : vsasSubjectKey(run.id, caption.t);
  const verdict: VsasVerdict = { binary: body.binary, rubric: body.rubric };
  const row = await upsertJudgement(item.itemId, subjectKey, judgeId, verdict);
  await afterSave(run.id);
  return { subjectKey, verdict, savedAt: row.updatedAt.toISOString() };
}

export async function saveEcMatch(run: JudgeRun, judgeId: string, body: EcMatchBody): Promise<{ subjectKey: string; counts: { tp: number; fp: number; fn: number }; savedAt: string }> {
  const item = await truthItem(run, body.itemId);
  if (ecTaskType(item) !== "Enumeration") throw new HttpError(422, `Question ${item.externalId} is not an enumeration question.`, "not_enumeration", { field: "itemId" });
  const session = await sessionAnswer(run, body, item.externalId);
  const lists = session ? sessionEnumerationLists(item.answer, session.value) : await runEnumerationLists(run, item);
  const verdict: EcMatchVerdict = { matches: [...body.matches].sort((a, b) => a.pred - b.pred), predicted: lists.predicted, truth: lists.truth };
  const problem = matchingProblem(verdict);
  if (problem) throw new HttpError(422, problem, "invalid_matches", { field: "matches" });
  const subjectKey = session ? sessionEcSubjectKey(session.sessionId) : ecSubjectKey(run.id);
  const row = await upsertJudgement(item.itemId, subjectKey, judgeId, verdict);
  await afterSave(run.id);
  return { subjectKey, counts: matchingCounts(verdict), savedAt: row.updatedAt.toISOString() };
}

async function runEnumerationLists(run: JudgeRun, item: TruthItem): Promise<{ truth: string[]; predicted: string[] }> {
  const result = await db.runItemResult.findUnique({ where: { runId_itemId: { runId: run.id, itemId: item.itemId } }, select: { raw: true } });
  const raw = result?.raw as EcRaw | null | undefined;
  if (!raw || typeof raw.answer !== "string" || raw.answer.trim() === "") {
    throw new HttpError(422, `Run "${run.name}" has no answer for question ${item.externalId}: nothing to match.`, "no_prediction", { field: "itemId" });
  }
  return enumerationLists(item.answer, raw.answer);
}
