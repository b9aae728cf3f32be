import "server-only";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/request-user";
import { userByEmail, userById } from "@/lib/auth/user-row";
import { newId } from "@/lib/db/new-id";
import { directSql } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { parseStudySettings } from "@/lib/protocol/study-settings";
import { participantEmail, PLATFORM_PARAMS, type ExternalIdentity } from "./participant-identity";
import { requireParticipantRole } from "@/lib/protocol/participant-roles";

export type EnterResult = {
  participantId: string;
  user: { id: string; role: string; sessionVersion: number; email: string; name: string };
  /** The request was not already signed in as this user: a session cookie must be issued. */
  signIn: boolean;
  /** A platform entry: bind this browser to the participant (lib/studies/entry-cookie.ts). */
  bindBrowser: boolean;
};

/** What proves that a request comes from the browser a participant entered with. */
export type BrowserProof = {
  /** The signed-in account (next-auth session cookie). */
  current: SessionUser | null;
  /** The participant named by a valid entry cookie (lib/studies/entry-cookie.ts). */
  entryParticipantId: string | null;
};

/**
 * A study link was opened.
 *
 * With a platform identity (Prolific / MTurk; the study must recruit on that platform, else 403
 * `platform_not_enabled`): the first entry creates the worker's PARTICIPANT account for this study
 * and its StudyParticipant row, bound to the submission id (Prolific SESSION_ID, MTurk
 * assignmentId). Later entries get in only with that same submission id, or from the browser that
 * entered before (its session or entry cookie); anything else is 409 `submission_mismatch` and
 * changes nothing: a worker id alone never signs anyone in. Ids are compared exactly.
 *
 * Without one, the signed-in account joins; it must be a PARTICIPANT account (staff: 403
 * `staff_not_allowed`, lib/studies/staff-rule.ts), and an account made for a platform entry takes
 * part only in its own study (403 `use_platform_link`).
 *
 * Direct statements (lib/db/direct-sql.ts): a launch's participants all enter within seconds.
 */
export async function enterStudy(studyId: string, identity: ExternalIdentity | null, proof: BrowserProof): Promise<EnterResult> {
  const [study] = await directSql.query<{ status: string; settingsText: string }[]>`
    SELECT "status", CAST("settings" AS TEXT) AS "settingsText" FROM "Study" WHERE "id" = ${studyId}`;
  if (!study) throw new HttpError(404, "No such study.");
  if (study.status !== "OPEN") throw new HttpError(410, "This study is not open.", "study_closed");
  if (identity) {
    if (!parseStudySettings(JSON.parse(study.settingsText)).crowdPlatforms.includes(identity.source)) {
      const { label } = PLATFORM_PARAMS[identity.source];
      throw new HttpError(403, `This study does not recruit on ${label}: open it from the link the researcher gave you.`, "platform_not_enabled");
    }
    return enterAsWorker(studyId, identity, proof);
  }
  const current = proof.current;
  if (!current) throw new HttpError(401, "Open this study from your recruitment platform's link, or sign in first.");
  const user = await userById(current.id);
  if (!user) throw new HttpError(401, "Sign in again.");
  requireParticipantRole(user.role);
  const joined = await participantOf(studyId, user.id);
  if (joined) return { participantId: joined, user, signIn: false, bindBrowser: false };
  const [platformAccount] = await directSql.query`
    SELECT "id" FROM "StudyParticipant" WHERE "userId" = ${user.id} AND "externalSource" IS NOT NULL LIMIT 1`;
  if (platformAccount) {
    throw new HttpError(403, "This account was made for another study's crowd link: open this study from your recruitment platform's link.", "use_platform_link");
  }
  const participantId = await createParticipant(studyId, user.id, null);
  const participant = participantId ?? (await participantOf(studyId, user.id));
  if (!participant) throw new HttpError(409, "Joining this study did not complete: open the link again.", "conflict");
  return { participantId: participant, user, signIn: false, bindBrowser: false };
}

async function enterAsWorker(studyId: string, identity: ExternalIdentity, proof: BrowserProof): Promise<EnterResult> {
  const existing = await workerParticipant(studyId, identity);
  if (existing) return admitWorker(existing, identity, proof);
  const user = await findOrCreateWorkerAccount(studyId, identity);
  const created = await createParticipant(studyId, user.id, identity);
  if (created) return { participantId: created, user, signIn: proof.current?.id !== user.id, bindBrowser: true };
  // Another request entered the same worker first (a race): the same rules as for a later entry.
  const raced = await workerParticipant(studyId, identity);
  if (!raced) throw new HttpError(409, "This platform id already takes part in the study with another account.", "submission_mismatch");
  return admitWorker(raced, identity, proof);
}

type WorkerParticipant = { id: string; userId: string; externalSessionId: string | null };

/** The worker's participant row in the study, matched exactly on platform and id. */
async function workerParticipant(studyId: string, identity: ExternalIdentity): Promise<WorkerParticipant | null> {
  const [row] = await directSql.query<WorkerParticipant[]>`
    SELECT "id", "userId", "externalSessionId" FROM "StudyParticipant"
    WHERE "studyId" = ${studyId} AND "externalSource" = ${identity.source} AND "externalId" = ${identity.externalId}`;
  return row ?? null;
}

async function admitWorker(p: WorkerParticipant, identity: ExternalIdentity, proof: BrowserProof): Promise<EnterResult> {
  const sameSubmission = p.externalSessionId !== null && p.externalSessionId === identity.externalSessionId;
  const sameBrowser = proof.current?.id === p.userId || proof.entryParticipantId === p.id;
  if (!sameSubmission && !sameBrowser) {
    const { label, worker, submission } = PLATFORM_PARAMS[identity.source];
    throw new HttpError(
      409,
      `This ${label} ${worker} is already taking part in this study under another submission (${submission}). ` +
        `Continue in the browser you started in, or open the study again from the same ${label} submission. ` +
        `If you think this is a mistake, contact the researcher through ${label}.`,
      "submission_mismatch",
    );
  }
  const user = await userById(p.userId);
  if (!user || user.role !== "PARTICIPANT" || !user.active) throw new HttpError(403, "This participant account cannot take studies.", "account_inactive");
  return { participantId: p.id, user, signIn: proof.current?.id !== user.id, bindBrowser: true };
}

async function findOrCreateWorkerAccount(studyId: string, identity: ExternalIdentity) {
  const email = participantEmail(identity, studyId);
  let row = await userByEmail(email);
  if (!row) {
    const id = newId();
    const now = new Date();
    const name = `${PLATFORM_PARAMS[identity.source].label} ${identity.externalId}`;
    try {
      await directSql.execute`
        INSERT INTO "User" ("id", "email", "name", "role", "active", "sessionVersion", "createdAt", "updatedAt")
        VALUES (${id}, ${email}, ${name}, 'PARTICIPANT', ${true}, ${0}, ${now}, ${now})`;
      await audit({ actorId: id, action: "study.participant_account_created", targetType: "User", targetId: id, details: { source: identity.source, studyId } });
      // The row as just written (not read back: a launch's workers all arrive within seconds).
      row = { id, email, name, role: "PARTICIPANT", active: true, sessionVersion: 0 };
    } catch (error) {
      if ((error as { code?: string }).code !== "P2002") throw error;
      // Another request for the same worker created it first.
      row = await userByEmail(email);
    }
    if (!row) throw new HttpError(409, "This participant account could not be created: open the link again.", "conflict");
  }
  if (row.role !== "PARTICIPANT" || !row.active) throw new HttpError(403, "This participant account cannot take studies.", "account_inactive");
  return row;
}

/** Creates the StudyParticipant row; null when one already exists (unique per study and user, and per study and platform id). */
async function createParticipant(studyId: string, userId: string, identity: ExternalIdentity | null): Promise<string | null> {
  const id = newId();
  try {
    await directSql.execute`
      INSERT INTO "StudyParticipant" ("id", "studyId", "userId", "externalSource", "externalId", "externalStudyId", "externalSessionId", "createdAt")
      VALUES (${id}, ${studyId}, ${userId}, ${identity?.source ?? null}, ${identity?.externalId ?? null},
        ${identity?.externalStudyId ?? null}, ${identity?.externalSessionId ?? null}, ${new Date()})`;
    return id;
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
    return null;
  }
}

async function participantOf(studyId: string, userId: string): Promise<string | null> {
  const [row] = await directSql.query<{ id: string }[]>`SELECT "id" FROM "StudyParticipant" WHERE "studyId" = ${studyId} AND "userId" = ${userId}`;
  return row?.id ?? null;
}

