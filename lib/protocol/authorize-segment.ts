import "server-only";
import type { DeferredCaller } from "@/lib/auth/deferred-caller";
import { findSessionWithServed, ownsSession, type ParticipantSession } from "./load-session";
import { logServe } from "./log-serve";
import { decideInitAccess, decideSegmentAccess, type RefusalReason } from "./segment-access";
import { SERVE_INDEX } from "./serve-codes";
import { parseResourceParam, verifySegmentSignature, type SignedResource } from "./sign-segment-url";
import { sessionDeadline } from "./time-limit";

export type SegmentAuthorization =
  | { ok: true; session: ParticipantSession; resource: number | "init"; logIndex: number }
  | { ok: false; status: number; reason: RefusalReason | "no_such_session"; message: string };

export const ALREADY_SERVED_MESSAGE = "This part of the video was already played and cannot be watched again.";

const MESSAGES: Record<string, string> = {
  malformed: "This media address is not valid.",
  bad_signature: "This media address is not valid.",
  expired: "This media address has expired; reload the page.",
  wrong_user: "This media address belongs to another session.",
  session_not_active: "This session is over.",
  not_streaming: "This media is not available.",
  no_such_segment: "This media is not available.",
  already_answered: "This part of the video was already answered and cannot be watched again.",
  already_served: ALREADY_SERVED_MESSAGE,
  beyond_unlocked: "This part of the video is not available yet: answer the current question first.",
  nothing_unlocked: "This part of the video is not available yet.",
  consent_required: "Accept the consent form first.",
  no_such_session: "No such session.",
};

function statusFor(reason: string): number {
  if (reason === "no_such_session" || reason === "no_such_segment") return 404;
  if (reason === "already_answered" || reason === "already_served" || reason === "session_not_active") return 410;
  return 403;
}

/**
 * Decides whether a segment request may be served, and logs every decision in SegmentServe.
 * Checks, in order: the index parameter, the session, the signed-in user owns it (the URL is
 * bound to them), consent, the signature (session + user + resource + expiry), the time limit,
 * then the session's progress (segment-access.ts). Refusals carry a status and a message that
 * says nothing about the video beyond what is released.
 */
export async function authorizeSegment(args: {
  sessionId: string;
  /** Settled from the user row read with the session (lib/auth/deferred-caller.ts). */
  caller: DeferredCaller;
  resourceParam: string;
  exp: string | null;
  sig: string | null;
  now?: Date;
}): Promise<SegmentAuthorization> {
  const now = args.now ?? new Date();
  const resource: SignedResource | null = parseResourceParam(args.resourceParam);
  // Progress and the served-once check come in one database call (a segment: anything served at
  // or after it; the init segment and refusals do not need it).
  const { found, user } = await findSessionWithServed(args.sessionId, typeof resource === "number" ? resource : null, args.caller);
  if (!found) return refuse("no_such_session");
  const { session, lastServed } = found;
  const logIndex = resource === null ? SERVE_INDEX.malformed : resource === "init" ? SERVE_INDEX.init : (resource as number);
  const fail = async (reason: RefusalReason | "consent_required") => {
    await logServe(session.id, logIndex, false, reason);
    return refuse(reason);
  };
  if (resource === null || resource === "media") return fail("malformed");
  if (!user || !ownsSession(user, session)) return fail("wrong_user");
  if (!session.consentedAt) return fail("consent_required");
  const verdict = verifySegmentSignature(
    session.signingKey,
    { sessionId: session.id, userId: user.id, resource },
    args.exp,
    args.sig,
    Math.floor(now.getTime() / 1000),
  );
  if (verdict !== "ok") return fail(verdict);
  const deadline = sessionDeadline(session);
  if ((deadline && now > deadline) || session.studyStatus !== "OPEN") return fail("session_not_active");
  const decision =
    resource === "init" ? decideInitAccess(session.loaded.plan, session) : decideSegmentAccess(session.loaded.plan, session, resource);
  if (!decision.allowed) return fail(decision.reason);
  if (typeof resource === "number") {
    // Each segment at most once per session: no replay of what was already played. (Checked
    // here to refuse early; claim-segment-serve.ts makes it atomic when the segment is served.)
    if (lastServed !== null) return fail("already_served");
  }
  return { ok: true, session, resource, logIndex };
}

function refuse(reason: RefusalReason | "no_such_session" | "consent_required"): SegmentAuthorization {
  return { ok: false, status: statusFor(reason), reason: reason as RefusalReason, message: MESSAGES[reason] ?? "Not available." };
}
