import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import type { ParticipantSession } from "./load-session";

/** When the participant's time runs out (consent + time limit), or null without a limit. */
export function sessionDeadline(session: Pick<ParticipantSession, "consentedAt" | "settings">): Date | null {
  if (!session.consentedAt || session.settings.timeLimitMinutes === null) return null;
  return new Date(session.consentedAt.getTime() + session.settings.timeLimitMinutes * 60_000);
}

/**
 * Refuses (410) once the time limit has passed, closing the participant's unfinished sessions as
 * ABANDONED with the flag `time_limit`.
 */
export async function enforceTimeLimit(session: ParticipantSession, now = new Date()): Promise<void> {
  const deadline = sessionDeadline(session);
  if (!deadline || now <= deadline) return;
  await db.baselineSession.updateMany({
    where: { participantId: session.participantId, status: "ACTIVE" },
    data: { status: "ABANDONED", finishedAt: now, flags: { time_limit: true } },
  });
  throw new HttpError(410, "The time limit of this study has passed.", "time_limit");
}
