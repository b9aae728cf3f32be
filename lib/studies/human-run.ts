import "server-only";
import { db } from "@/lib/db/prisma";
import { parseStudySettings } from "@/lib/protocol/study-settings";
import { jsonValue } from "./json-value";
import { loadScoringItems } from "./load-scoring-items";
import { aggregateScores, type ItemScore } from "./score-answers";

/** Name of a study's human row on the project leaderboard (unique per project). */
export function humanRunName(studyName: string): string {
  return `Human baseline: ${studyName}`.slice(0, 200);
}

/**
 * Creates or refreshes the study's ModelRun (kind HUMAN, source `study:<id>`) from the scores of
 * its COMPLETED sessions (attention-check items excluded): one RunItemResult per item (several
 * participants on an item → raw lists every answer, scores are their means) and aggregates
 * computed with the same lib/metrics code as model runs (each participant-question counts once,
 * as a model's question would). With the study setting `excludeFailedAttention`, every session of
 * a participant who failed an attention check (in any session) is left out; the aggregates count
 * them (`n_excluded_attention`).
 */
export async function updateHumanRun(studyId: string): Promise<string> {
  const study = await db.study.findUniqueOrThrow({
    where: { id: studyId },
    select: { id: true, name: true, projectId: true, settings: true, project: { select: { benchmark: true, truthVersion: true } } },
  });
  const exclude = parseStudySettings(study.settings).excludeFailedAttention;
  const failedAttention = await failedAttentionParticipants(studyId);
  const completed = await db.baselineSession.findMany({
    where: { studyId, status: "COMPLETED" },
    select: { id: true, participantId: true, scores: true, _count: { select: { answers: { where: { unseen: true } } } } },
    orderBy: [{ finishedAt: "asc" }, { id: "asc" }],
  });
  const sessions = exclude ? completed.filter((s) => !failedAttention.has(s.participantId)) : completed;
  const all: ItemScore[] = [];
  const byItem = new Map<string, ItemScore[]>();
  for (const s of sessions) {
    const items = ((s.scores as { items?: Record<string, ItemScore> } | null)?.items ?? {}) as Record<string, ItemScore>;
    for (const score of Object.values(items)) {
      all.push(score);
      const list = byItem.get(score.itemId) ?? [];
      list.push(score);
      byItem.set(score.itemId, list);
    }
  }
  const items = await loadScoringItems([...byItem.keys()]);
  const aggregates = {
    ...aggregateScores(study.project.benchmark, [...items.values()], all),
    n_sessions: sessions.length,
    n_participants: new Set(sessions.map((s) => s.participantId)).size,
    /** Answers given to a stretch that was never fully shown (excluded from the scores). */
    n_unseen: sessions.reduce((n, s) => n + s._count.answers, 0),
    /** Whether participants who failed an attention check were left out (the study setting), and how many were. */
    exclude_failed_attention: exclude,
    n_excluded_attention: exclude ? new Set(completed.filter((s) => failedAttention.has(s.participantId)).map((s) => s.participantId)).size : 0,
  };
  const name = humanRunName(study.name);
  const source = `study:${study.id}`;
  return db.$transaction(async (tx) => {
    const existing = await tx.modelRun.findFirst({ where: { projectId: study.projectId, source, kind: "HUMAN" }, select: { id: true } });
    const data = {
      name,
      kind: "HUMAN" as const,
      source,
      status: "DONE" as const,
      truthVersion: study.project.truthVersion,
      stale: false,
      aggregates: aggregates as never,
      problems: [] as never,
      scoredAt: new Date(),
    };
    const run = existing
      ? await tx.modelRun.update({ where: { id: existing.id }, data, select: { id: true } })
      : await tx.modelRun.create({ data: { ...data, projectId: study.projectId }, select: { id: true } });
    await tx.runItemResult.deleteMany({ where: { runId: run.id } });
    if (byItem.size) {
      await tx.runItemResult.createMany({
        data: [...byItem].map(([itemId, list]) => ({
          runId: run.id,
          itemId,
          raw: jsonValue(list.length === 1 ? list[0].raw : list.map((l) => l.raw)),
          parsed: jsonValue(list.length === 1 ? list[0].parsed : list.map((l) => l.parsed)),
          valid: list.some((l) => l.valid),
          scores: meanScores(list) as never,
        })),
      });
    }
    return run.id;
  });
}

/** Participants of the study with a failed attention check in any session (flag `attention_failed`, lib/studies/finish-session.ts). */
export async function failedAttentionParticipants(studyId: string): Promise<Set<string>> {
  const flagged = await db.baselineSession.findMany({ where: { studyId }, select: { participantId: true, flags: true } });
  return new Set(flagged.filter((s) => attentionFailed(s.flags)).map((s) => s.participantId));
}

/** A session's flags name a failed attention check. */
export function attentionFailed(flags: unknown): boolean {
  const list = (flags as { attention_failed?: unknown } | null)?.attention_failed;
  return Array.isArray(list) && list.length > 0;
}

function meanScores(list: readonly ItemScore[]): Record<string, number | null> {
  const keys = new Set(list.flatMap((l) => Object.keys(l.scores)));
  const out: Record<string, number | null> = {};
  for (const k of keys) {
    const values = list.map((l) => l.scores[k]).filter((v): v is number => typeof v === "number" && Number.isFinite(v));
    out[k] = values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  }
  if (list.length > 1) out.n_participants = list.length;
  return out;
}
