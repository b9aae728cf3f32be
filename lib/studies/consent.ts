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
  // The participant, who it is, and the study (status, and for the assignment its protocol and settings), in one statement.
  const [participant] = await directSql.query<
    { id: string; consentedAt: Date | null; userId: string; externalSource: string | null; externalId: string | null; studyStatus: string; protocol: string; settingsText: string }[]
  >`
    SELECT p."id", p."consentedAt", p."userId", p."externalSource", p."externalId",
      st."status" AS "studyStatus", st."protocol", CAST(st."settings" AS TEXT) AS "settingsText"
    FROM "StudyParticipant" p JOIN "Study" st ON st."id" = p."studyId"
    WHERE p."studyId" = ${studyId} AND p."userId" = ${user.id}`;
  if (!participant) throw new HttpError(404, "Open the study link first.");
  if (participant.studyStatus !== "OPEN") throw new HttpError(410, "This study is not open.", "study_closed");
  if (!participant.consentedAt) {
    await directSql.execute`UPDATE "StudyParticipant" SET "consentedAt" = ${new Date()} WHERE "id" = ${participant.id} AND "consentedAt" IS NULL`;
  }
  const { id, userId, externalSource, externalId, protocol, settingsText } = participant;
  const assignment = await assignParticipant({ id: studyId, protocol, settingsText }, { id, userId, externalSource, externalId });
  // A first consent that created sessions starts with the first of them (created in watching
  // order, all ACTIVE); otherwise the participant's first unfinished one is looked up.
  if (!assignment.hadSessions && assignment.created.length) return { sessionId: assignment.created[0] };
  return { sessionId: await nextActiveSession(participant.id) };
}
