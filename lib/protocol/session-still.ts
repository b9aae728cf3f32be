import "server-only";
import type { SessionUser } from "@/lib/auth/request-user";
import { HttpError } from "@/lib/http/http-error";
import { requireOwnSession } from "./load-session";
import { lastServedSegment } from "./last-served";
import { logServe } from "./log-serve";
import { SERVE_INDEX } from "./serve-codes";
import { PRIVATE_MEDIA_HEADERS } from "./serve-segment";
import { segmentLastFramePng } from "./segment-still";
import { enforceTimeLimit } from "./time-limit";

/**
 * `GET /api/sessions/[id]/still`: the picture the participant paused on, for a player that
 * arrives at a question without having played the stretch in this page (a reload at a pause, a
 * second tab): the frame at the current query point, as a still image (nothing to play, nothing
 * to rewind).
 *
 * Rule: the still is exactly the query point's frame (the last frame of the segment ending there,
 * segment-still.ts), and it is served only once that segment itself has been served to this
 * session, i.e. the participant was already given that frame: a still never shows anything the
 * video has not. Otherwise 409 `not_reached`. Logged in SegmentServe (index -5).
 */
export async function sessionStill(user: SessionUser, sessionId: string, now = new Date()): Promise<Response> {
  const session = await requireOwnSession(sessionId, user);
  const refuse = async (status: number, reason: string, message: string): Promise<never> => {
    await logServe(session.id, SERVE_INDEX.still, false, reason);
    throw new HttpError(status, message, reason);
  };
  if (session.protocol !== "STREAMING") await refuse(403, "not_streaming", "This session has no still pictures.");
  await enforceTimeLimit(session, now);
  if (session.status !== "ACTIVE" || session.studyStatus !== "OPEN") await refuse(410, "session_not_active", "This session is over.");
  const { plan } = session.loaded;
  const ask = plan.asks[session.unlockedIndex];
  if (!ask) await refuse(410, "session_not_active", "This session is over.");
  if ((await lastServedSegment(session.id, ask.endSegment, ask.endSegment)) === null) {
    await refuse(409, "not_reached", "The video has not reached this question yet.");
  }
  const png = await segmentLastFramePng(session.loaded, ask.endSegment);
  await logServe(session.id, SERVE_INDEX.still, true, "ok", png.byteLength);
  return new Response(new Uint8Array(png), {
    status: 200,
    headers: { "content-type": "image/png", "content-length": String(png.byteLength), ...PRIVATE_MEDIA_HEADERS },
  });
}
