import "server-only";
import { databaseTarget } from "@/lib/db/database-url";
import { directSql } from "@/lib/db/prisma";
import { sqlDate } from "@/lib/db/sql-date";
import { loadPlan } from "@/lib/protocol/load-plan";
import { queueHumanRun } from "./human-run-jobs";
import { loadScoringItems } from "./load-scoring-items";
import { aggregateScores, scoreItem, type ItemScore } from "./score-answers";
import { applySessionJudgements, SESSION_JUDGE_KIND, sessionSubjectPrefix, type SessionJudgementRow } from "./session-judgements";
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
  const session = await sessionToScore(sessionId);
  const answers = await sessionAnswers(sessionId);
  const { plan } = await loadPlan(session.studyId, session.videoId, session.protocol);
  const benchmark = session.benchmark;
  const attention = new Set(plan.asks.filter((a) => a.attentionCheck).map((a) => a.itemId));
  const itemIds = [...new Set(plan.asks.map((a) => a.itemId))];
  const items = await loadScoringItems(itemIds);
  // Reviewers' judgements of this session's answers (VSAS responses, EC enumeration matchings).
  const judgements = await sessionJudgementRows(session.id);
  const scores: ItemScore[] = [];
  const failed: string[] = [];
  for (const itemId of itemIds) {
    const item = items.get(itemId);
    if (!item) continue;
    const itemAnswers = answers
      .filter((a) => a.itemId === itemId && (options.includeUnseen || !a.unseen))
      .map((a) => ({ itemId, queryPointOrdinal: a.queryPointOrdinal, value: a.value }));
    const score = applySessionJudgements(session.id, item, scoreItem(benchmark, item, itemAnswers), judgements.filter((j) => j.itemId === itemId));
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
    unseen_answers: answers.filter((a) => a.unseen).length,
    ...(session.status === "ABANDONED" ? { abandoned: true } : {}),
  };
  const scoresJson = JSON.stringify({ items: Object.fromEntries(scores.map((s) => [s.itemId, s])), aggregate: aggregateScores(benchmark, realItems, scores) });
  const flagsJson = JSON.stringify(flags);
  if (databaseTarget().provider === "postgresql") {
    await directSql.execute`UPDATE "BaselineSession" SET "scores" = ${scoresJson}::jsonb, "flags" = ${flagsJson}::jsonb WHERE "id" = ${session.id}`;
  } else {
    await directSql.execute`UPDATE "BaselineSession" SET "scores" = ${scoresJson}, "flags" = ${flagsJson} WHERE "id" = ${session.id}`;
  }
  const [active] = await directSql.query<{ n: unknown }[]>`
    SELECT COUNT(*) AS "n" FROM "BaselineSession" WHERE "participantId" = ${session.participantId} AND "status" = 'ACTIVE'`;
  if (Number(active?.n ?? 0) === 0) {
    const settings = parseStudySettings(JSON.parse(session.settingsText));
    await directSql.execute`
      UPDATE "StudyParticipant" SET "finishedAt" = ${new Date()}, "completionCode" = ${settings.completionCode || null}
      WHERE "id" = ${session.participantId} AND "finishedAt" IS NULL`;
  }
  if (options.updateRun ?? true) await queueHumanRun(session.studyId);
}

type SessionToScore = {
  id: string;
  studyId: string;
  videoId: string;
  participantId: string;
  status: string;
  flags: unknown;
  protocol: "STREAMING" | "FREE_REWATCH";
  settingsText: string;
  benchmark: string;
};

/**
 * The session with its study's protocol and settings and its project's benchmark, in one
 * statement (direct statements, lib/db/direct-sql.ts: a launch's participants finish together,
 * and through the ORM scoring a session took a dozen statements).
 */
async function sessionToScore(sessionId: string): Promise<SessionToScore> {
  const [row] = await directSql.query<Record<string, unknown>[]>`
    SELECT s."id", s."studyId", s."videoId", s."participantId", s."status", CAST(s."flags" AS TEXT) AS "flagsText",
      st."protocol", CAST(st."settings" AS TEXT) AS "settingsText", pr."benchmark"
    FROM "BaselineSession" s JOIN "Study" st ON st."id" = s."studyId" JOIN "Project" pr ON pr."id" = st."projectId"
    WHERE s."id" = ${sessionId}`;
  if (!row) throw new Error(`finishSession: no session ${sessionId}`);
  return {
    id: String(row.id),
    studyId: String(row.studyId),
    videoId: String(row.videoId),
    participantId: String(row.participantId),
    status: String(row.status),
    flags: row.flagsText === null || row.flagsText === undefined ? null : JSON.parse(String(row.flagsText)),
    protocol: String(row.protocol) as SessionToScore["protocol"],
    settingsText: String(row.settingsText),
    benchmark: String(row.benchmark),
  };
}

/** The session's answers with the ordinal of their query point (null: an answer to the whole item). */
async function sessionAnswers(sessionId: string): Promise<{ itemId: string; value: unknown; unseen: boolean; queryPointOrdinal: number | null }[]> {
  const rows = await directSql.query<Record<string, unknown>[]>`
    SELECT a."itemId", CAST(a."value" AS TEXT) AS "valueText", a."unseen", q."ordinal"
    FROM "Answer" a LEFT JOIN "QueryPoint" q ON q."id" = a."queryPointId"
    WHERE a."sessionId" = ${sessionId} ORDER BY a."createdAt" ASC, a."id" ASC`;
  return rows.map((r) => ({
    itemId: String(r.itemId),
    value: r.valueText === null || r.valueText === undefined ? null : JSON.parse(String(r.valueText)),
    unseen: r.unseen === true || r.unseen === 1 || r.unseen === "1" || r.unseen === "t" || r.unseen === "true",
    queryPointOrdinal: r.ordinal === null || r.ordinal === undefined ? null : Number(r.ordinal),
  }));
}

/** Reviewers' judgements under the session's subject keys (`session:<id>:…`). */
async function sessionJudgementRows(sessionId: string): Promise<SessionJudgementRow[]> {
  // LIKE with its wildcards escaped: the prefix is matched literally.
  const pattern = `${sessionSubjectPrefix(sessionId).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await directSql.query<Record<string, unknown>[]>`
    SELECT "itemId", "subjectKey", CAST("verdict" AS TEXT) AS "verdictText", "updatedAt" FROM "Judgement"
    WHERE "judgeKind" = ${SESSION_JUDGE_KIND} AND "subjectKey" LIKE ${pattern} ESCAPE '\\'`;
  return rows.map((r) => ({
    itemId: String(r.itemId),
    subjectKey: String(r.subjectKey),
    verdict: JSON.parse(String(r.verdictText)),
    updatedAt: sqlDate(r.updatedAt),
  }));
}
