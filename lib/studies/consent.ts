import "server-only";
import type { SessionUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { requireParticipantRole } from "@/lib/protocol/participant-roles";
import { assignParticipant } from "./assign-participant";

/**
 * The participant accepts the consent text: consentedAt is set (once; the time limit counts from
 * it) and their videos are assigned. Returns the first unfinished session (null: nothing to do,
 * e.g. every video already has its participant).
 */
export async function giveConsent(studyId: string, user: SessionUser): Promise<{ sessionId: string | null }> {
  requireParticipantRole(user.role);
  const participant = await db.studyParticipant.findUnique({
    where: { studyId_userId: { studyId, userId: user.id } },
    select: { id: true, consentedAt: true, study: { select: { status: true } } },
  });
  if (!participant) throw new HttpError(404, "Open the study link first.");
  if (participant.study.status !== "OPEN") throw new HttpError(410, "This study is not open.", "study_closed");
  if (!participant.consentedAt) {
    await db.studyParticipant.updateMany({ where: { id: participant.id, consentedAt: null }, data: { consentedAt: new Date() } });
  }
  await assignParticipant(studyId, participant.id);
  return { sessionId: await nextSession(participant.id) };
}

export async function nextSession(participantId: string): Promise<string | null> {
  const next = await db.baselineSession.findFirst({
    where: { participantId, status: "ACTIVE" },
    orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return next?.id ?? null;
}
