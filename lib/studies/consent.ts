import "server-only";
import type { SessionUser } from "@/lib/auth/request-user";
import { directSql } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { nextActiveSession } from "@/lib/protocol/next-session";
import { requireParticipantRole } from "@/lib/protocol/participant-roles";
import { assignParticipant } from "./assign-participant";

/**
 * The participant accepts the consent text: consentedAt is set (once; the time limit counts from
 * it) and their videos are assigned. Returns the first unfinished session (null: nothing to do,
 * e.g. every video already has its participant).
 *
 * Direct statements (lib/db/direct-sql.ts): a launch's participants all consent within seconds.
 */
export async function giveConsent(studyId: string, user: SessionUser): Promise<{ sessionId: string | null }> {
  requireParticipantRole(user.role);
  const [participant] = await directSql.query<{ id: string; consentedAt: Date | null; studyStatus: string }[]>`
    SELECT p."id", p."consentedAt", st."status" AS "studyStatus"
    FROM "StudyParticipant" p JOIN "Study" st ON st."id" = p."studyId"
    WHERE p."studyId" = ${studyId} AND p."userId" = ${user.id}`;
  if (!participant) throw new HttpError(404, "Open the study link first.");
  if (participant.studyStatus !== "OPEN") throw new HttpError(410, "This study is not open.", "study_closed");
  if (!participant.consentedAt) {
    await directSql.execute`UPDATE "StudyParticipant" SET "consentedAt" = ${new Date()} WHERE "id" = ${participant.id} AND "consentedAt" IS NULL`;
  }
  await assignParticipant(studyId, participant.id);
  return { sessionId: await nextActiveSession(participant.id) };
}
