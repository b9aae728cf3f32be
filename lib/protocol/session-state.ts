import "server-only";
import { db } from "@/lib/db/prisma";
import { nextActiveSession } from "./next-session";
import type { ParticipantSession } from "./load-session";
import type { ParticipantQuestion } from "./participant-question";
import { participantQuestions } from "./participant-items";
import { MEDIA_URL_TTL_SECONDS } from "./serve-media";
import { signedResourcePath } from "./sign-segment-url";
import { lastServedSegment } from "./last-served";
import { openStretch, unplayedStretch } from "./stretch";
import { stretchProgress } from "./stretch-progress";
import { sessionDeadline } from "./time-limit";

/**
 * What the participant's player gets: progress, the current question and where to play from.
 * Participant-safe by construction: no truth, no stored answer values, no item ids or labels, no
 * time beyond the current (unlocked) query point.
 */
export type SessionState = {
  sessionId: string;
  protocol: "STREAMING" | "FREE_REWATCH";
  status: "ACTIVE" | "COMPLETED" | "ABANDONED";
  version: number;
  /** Whether the given tab holds the session's lease (may answer). */
  isActiveTab: boolean;
  askCount: number;
  answeredCount: number;
  playbackRate: number;
  allowVoluntaryPause: boolean;
  deadline: string | null;
  streaming: null | {
    askIndex: number | null;
    question: ParticipantQuestion | null;
    /** The stretch to play before the question: its HLS start and duration (0 = none: answer at once). */
    stretch: { startSec: number; durationSec: number } | null;
    playlistUrl: string | null;
    /**
     * The stretch's playlist itself (HLS text, URLs signed as the playlist route signs them), in
     * the response of the answer that unlocked it only (submit-answer.ts): the player resumes
     * with it instead of requesting `playlistUrl`, one round trip fewer between an answer and the
     * next video. Null in every other state (a page load or reload requests `playlistUrl` once
     * the participant presses "Start": a page that is merely open has been served nothing).
     */
    playlist: string | null;
    /**
     * Part of the video before this question was served but can never be shown (a reload while it
     * played, a skipped segment): the answer will be kept but flagged unseen (stretch-coverage.ts).
     */
    unseen: boolean;
  };
  freeRewatch: null | {
    mediaUrl: string | null;
    asks: { askIndex: number; question: ParticipantQuestion; answered: boolean }[];
  };
  /** The participant's next unfinished session, if any (to go on after this one). */
  nextSessionId: string | null;
};

/**
 * `opts.freshStretch`: the current stretch was unlocked just now (an answer was accepted in this
 * request), so none of its segments can have been served yet: skips looking for served segments.
 */
export async function sessionState(
  session: ParticipantSession,
  tabId: string | null,
  now = new Date(),
  opts: { freshStretch?: boolean } = {},
): Promise<SessionState> {
  const { plan } = session.loaded;
  const deadline = sessionDeadline(session);
  const active = session.status === "ACTIVE";
  const base = {
    sessionId: session.id,
    protocol: session.protocol,
    status: session.status,
    version: session.version,
    isActiveTab: !!tabId && tabId === session.activeTabId,
    askCount: plan.asks.length,
    answeredCount: Math.max(0, session.answeredIndex + 1),
    playbackRate: session.settings.playbackRate,
    allowVoluntaryPause: session.settings.allowVoluntaryPause,
    deadline: deadline ? deadline.toISOString() : null,
    // Only needed once this session is over (where to go next); spares a query on every answer.
    nextSessionId: active && session.unlockedIndex < plan.asks.length ? null : await nextActiveSession(session.participantId, session.id),
  };
  if (session.protocol === "STREAMING") {
    const open = openStretch(plan, session);
    const askIndex = open?.askIndex ?? null;
    const ask = askIndex === null ? null : plan.asks[askIndex];
    const questions = ask ? await participantQuestions([ask.itemId], false) : new Map();
    const whole = open?.stretch ?? null;
    const stretch = whole && !opts.freshStretch ? unplayedStretch(whole, await lastServedSegment(session.id, whole.first, whole.last)) : whole;
    const unseen = ask && !opts.freshStretch ? (await stretchProgress(session)).coverage === "lost" : false;
    return {
      ...base,
      streaming: {
        askIndex,
        question: ask ? questions.get(ask.itemId) ?? null : null,
        stretch: stretch ? { startSec: stretch.mediaStartSec, durationSec: stretch.durationSec } : null,
        playlistUrl: stretch && stretch.segments.length ? `/api/sessions/${session.id}/playlist.m3u8?v=${session.version}` : null,
        playlist: null,
        unseen,
      },
      freeRewatch: null,
    };
  }
  const answered = await db.answer.findMany({ where: { sessionId: session.id }, select: { answerKey: true } });
  const answeredKeys = new Set(answered.map((a) => a.answerKey));
  const questions = await participantQuestions(plan.asks.map((a) => a.itemId), true);
  const exp = Math.floor(now.getTime() / 1000) + MEDIA_URL_TTL_SECONDS;
  return {
    ...base,
    answeredCount: answeredKeys.size,
    streaming: null,
    freeRewatch: {
      mediaUrl: active
        ? signedResourcePath(session.signingKey, { sessionId: session.id, userId: session.userId, resource: "media", exp })
        : null,
      asks: plan.asks.map((a) => ({ askIndex: a.index, question: questions.get(a.itemId)!, answered: answeredKeys.has(a.answerKey) })),
    },
  };
}
