import "server-only";
import { callerOf, settledCaller, type DeferredCaller } from "@/lib/auth/deferred-caller";
import type { SessionUser } from "@/lib/auth/request-user";
import { joinedCallerRow, type UserRow } from "@/lib/auth/user-row";
import { directSql } from "@/lib/db/prisma";
import { sqlDate } from "@/lib/db/sql-date";
import { HttpError } from "@/lib/http/http-error";
import { parseStudySettings, type StudySettings } from "@/lib/protocol/study-settings";
import { loadPlan, type LoadedPlan } from "./load-plan";

/**
 * A baseline session as the participant-facing routes need it: progress, owner, study settings
 * and plan. `signingKey` is selected explicitly (it is omitted from every other query).
 */
export type ParticipantSession = {
  id: string;
  studyId: string;
  participantId: string;
  userId: string;
  videoId: string;
  status: "ACTIVE" | "COMPLETED" | "ABANDONED";
  unlockedIndex: number;
  answeredIndex: number;
  version: number;
  activeTabId: string | null;
  startedAt: Date;
  lastSeenAt: Date;
  signingKey: string;
  consentedAt: Date | null;
  protocol: "STREAMING" | "FREE_REWATCH";
  studyStatus: "DRAFT" | "OPEN" | "CLOSED";
  settings: StudySettings;
  loaded: LoadedPlan;
};

type Fixed = Pick<ParticipantSession, "id" | "studyId" | "participantId" | "userId" | "videoId" | "startedAt" | "signingKey" | "protocol"> & {
  consentedAt: Date;
};

/**
 * What never changes once a participant has consented (owner, video, key, protocol, consent time)
 * is cached per process — the same in every instance, since those columns are never written
 * again. Progress AND the study's status and settings are read from the database on every
 * request, in the same query (an admin closing the study on one instance is obeyed by every
 * instance at once); the settings' JSON is parsed again only when its text changed.
 */
const fixedCache = new Map<string, Fixed>();
const settingsCache = new Map<string, { text: string; settings: StudySettings }>();
const MAX_CACHED = 5000;

/** Drops cached session facts (tests that rewrite rows directly). */
export function forgetSession(sessionId?: string): void {
  if (sessionId) fixedCache.delete(sessionId);
  else fixedCache.clear();
}

/** The study's settings from their stored JSON text, parsed once per distinct text. */
function settingsOf(studyId: string, text: string): StudySettings {
  const hit = settingsCache.get(studyId);
  if (hit && hit.text === text) return hit.settings;
  const settings = parseStudySettings(JSON.parse(text));
  if (settingsCache.size >= MAX_CACHED) settingsCache.delete(settingsCache.keys().next().value as string);
  settingsCache.set(studyId, { text, settings });
  return settings;
}

/** Loads a session by id, or null when there is none (callers answer 404 without saying more). */
export async function findSession(sessionId: string): Promise<ParticipantSession | null> {
  return (await loadSession(sessionId, null, settledCaller(null))).found?.session ?? null;
}

type Found = { session: ParticipantSession; lastServed: number | null };

/**
 * {@link findSession} plus, read in the same database call, the highest segment index at or above
 * `servedFrom` already served (allowed) to the session, or null (the served-once rule of
 * authorize-segment.ts; see last-served.ts). `servedFrom` null: no such check (lastServed null).
 * The caller (lib/auth/deferred-caller.ts) is settled from its user row, read in that same call;
 * `user` is who it turned out to be (null: nobody, or a session cookie that no longer holds).
 */
export async function findSessionWithServed(
  sessionId: string,
  servedFrom: number | null,
  caller: DeferredCaller,
): Promise<{ found: Found | null; user: SessionUser | null }> {
  return loadSession(sessionId, servedFrom, caller);
}

/**
 * The session, its served-once figure, and the caller settled from the user row read by its
 * claimed id in the SAME statement (one round trip for what was two: this runs on every segment,
 * playlist and answer request). Without a session row to join it to, the caller is settled with a
 * statement of its own.
 */
async function loadSession(sessionId: string, servedFrom: number | null, caller: DeferredCaller): Promise<{ found: Found | null; user: SessionUser | null }> {
  if (typeof sessionId !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(sessionId)) return { found: null, user: await caller.settleAlone() };
  const fixed = fixedCache.get(sessionId);
  if (fixed) {
    const progress = await sessionProgress(sessionId, servedFrom, caller.claimedId);
    if (!progress) {
      fixedCache.delete(sessionId);
      return { found: null, user: await caller.settleAlone() };
    }
    const user = caller.settle(progress.caller);
    const loaded = await loadPlan(fixed.studyId, fixed.videoId, fixed.protocol);
    const { lastServed, studyStatus, settingsText, caller: _row, ...rest } = progress;
    return { found: { session: { ...fixed, ...rest, studyStatus, settings: settingsOf(fixed.studyId, settingsText), loaded }, lastServed }, user };
  }
  const row = await sessionRow(sessionId, servedFrom, caller.claimedId);
  if (!row) return { found: null, user: await caller.settleAlone() };
  const user = caller.settle(row.caller);
  const loaded = await loadPlan(row.studyId, row.videoId, row.protocol);
  const { lastServed, settingsText, caller: _row, ...fields } = row;
  const session: ParticipantSession = { ...fields, settings: settingsOf(row.studyId, settingsText), loaded };
  if (session.consentedAt) {
    if (fixedCache.size >= MAX_CACHED) fixedCache.delete(fixedCache.keys().next().value as string);
    const { id, studyId, participantId, userId, videoId, startedAt, signingKey, protocol, consentedAt } = session;
    fixedCache.set(sessionId, { id, studyId, participantId, userId, videoId, startedAt, signingKey, protocol, consentedAt });
  }
  return { found: { session, lastServed }, user };
}

type SessionRow = Omit<ParticipantSession, "settings" | "loaded"> & { settingsText: string; lastServed: number | null; caller: UserRow | null };

/**
 * A session not cached yet (the first request for it on this instance): everything, with its
 * participant, its study, (servedFrom not null) the served-once check and the caller's user row
 * by `claimedId`, in ONE fixed SELECT,
 * the same SQL for SQLite and PostgreSQL (through the ORM it was four statements; every
 * participant of a launch claims within seconds, on every instance).
 */
async function sessionRow(sessionId: string, servedFrom: number | null, claimedId: string | null): Promise<SessionRow | null> {
  const [r] = await directSql.query<Record<string, unknown>[]>`
    SELECT s."id", s."studyId", s."participantId", s."videoId", s."status", s."unlockedIndex", s."answeredIndex", s."version",
      s."activeTabId", s."startedAt", s."lastSeenAt", s."signingKey", p."userId", p."consentedAt",
      st."protocol", st."status" AS "studyStatus", CAST(st."settings" AS TEXT) AS "settingsText",
      (SELECT MAX(v."segmentIndex") FROM "SegmentServe" v
        WHERE v."sessionId" = s."id" AND v."allowed" = ${true} AND v."segmentIndex" >= ${servedFrom ?? 0}) AS "lastServed",
      u."id" AS "callerId", u."email" AS "callerEmail", u."name" AS "callerName", u."role" AS "callerRole",
      u."active" AS "callerActive", u."sessionVersion" AS "callerSessionVersion"
    FROM "BaselineSession" s
      JOIN "StudyParticipant" p ON p."id" = s."participantId"
      JOIN "Study" st ON st."id" = s."studyId"
      LEFT JOIN "User" u ON u."id" = ${claimedId}
    WHERE s."id" = ${sessionId}`;
  if (!r) return null;
  const progress = progressOf(r);
  return {
    id: String(r.id),
    studyId: String(r.studyId),
    participantId: String(r.participantId),
    userId: String(r.userId),
    videoId: String(r.videoId),
    startedAt: sqlDate(r.startedAt),
    signingKey: String(r.signingKey),
    consentedAt: r.consentedAt === null || r.consentedAt === undefined ? null : sqlDate(r.consentedAt),
    protocol: String(r.protocol) as ParticipantSession["protocol"],
    ...progress,
    lastServed: servedFrom === null ? null : progress.lastServed,
  };
}


type Progress = Pick<ParticipantSession, "status" | "unlockedIndex" | "answeredIndex" | "version" | "activeTabId" | "lastSeenAt" | "studyStatus"> & {
  lastServed: number | null;
  settingsText: string;
  /** The deferred caller's user row, read by its claimed id in the same statement (null: none). */
  caller: UserRow | null;
};

/**
 * A known session's progress, its study's status and settings, (servedFrom not null) the
 * served-once check, and the caller's user row by `claimedId` (null: none) in ONE fixed,
 * parameterised SELECT, the same SQL for SQLite and PostgreSQL: this runs on every segment,
 * playlist and answer request. (servedFrom null: the served-once subquery still runs, over the
 * session's few serve rows, and its answer is dropped: one SQL text instead of two.)
 */
async function sessionProgress(sessionId: string, servedFrom: number | null, claimedId: string | null): Promise<Progress | null> {
  const rows = await directSql.query<Record<string, unknown>[]>`
    SELECT s."status", s."unlockedIndex", s."answeredIndex", s."version", s."activeTabId", s."lastSeenAt",
      st."status" AS "studyStatus", CAST(st."settings" AS TEXT) AS "settingsText",
      (SELECT MAX(v."segmentIndex") FROM "SegmentServe" v
        WHERE v."sessionId" = s."id" AND v."allowed" = ${true} AND v."segmentIndex" >= ${servedFrom ?? 0}) AS "lastServed",
      u."id" AS "callerId", u."email" AS "callerEmail", u."name" AS "callerName", u."role" AS "callerRole",
      u."active" AS "callerActive", u."sessionVersion" AS "callerSessionVersion"
    FROM "BaselineSession" s JOIN "Study" st ON st."id" = s."studyId" LEFT JOIN "User" u ON u."id" = ${claimedId}
    WHERE s."id" = ${sessionId}`;
  if (!rows[0]) return null;
  const progress = progressOf(rows[0]);
  return servedFrom === null ? { ...progress, lastServed: null } : progress;
}

/** The columns of a session that change while it runs (status, progress, lease, last seen). */
export type SessionProgressColumns = Pick<ParticipantSession, "status" | "unlockedIndex" | "answeredIndex" | "version" | "activeTabId" | "lastSeenAt">;

/**
 * The session's own progress columns of a row: the SELECTs here and a writer's `UPDATE …
 * RETURNING` of the same names (claim-session.ts) read them through this one function.
 */
export function sessionProgressOf(r: Record<string, unknown>): SessionProgressColumns {
  return {
    status: String(r.status) as Progress["status"],
    unlockedIndex: Number(r.unlockedIndex),
    answeredIndex: Number(r.answeredIndex),
    version: Number(r.version),
    activeTabId: r.activeTabId === null || r.activeTabId === undefined ? null : String(r.activeTabId),
    lastSeenAt: sqlDate(r.lastSeenAt),
  };
}

/** The progress columns of a row ({@link sessionProgress}'s and {@link sessionRow}'s SELECTs name them alike). */
function progressOf(r: Record<string, unknown>): Progress {
  return {
    studyStatus: String(r.studyStatus) as Progress["studyStatus"],
    settingsText: String(r.settingsText),
    ...sessionProgressOf(r),
    lastServed: r.lastServed === null || r.lastServed === undefined ? null : Number(r.lastServed),
    caller: joinedCallerRow(r),
  };
}

/**
 * Whether `user` may use the session: it is their own, and they are a PARTICIPANT account (the
 * staff rule, participant-roles.ts: a staff account never uses a session, not even one it held
 * before the rule). Every participant route and page asks this.
 */
export function ownsSession(user: Pick<SessionUser, "id" | "role"> | null, session: Pick<ParticipantSession, "userId">): boolean {
  return !!user && user.id === session.userId && user.role === "PARTICIPANT";
}

/**
 * The session if it belongs to the caller (404 otherwise, the same answer as for a session that
 * does not exist) and its participant has consented (403). `who`: the user route() checked, or a
 * deferred caller (settled here, from the user row read with the session).
 */
export async function requireOwnSession(sessionId: string, who: SessionUser | DeferredCaller): Promise<ParticipantSession> {
  return (await requireOwnSessionWithServed(sessionId, who, null)).session;
}

/**
 * {@link requireOwnSession} plus, in the same database call, the highest segment index at or above
 * `servedFrom` already served to the session (see {@link findSessionWithServed}), and the caller.
 */
export async function requireOwnSessionWithServed(
  sessionId: string,
  who: SessionUser | DeferredCaller,
  servedFrom: number | null,
): Promise<Found & { user: SessionUser }> {
  const { found, user } = await loadSession(sessionId, servedFrom, callerOf(who));
  if (!found || !user || !ownsSession(user, found.session)) throw new HttpError(404, "No such session.");
  if (!found.session.consentedAt) throw new HttpError(403, "Accept the consent form first.", "consent_required");
  return { ...found, user };
}
