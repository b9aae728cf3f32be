import "server-only";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/request-user";
import { db } from "@/lib/db/prisma";
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

const USER_SELECT = { id: true, role: true, sessionVersion: true, email: true, name: true, active: true } as const;

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
 */
export async function enterStudy(studyId: string, identity: ExternalIdentity | null, proof: BrowserProof): Promise<EnterResult> {
  const study = await db.study.findUnique({ where: { id: studyId }, select: { id: true, status: true, settings: true } });
  if (!study) throw new HttpError(404, "No such study.");
  if (study.status !== "OPEN") throw new HttpError(410, "This study is not open.", "study_closed");
  if (identity) {
    if (!parseStudySettings(study.settings).crowdPlatforms.includes(identity.source)) {
      const { label } = PLATFORM_PARAMS[identity.source];
      throw new HttpError(403, `This study does not recruit on ${label}: open it from the link the researcher gave you.`, "platform_not_enabled");
    }
    return enterAsWorker(studyId, identity, proof);
  }
  const current = proof.current;
  if (!current) throw new HttpError(401, "Open this study from your recruitment platform's link, or sign in first.");
  const user = await db.user.findUniqueOrThrow({ where: { id: current.id }, select: USER_SELECT });
  requireParticipantRole(user.role);
  const joined = await db.studyParticipant.findUnique({ where: { studyId_userId: { studyId, userId: user.id } }, select: { id: true } });
  if (joined) return { participantId: joined.id, user, signIn: false, bindBrowser: false };
  const platformAccount = await db.studyParticipant.findFirst({ where: { userId: user.id, externalSource: { not: null } }, select: { id: true } });
  if (platformAccount) {
    throw new HttpError(403, "This account was made for another study's crowd link: open this study from your recruitment platform's link.", "use_platform_link");
  }
  const participantId = await createParticipant(studyId, user.id, null);
  return { participantId: participantId ?? (await participantOf(studyId, user.id)), user, signIn: false, bindBrowser: false };
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
function workerParticipant(studyId: string, identity: ExternalIdentity): Promise<WorkerParticipant | null> {
  return db.studyParticipant.findUnique({
    where: { studyId_externalSource_externalId: { studyId, externalSource: identity.source, externalId: identity.externalId } },
    select: { id: true, userId: true, externalSessionId: true },
  });
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
  const user = await db.user.findUniqueOrThrow({ where: { id: p.userId }, select: USER_SELECT });
  if (user.role !== "PARTICIPANT" || !user.active) throw new HttpError(403, "This participant account cannot take studies.", "account_inactive");
  return { participantId: p.id, user, signIn: proof.current?.id !== user.id, bindBrowser: true };
}

async function findOrCreateWorkerAccount(studyId: string, identity: ExternalIdentity) {
  const email = participantEmail(identity, studyId);
  let row = await db.user.findUnique({ where: { email }, select: USER_SELECT });
  if (!row) {
    try {
      row = await db.user.create({
        data: { email, name: `${PLATFORM_PARAMS[identity.source].label} ${identity.externalId}`, role: "PARTICIPANT" },
        select: USER_SELECT,
      });
      await audit({ actorId: row.id, action: "study.participant_account_created", targetType: "User", targetId: row.id, details: { source: identity.source, studyId } });
    } catch (error) {
      if ((error as { code?: string }).code !== "P2002") throw error;
      row = await db.user.findUniqueOrThrow({ where: { email }, select: USER_SELECT });
    }
  }
  if (row.role !== "PARTICIPANT" || !row.active) throw new HttpError(403, "This participant account cannot take studies.", "account_inactive");
  return row;
}

/** Creates the StudyParticipant row; null when one already exists (unique per study and user, and per study and platform id). */
async function createParticipant(studyId: string, userId: string, identity: ExternalIdentity | null): Promise<string | null> {
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
    return null;
  }
}

async function participantOf(studyId: string, userId: string): Promise<string> {
  const row = await db.studyParticipant.findUniqueOrThrow({ where: { studyId_userId: { studyId, userId } }, select: { id: true } });
  return row.id;
}
