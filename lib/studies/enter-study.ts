import "server-only";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { participantEmail, type ExternalIdentity } from "./participant-identity";

export type EnterResult = {
  participantId: string;
  user: { id: string; role: string; sessionVersion: number; email: string; name: string };
  /** The request was not already signed in as this user: a session cookie must be issued. */
  signIn: boolean;
};

/**
 * A study link was opened. With a platform identity (Prolific / MTurk), finds or creates the
 * PARTICIPANT account of that id (one per platform id, idempotent) and its StudyParticipant row
 * (unique per study and platform id); without one, the signed-in account joins. Streaming studies
 * accept only PARTICIPANT accounts: staff roles may fetch whole videos through the ordinary media
 * route, which would defeat the no-peek rule.
 */
export async function enterStudy(studyId: string, identity: ExternalIdentity | null, current: SessionUser | null): Promise<EnterResult> {
  const study = await db.study.findUnique({ where: { id: studyId }, select: { id: true, status: true, protocol: true } });
  if (!study) throw new HttpError(404, "No such study.");
  if (study.status !== "OPEN") throw new HttpError(410, "This study is not open.", "study_closed");

  let user: EnterResult["user"];
  if (identity) {
    user = await findOrCreatePlatformUser(identity);
  } else {
    if (!current) throw new HttpError(401, "Open this study from your recruitment platform's link, or sign in first.");
    const row = await db.user.findUniqueOrThrow({
      where: { id: current.id },
      select: { id: true, role: true, sessionVersion: true, email: true, name: true },
    });
    user = row;
  }
  if (study.protocol === "STREAMING" && user.role !== "PARTICIPANT") {
    throw new HttpError(403, "Streaming studies are taken with a participant account (staff accounts can open whole videos).", "role_not_allowed");
  }
  const participantId = await upsertParticipant(studyId, user.id, identity);
  return { participantId, user, signIn: current?.id !== user.id };
}

async function findOrCreatePlatformUser(identity: ExternalIdentity): Promise<EnterResult["user"]> {
  const email = participantEmail(identity);
  const select = { id: true, role: true, sessionVersion: true, email: true, name: true, active: true } as const;
  let row = await db.user.findUnique({ where: { email }, select });
  if (!row) {
    try {
      row = await db.user.create({
        data: { email, name: `${identity.source === "prolific" ? "Prolific" : "MTurk"} ${identity.externalId}`, role: "PARTICIPANT" },
        select,
      });
      await audit({ actorId: row.id, action: "study.participant_account_created", targetType: "User", targetId: row.id, details: { source: identity.source } });
    } catch (error) {
      if ((error as { code?: string }).code !== "P2002") throw error;
      row = await db.user.findUniqueOrThrow({ where: { email }, select });
    }
  }
  if (row.role !== "PARTICIPANT" || !row.active) throw new HttpError(403, "This participant account cannot take studies.");
  return row;
}

async function upsertParticipant(studyId: string, userId: string, identity: ExternalIdentity | null): Promise<string> {
  const existing = await db.studyParticipant.findUnique({ where: { studyId_userId: { studyId, userId } }, select: { id: true } });
  if (existing) return existing.id;
  try {
    const created = await db.studyParticipant.create({
      data: {
        studyId,
        userId,
        externalSource: identity?.source ?? null,
        externalId: identity?.externalId ?? null,
        externalStudyId: identity?.externalStudyId ?? null,
        externalSessionId: identity?.externalSessionId ?? null,
      },
      select: { id: true },
    });
    return created.id;
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
    const again = await db.studyParticipant.findUnique({ where: { studyId_userId: { studyId, userId } }, select: { id: true } });
    if (!again) throw new HttpError(409, "This platform id already takes part in the study with another account.");
    return again.id;
  }
}
