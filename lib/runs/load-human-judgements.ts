import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { sessionSubjectPrefix } from "@/lib/studies/session-judgements";
import { HUMAN_JUDGE_KIND, runSubjectPrefix, type JudgementRow } from "./human-judgements";

/** Every human Judgement of a run (subject keys `run:<runId>:...`), oldest first. */
export async function loadHumanJudgements(runId: string): Promise<JudgementRow[]> {
  return db.judgement.findMany({
    where: { judgeKind: HUMAN_JUDGE_KIND, subjectKey: { startsWith: runSubjectPrefix(runId) } },
    select: { itemId: true, judgeId: true, subjectKey: true, verdict: true, updatedAt: true },
    orderBy: { updatedAt: "asc" },
  });
}

/** Flags the run for rescoring (its human judgements changed); its rescore job (lib/runs/judgement-rescore.ts) picks it up. */
export async function markRunJudged(runId: string): Promise<void> {
  await db.modelRun.updateMany({ where: { id: runId }, data: { stale: true } });
}

/** Human judgements of the run saved after `since` (a rescoring that read them earlier is out of date). */
export async function countJudgementsSince(runId: string, since: Date, client: DbTx = db): Promise<number> {
  return client.judgement.count({ where: { judgeKind: HUMAN_JUDGE_KIND, subjectKey: { startsWith: runSubjectPrefix(runId) }, updatedAt: { gt: since } } });
}

/** Human judgements of a study's sessions' answers saved after `since` (`session:<id>:...` keys; see lib/studies/session-judgements.ts). */
export async function countStudyJudgementsSince(studyId: string, since: Date): Promise<number> {
  const sessions = await db.baselineSession.findMany({ where: { studyId }, select: { id: true } });
  if (sessions.length === 0) return 0;
  return db.judgement.count({
    where: { judgeKind: HUMAN_JUDGE_KIND, updatedAt: { gt: since }, OR: sessions.map((s) => ({ subjectKey: { startsWith: sessionSubjectPrefix(s.id) } })) },
  });
}
