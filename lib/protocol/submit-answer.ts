import "server-only";
import type { DeferredCaller } from "@/lib/auth/deferred-caller";
import type { SessionUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { fieldIssues, describeIssues } from "@/lib/http/zod-issues";
import type { AnswerBody } from "./answer-body";
import { answerSchemaFor } from "./answer-schemas";
import { requireOwnSession, type ParticipantSession } from "./load-session";
import { sessionState } from "./session-state";
import { participantQuestions } from "./participant-items";
import { SERVE_INDEX } from "./serve-codes";
import { recordedLatency, stretchTiming } from "./stretch-timing";
import { stretchProgress } from "./stretch-progress";
import { enforceTimeLimit } from "./time-limit";
import { recordAnswer } from "./record-answer";
import { signedStretchPlaylist } from "./signed-stretch-playlist";
import { openStretch } from "./stretch";

/**
 * `POST /api/sessions/[id]/answers`: stores one answer, once, and advances the session.
 *
 * Refusals (nothing is changed by any of them):
 * - 404 not the caller's session; 403 no consent; 410 session over / time limit;
 * - 409 `tab_superseded` (another tab holds the lease), `stale_version`, `already_answered`
 *   (a second submission for an answer key), `not_reached` (a later query point, or the current
 *   one before it could have been watched at the fixed rate), `stretch_not_served` (the video
 *   before the current query point has not all been served yet and still can be: play it first);
 * - 400 an answer that does not fit the question (naming the field).
 * Accepting the answer is the unlock: in one transaction the Answer row is inserted (unique per
 * session + answer key) and the session advanced by compare-and-set (unlock-next-query-point.ts).
 * An answer whose stretch can never be fully served any more (stretch-coverage.ts `lost`) is
 * accepted and stored with `unseen: true`.
 *
 * `onCompleted` runs once the session's last answer is stored (scoring, completion: the caller
 * passes lib/studies' finishSession; the protocol does not import the domain above it).
 */
export async function submitAnswer(
  who: SessionUser | DeferredCaller,
  sessionId: string,
  body: AnswerBody,
  onCompleted: (sessionId: string) => Promise<void>,
  now = new Date(),
) {
  const session = await requireOwnSession(sessionId, who);
  await enforceTimeLimit(session, now);
  if (session.status !== "ACTIVE" || session.studyStatus !== "OPEN") throw new HttpError(410, "This session is over.", "session_not_active");
  const { plan } = session.loaded;
  const ask = plan.asks[body.askIndex];
  if (!ask) throw new HttpError(404, "No such question in this session.", "no_such_question");
  if (session.activeTabId !== body.tabId) {
    throw new HttpError(409, "This session continues in another tab.", "tab_superseded");
  }

  let positionSec: number;
  let latencyMs: number;
  let unseen = false;
  if (session.protocol === "STREAMING") {
    if (body.askIndex <= session.answeredIndex) throw new HttpError(409, "This question was already answered.", "already_answered");
    if (body.askIndex > session.unlockedIndex) throw new HttpError(409, "This question has not been reached yet.", "not_reached");
    const timing = await streamingTiming(session, now);
    if (timing.coverage === "pending") {
      throw new HttpError(
        409,
        "The video before this question has not been shown yet: play it up to the pause first.",
        "stretch_not_served",
      );
    }
    if (!timing.reached) {
      throw new HttpError(409, "This question has not been reached yet: watch the video up to the pause first.", "not_reached");
    }
    unseen = timing.coverage === "lost";
    latencyMs = recordedLatency(timing.latencyMs, body.latencyMs);
    positionSec = plan.segments[ask.endSegment].mediaEndSec;
  } else {
    const existing = await db.answer.findUnique({
      where: { sessionId_answerKey: { sessionId: session.id, answerKey: ask.answerKey } },
      select: { id: true },
    });
    if (existing) throw new HttpError(409, "This question was already answered; answers are locked.", "already_answered");
    latencyMs = recordedLatency(await freeRewatchLatency(session, now), body.latencyMs);
    positionSec = Math.max(0, body.positionSec ?? 0);
  }
  if (body.version !== session.version) {
    throw new HttpError(409, "This session changed in the meantime. Reload to continue.", "stale_version");
  }

  const question = (await participantQuestions([ask.itemId], session.protocol === "FREE_REWATCH")).get(ask.itemId);
  if (!question) throw new HttpError(404, "No such question in this session.", "no_such_question");
  const parsed = answerSchemaFor(question).safeParse(body.answer);
  if (!parsed.success) {
    const issues = fieldIssues(parsed.error, "answer");
    throw new HttpError(400, describeIssues(issues), "invalid_input", issues);
  }

  // The next stretch's playlist, given with the acceptance and logged with it (nextStretchPlaylist).
  let playlist: string | null = null;
  // The compare-and-set advance and the Answer insert (unique per session and answer key), atomically
  // (record-answer.ts): either fails → nothing changed.
  const result = await recordAnswer(
    {
      sessionId: session.id,
      version: session.version,
      tabId: body.tabId,
      answeredIndex: session.answeredIndex,
      protocol: session.protocol,
      askCount: plan.asks.length,
      now,
    },
    { itemId: ask.itemId, queryPointId: ask.queryPointId, answerKey: ask.answerKey, value: parsed.data, latencyMs, positionSec, unseen },
    session.protocol === "STREAMING"
      ? (next) => {
          playlist = nextStretchPlaylist({ ...session, ...next }, now);
          return playlist === null ? null : { segmentIndex: SERVE_INDEX.playlist, bytes: Buffer.byteLength(playlist) };
        }
      : undefined,
  );
  if (result.completed) await onCompleted(session.id);
  // The next stretch comes with the acceptance: the player resumes without another round trip.
  const after: ParticipantSession = {
    ...session,
    version: result.version,
    answeredIndex: result.answeredIndex,
    unlockedIndex: result.unlockedIndex,
    status: result.status,
  };
  const state = await sessionState(after, body.tabId, now, { freshStretch: session.protocol === "STREAMING" });
  if (state.streaming) state.streaming.playlist = state.streaming.playlistUrl ? playlist : null;
  return { accepted: true as const, version: result.version, completed: result.completed, state };
}

/**
 * The playlist of the stretch an answer unlocks, given with the acceptance (SessionState
 * `streaming.playlist`): the whole stretch (none of it can have been served yet), signed as the
 * playlist route signs it for the session's owner (the caller, checked above); null when the
 * session ends or the stretch is empty (the same frame: answered at once). recordAnswer logs it
 * as the route logs a playlist it serves (SegmentServe index -2), in the answer's own statement.
 */
function nextStretchPlaylist(after: ParticipantSession & { status: string }, now: Date): string | null {
  const open = openStretch(after.loaded.plan, after);
  return open && open.stretch.segments.length ? signedStretchPlaylist(after, after.userId, open.stretch, now) : null;
}

async function streamingTiming(session: ParticipantSession, now: Date) {
  const { stretch, unlockedAt, served, coverage } = await stretchProgress(session);
  // The stretch is timed from the first of its segments that was served (all of it unless some
  // segments were lost) to its end.
  const firstServed = served.length ? served.reduce((a, b) => (b.index < a.index ? b : a)) : null;
  const durationSec = stretch.segments.length && firstServed ? stretch.segments[stretch.segments.length - 1].mediaEndSec - firstServed.mediaStartSec : 0;
  const timing = stretchTiming({
    now: now.getTime(),
    unlockedAt,
    durationSec: stretch.segments.length ? durationSec : 0,
    playbackRate: session.settings.playbackRate,
    enforceRealtime: session.settings.enforceRealtime,
    firstServeAt: firstServed ? served.find((x) => x.index === firstServed.index)!.at : null,
    lastSegmentServeAt: served.find((x) => x.index === stretch.last)?.at ?? null,
  });
  return { ...timing, coverage };
}

/** Free rewatch: time since the previous answer, or since the video was first requested. */
async function freeRewatchLatency(session: ParticipantSession, now: Date): Promise<number> {
  const [lastAnswer, firstServe] = await Promise.all([
    db.answer.findFirst({ where: { sessionId: session.id }, orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
    db.segmentServe.findFirst({
      where: { sessionId: session.id, segmentIndex: SERVE_INDEX.media, allowed: true },
      orderBy: { at: "asc" },
      select: { at: true },
    }),
  ]);
  const since = lastAnswer?.createdAt ?? firstServe?.at ?? session.startedAt;
  return Math.max(0, now.getTime() - since.getTime());
}
