import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { loadPlans } from "@/lib/protocol/load-plan";
import { parseStudySettings, type StudySettings } from "@/lib/protocol/study-settings";
import { plural } from "@/lib/text/plural";

/**
 * Admin results of a study: per participant and per session (status, progress, scores, answer
 * times, flags: failed attention checks, abandoned sessions; excluded from the human row: failed
 * attention checks when the study excludes them), and the aggregate human row.
 * A session still ACTIVE but not seen for `abandonAfterMinutes` counts as abandoned.
 */
export type SessionResult = {
  id: string;
  videoId: string;
  videoName: string;
  status: "ACTIVE" | "COMPLETED" | "ABANDONED";
  abandoned: boolean;
  /** Closed by the study's time limit (flag `time_limit`, lib/protocol/time-limit.ts). */
  timedOut: boolean;
  answered: number;
  askCount: number;
  startedAt: string;
  lastSeenAt: string;
  finishedAt: string | null;
  latencyMs: { n: number; mean: number | null; median: number | null; max: number | null };
  attentionFailed: string[];
  /** Answers flagged unseen (their stretch was never fully shown; excluded from scoring). */
  unseenAnswers: number;
  scores: Record<string, unknown> | null;
};

export type ParticipantResult = {
  id: string;
  label: string;
  externalSource: string | null;
  externalId: string | null;
  consentedAt: string | null;
  finishedAt: string | null;
  completionCode: string | null;
  sessions: SessionResult[];
  flags: string[];
  /** Why the participant is left out of the human row (the study excludes failed attention checks), else null. */
  excluded: string | null;
};

export type StudyResults = {
  study: { id: string; name: string; protocol: string; status: string; projectId: string; projectName: string; benchmark: string; settings: StudySettings };
  participants: ParticipantResult[];
  summary: {
    participants: number;
    sessions: number;
    completed: number;
    abandoned: number;
    attentionFailures: number;
    /** Participants left out of the human row for a failed attention check (setting excludeFailedAttention). */
    excludedParticipants: number;
    /** Answers flagged unseen, over all sessions. */
    unseenAnswers: number;
    latencyMedianMs: number | null;
  };
  run: { id: string; name: string; aggregates: unknown; scoredAt: string | null } | null;
};

function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export async function studyResults(studyId: string, now = new Date()): Promise<StudyResults> {
  const study = await db.study.findUnique({
    where: { id: studyId },
    select: { id: true, name: true, protocol: true, status: true, projectId: true, settings: true, project: { select: { benchmark: true, name: true } } },
  });
  if (!study) throw new HttpError(404, "No such study.");
  const settings = parseStudySettings(study.settings);
  const participants = await db.studyParticipant.findMany({
    where: { studyId },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      externalSource: true,
      externalId: true,
      consentedAt: true,
      finishedAt: true,
      completionCode: true,
      user: { select: { email: true, name: true } },
      sessions: {
        orderBy: [{ startedAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          videoId: true,
          status: true,
          answeredIndex: true,
          startedAt: true,
          lastSeenAt: true,
          finishedAt: true,
          flags: true,
          scores: true,
          video: { select: { originalName: true } },
          answers: { select: { latencyMs: true, unseen: true } },
        },
      },
    },
  });
  const abandonMs = settings.abandonAfterMinutes * 60_000;
  const allLatencies: number[] = [];
  const out: ParticipantResult[] = [];
  // Every session's ask count from its video's plan (all videos' plans in three queries).
  const plans = await loadPlans(studyId, participants.flatMap((p) => p.sessions.map((s) => s.videoId)), study.protocol);
  for (const p of participants) {
    const sessions: SessionResult[] = [];
    for (const s of p.sessions) {
      const found = plans.get(s.videoId);
      const plan = found instanceof Error ? null : found;
      const lat = s.answers.map((a) => a.latencyMs);
      allLatencies.push(...lat);
      const flags = (s.flags ?? {}) as { attention_failed?: string[]; time_limit?: boolean };
      const abandoned = s.status === "ABANDONED" || (s.status === "ACTIVE" && now.getTime() - s.lastSeenAt.getTime() > abandonMs && s.answers.length > 0);
      sessions.push({
        id: s.id,
        videoId: s.videoId,
        videoName: s.video.originalName,
        status: s.status,
        abandoned,
        timedOut: flags.time_limit === true,
        answered: s.answers.length,
        askCount: plan?.plan.asks.length ?? 0,
        startedAt: s.startedAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        finishedAt: s.finishedAt?.toISOString() ?? null,
        latencyMs: {
          n: lat.length,
          mean: lat.length ? lat.reduce((a, b) => a + b, 0) / lat.length : null,
          median: median(lat),
          max: lat.length ? Math.max(...lat) : null,
        },
        attentionFailed: flags.attention_failed ?? [],
        unseenAnswers: s.answers.filter((a) => a.unseen).length,
        scores: (s.scores as { aggregate?: Record<string, unknown> } | null)?.aggregate ?? null,
      });
    }
    const flags: string[] = [];
    if (sessions.some((s) => s.attentionFailed.length)) flags.push("attention check failed");
    if (sessions.some((s) => s.abandoned)) flags.push("abandoned");
    const unseen = sessions.reduce((n, s) => n + s.unseenAnswers, 0);
    if (unseen) flags.push(plural(unseen, "unseen answer"));
    if (p.consentedAt === null) flags.push("no consent");
    const failed = sessions.some((s) => s.attentionFailed.length);
    out.push({
      id: p.id,
      label: p.externalSource ? `${p.externalSource}:${p.externalId}` : p.user.email,
      externalSource: p.externalSource,
      externalId: p.externalId,
      consentedAt: p.consentedAt?.toISOString() ?? null,
      finishedAt: p.finishedAt?.toISOString() ?? null,
      completionCode: p.completionCode,
      sessions,
      flags,
      excluded: failed && settings.excludeFailedAttention ? "failed an attention check" : null,
    });
  }
  const run = await db.modelRun.findFirst({
    where: { projectId: study.projectId, source: `study:${studyId}`, kind: "HUMAN" },
    select: { id: true, name: true, aggregates: true, scoredAt: true },
  });
  const allSessions = out.flatMap((p) => p.sessions);
  return {
    study: { id: study.id, name: study.name, protocol: study.protocol, status: study.status, projectId: study.projectId, projectName: study.project.name, benchmark: study.project.benchmark, settings },
    participants: out,
    summary: {
      participants: out.length,
      sessions: allSessions.length,
      completed: allSessions.filter((s) => s.status === "COMPLETED").length,
      abandoned: allSessions.filter((s) => s.abandoned).length,
      attentionFailures: allSessions.filter((s) => s.attentionFailed.length).length,
      excludedParticipants: out.filter((p) => p.excluded !== null).length,
      unseenAnswers: allSessions.reduce((n, s) => n + s.unseenAnswers, 0),
      latencyMedianMs: median(allLatencies),
    },
    run: run ? { ...run, scoredAt: run.scoredAt?.toISOString() ?? null } : null,
  };
}

/** Everything that happened in one session, in time order: media requests (allowed or refused) and answers. */
export async function playbackLog(studyId: string, sessionId: string) {
  const session = await db.baselineSession.findFirst({
    where: { id: sessionId, studyId },
    select: {
      id: true,
      status: true,
      serves: { orderBy: { at: "asc" }, select: { at: true, segmentIndex: true, allowed: true, reason: true, bytes: true } },
      answers: { orderBy: { createdAt: "asc" }, select: { createdAt: true, answerKey: true, value: true, latencyMs: true, positionSec: true } },
    },
  });
  if (!session) throw new HttpError(404, "No such session in this study.");
  type LogEvent =
    | { at: string; kind: "serve"; segmentIndex: number; allowed: boolean; reason: string; bytes: number }
    | { at: string; kind: "answer"; answerKey: string; value: unknown; latencyMs: number; positionSec: number };
  const events: LogEvent[] = [
    ...session.serves.map((s) => ({ kind: "serve" as const, at: s.at.toISOString(), segmentIndex: s.segmentIndex, allowed: s.allowed, reason: s.reason, bytes: s.bytes })),
    ...session.answers.map((a) => ({
      kind: "answer" as const,
      at: a.createdAt.toISOString(),
      answerKey: a.answerKey,
      value: a.value,
      latencyMs: a.latencyMs,
      positionSec: a.positionSec,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return { sessionId: session.id, status: session.status, events };
}
