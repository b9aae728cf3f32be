import "server-only";
import { db } from "@/lib/db/prisma";
import { loadPlan } from "@/lib/protocol/load-plan";
import { queueHumanRun } from "./human-run-jobs";
import { loadScoringItems } from "./load-scoring-items";
import { aggregateScores, scoreItem, type ItemScore } from "./score-answers";
import { applySessionJudgements, SESSION_JUDGE_KIND, sessionSubjectPrefix } from "./session-judgements";
import { parseStudySettings } from "@/lib/protocol/study-settings";

/**
 * Scores a session that has just finished (or is re-scored), records attention-check failures as
 * flags, completes the participant when none of their sessions is still active, and refreshes
 * the study's human row on the leaderboard (queued: human-run-jobs.ts, once per burst of finished
 * sessions). Idempotent.
 *
 * Answers flagged `unseen` (their stretch was never fully shown: lib/protocol/stretch-coverage.ts)
 * are left out of the scores unless `includeUnseen`; their count is kept in the session's flags
 * (`unseen_answers`) for the results page and the human row.
 */
export async function finishSession(sessionId: string, options: { updateRun?: boolean; includeUnseen?: boolean } = {}): Promise<void> {
  const session = await db.baselineSession.findUniqueOrThrow({
    where: { id: sessionId },
    select: {
      id: true,
      studyId: true,
      videoId: true,
      participantId: true,
      status: true,
      flags: true,
      study: { select: { protocol: true, settings: true, project: { select: { benchmark: true } } } },
      answers: { select: { itemId: true, value: true, unseen: true, queryPoint: { select: { ordinal: true } } } },
    },
  });
  const { plan } = await loadPlan(session.studyId, session.videoId, session.study.protocol);
  const benchmark = session.study.project.benchmark;
  const attention = new Set(plan.asks.filter((a) => a.attentionCheck).map((a) => a.itemId));
  const itemIds = [...new Set(plan.asks.map((a) => a.itemId))];
  const items = await loadScoringItems(itemIds);
  // Reviewers' judgements of this session's answers (VSAS responses, EC enumeration matchings).
  const judgements = await db.judgement.findMany({
    where: { judgeKind: SESSION_JUDGE_KIND, subjectKey: { startsWith: sessionSubjectPrefix(session.id) } },
    select: { itemId: true, subjectKey: true, verdict: true, updatedAt: true },
  });
  const scores: ItemScore[] = [];
  const failed: string[] = [];
  for (const itemId of itemIds) {
    const item = items.get(itemId);
    if (!item) continue;
    const answers = session.answers
      .filter((a) => a.itemId === itemId && (options.includeUnseen || !a.unseen))
      .map((a) => ({ itemId, queryPointOrdinal: a.queryPoint?.ordinal ?? null, value: a.value }));
    const score = applySessionJudgements(session.id, item, scoreItem(benchmark, item, answers), judgements.filter((j) => j.itemId === itemId));
    if (attention.has(itemId)) {
      if (score.scores.correct !== 1) failed.push(item.externalId);
    } else {
      scores.push(score);
    }
  }
  const realItems = [...items.values()].filter((i) => !attention.has(i.itemId));
  const previous = session.flags && typeof session.flags === "object" && !Array.isArray(session.flags) ? (session.flags as Record<string, unknown>) : {};
  const flags = {
    ...previous,
    attention_checks: attention.size,
    attention_failed: failed,
    unseen_answers: session.answers.filter((a) => a.unseen).length,
    ...(session.status === "ABANDONED" ? { abandoned: true } : {}),
  };
  await db.baselineSession.update({
    where: { id: session.id },
    data: {
      scores: { items: Object.fromEntries(scores.map((s) => [s.itemId, s])), aggregate: aggregateScores(benchmark, realItems, scores) } as never,
      flags: flags as never,
    },
  });
  const stillActive = await db.baselineSession.count({ where: { participantId: session.participantId, status: "ACTIVE" } });
  if (stillActive === 0) {
    const settings = parseStudySettings(session.study.settings);
    await db.studyParticipant.updateMany({
      where: { id: session.participantId, finishedAt: null },
      data: { finishedAt: new Date(), completionCode: settings.completionCode || null },
    });
  }
  if (options.updateRun ?? true) await queueHumanRun(session.studyId);
}
