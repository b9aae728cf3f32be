import "server-only";
import { db } from "@/lib/db/prisma";
import { HUMAN_JUDGE_KIND } from "@/lib/runs/human-judgements";
import { sessionSubjectPrefix, type SessionJudgementRow } from "@/lib/studies/session-judgements";

/** One participant's answer to judge: a COMPLETED session's answer to an item (not an unseen one); `value` unless left out. */
export type StudyAnswer = { sessionId: string; participant: string; itemId: string; value?: unknown };

/**
 * The answers of a study's completed sessions to judge (attention checks and unseen answers are
 * not scored, so not judged either), in session then item order; `participant` is an anonymous
 * label ("participant 3", by the order sessions finished), as reviewers judge the answer, not the person.
 */
export async function loadStudyAnswers(studyId: string, itemIds?: readonly string[], options: { values?: boolean } = {}): Promise<StudyAnswer[]> {
  const values = options.values ?? true;
  const sessions = await db.baselineSession.findMany({
    where: { studyId, status: "COMPLETED" },
    select: { id: true, participantId: true, answers: { where: { unseen: false, ...(itemIds ? { itemId: { in: [...itemIds] } } : {}) }, select: { itemId: true, value: values } } },
    orderBy: [{ finishedAt: "asc" }, { id: "asc" }],
  });
  const labels = new Map<string, number>();
  const out: StudyAnswer[] = [];
  for (const s of sessions) {
    if (!labels.has(s.participantId)) labels.set(s.participantId, labels.size + 1);
    for (const a of s.answers) out.push({ sessionId: s.id, participant: `participant ${labels.get(s.participantId)}`, itemId: a.itemId, ...(values ? { value: a.value } : {}) });
  }
  return out;
}

/** The human judgements of a study's sessions. */
export async function loadSessionJudgements(sessionIds: readonly string[]): Promise<(SessionJudgementRow & { judgeId: string | null })[]> {
  if (sessionIds.length === 0) return [];
  return db.judgement.findMany({
    where: { judgeKind: HUMAN_JUDGE_KIND, OR: [...new Set(sessionIds)].map((id) => ({ subjectKey: { startsWith: sessionSubjectPrefix(id) } })) },
    select: { itemId: true, judgeId: true, subjectKey: true, verdict: true, updatedAt: true },
    orderBy: { updatedAt: "asc" },
  });
}

/** Whether `sessionId` is a completed session of the study with an answer to the item; its answer value. */
export async function studySessionAnswer(studyId: string, sessionId: string, itemId: string): Promise<{ value: unknown } | null> {
  const answer = await db.answer.findFirst({
    where: { sessionId, itemId, unseen: false, session: { studyId, status: "COMPLETED" } },
    select: { value: true },
  });
  return answer ? { value: answer.value } : null;
}
