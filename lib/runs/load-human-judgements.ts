import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { HUMAN_JUDGE_KIND, runSubjectPrefix, type JudgementRow } from "./human-judgements";

/** Every human Judgement of a run (subject keys `run:<runId>:...`), oldest first. */
export async function loadHumanJudgements(runId: string): Promise<JudgementRow[]> {
  return db.judgement.findMany({
    where: { judgeKind: HUMAN_JUDGE_KIND, subjectKey: { startsWith: runSubjectPrefix(runId) } },
    select: { itemId: true, judgeId: true, subjectKey: true, verdict: true, updatedAt: true },
    orderBy: { updatedAt: "asc" },
  });
}

/** Flags the run for rescoring (its human judgements changed); the rescoring loop picks it up. */
export async function markRunJudged(runId: string): Promise<void> {
  await db.modelRun.updateMany({ where: { id: runId }, data: { stale: true } });
}

/** Human judgements of the run saved after `since` (a rescoring that read them earlier is out of date). */
export async function countJudgementsSince(runId: string, since: Date, client: DbTx = db): Promise<number> {
  return client.judgement.count({ where: { judgeKind: HUMAN_JUDGE_KIND, subjectKey: { startsWith: runSubjectPrefix(runId) }, updatedAt: { gt: since } } });
}
