import "server-only";
import type { DeferredCaller } from "@/lib/auth/deferred-caller";
import { HttpError } from "@/lib/http/http-error";
import { requireOwnSessionWithServed } from "./load-session";
import { logServe } from "./log-serve";
import { SERVE_INDEX } from "./serve-codes";
import { PRIVATE_MEDIA_HEADERS } from "./serve-segment";
import { signedStretchPlaylist } from "./signed-stretch-playlist";
import { lastServedInRange } from "./last-served";
import { currentStretch, unplayedStretch } from "./stretch";
import { enforceTimeLimit } from "./time-limit";
import { touchSession } from "./touch-session";

/**
 * `GET /api/sessions/[id]/playlist.m3u8`: the session's own HLS playlist, listing only the
 * current stretch (segments after the last answered query point up to the unlocked one), each
 * URL signed for this session and user with a short expiry; the init segment's URL is the same for
 * every stretch of the day, so the browser keeps it (lib/protocol/init-segment-url.ts). Logged in
 * SegmentServe (index -2).
 */
export async function sessionPlaylist(caller: DeferredCaller, sessionId: string, now = new Date()): Promise<Response> {
  // The caller's user row, progress and the highest segment ever served, in one database call.
  const { session, lastServed: maxServed, user } = await requireOwnSessionWithServed(sessionId, caller, 0);
  const refuse = async (status: number, reason: string, message: string) => {
    await logServe(session.id, SERVE_INDEX.playlist, false, reason);
    throw new HttpError(status, message, reason);
  };
  if (session.protocol !== "STREAMING") await refuse(403, "not_streaming", "This session has no playlist.");
  await enforceTimeLimit(session, now);
  if (session.status !== "ACTIVE" || session.studyStatus !== "OPEN") await refuse(410, "session_not_active", "This session is over.");
  const whole = currentStretch(session.loaded.plan, session);
  // Only what this session has not been served yet (a reload resumes, it does not replay).
  const stretch = unplayedStretch(whole, await lastServedInRange(session.id, maxServed, whole.first, whole.last));
  if (!stretch.segments.length) await refuse(409, "nothing_unlocked", "No new video before the current question: answer it.");
  const text = signedStretchPlaylist(session, user.id, stretch, now);
  await logServe(session.id, SERVE_INDEX.playlist, true, "ok", Buffer.byteLength(text));
  await touchSession(session, now);
  return new Response(text, {
    status: 200,
    headers: { "content-type": "application/vnd.apple.mpegurl; charset=utf-8", ...PRIVATE_MEDIA_HEADERS },
  });
}
