/**
 * Recruitment-platform identities in a study link's query string (PURE).
 *
 * - Prolific: `?PROLIFIC_PID=..&STUDY_ID=..&SESSION_ID=..`
 * - MTurk:    `?workerId=..&assignmentId=..&hitId=..` (`assignmentId=ASSIGNMENT_ID_NOT_AVAILABLE`
 *   is MTurk's preview: nothing is created).
 * Ids are 1-64 characters of letters, digits, `_` and `-` (Prolific ids are 24 hex digits), kept
 * and compared exactly as the platform issues them (no case folding).
 *
 * The per-submission id (Prolific `SESSION_ID`, MTurk `assignmentId`) is required: the first entry
 * binds the participant to it, and another browser gets in only with the same one
 * (lib/studies/enter-study.ts). A worker id alone is public enough (it appears in messages,
 * exports, payments) that it must never be a credential.
 */

export type ExternalIdentity = {
  source: "prolific" | "mturk";
  /** The worker: Prolific PROLIFIC_PID, MTurk workerId. */
  externalId: string;
  /** Prolific STUDY_ID, MTurk hitId (recorded, never compared). */
  externalStudyId: string | null;
  /** The submission: Prolific SESSION_ID, MTurk assignmentId. */
  externalSessionId: string;
};

/** How each platform names its ids in a study link's query string (and on the refusal pages). */
export const PLATFORM_PARAMS = {
  prolific: { label: "Prolific", worker: "PROLIFIC_PID", submission: "SESSION_ID", study: "STUDY_ID" },
  mturk: { label: "MTurk", worker: "workerId", submission: "assignmentId", study: "hitId" },
} as const;

export type IdentityParse =
  | { kind: "none" }
  | { kind: "preview" }
  | { kind: "external"; identity: ExternalIdentity }
  | { kind: "invalid"; message: string };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function get(params: URLSearchParams | Record<string, string | string[] | undefined>, key: string): string | null {
  if (params instanceof URLSearchParams) return params.get(key);
  const v = params[key];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

export function parseExternalIdentity(params: URLSearchParams | Record<string, string | string[] | undefined>): IdentityParse {
  const check = (name: string, value: string | null, required: boolean): string | null | { error: string } => {
    if (value === null || value === "") return required ? { error: `${name} is missing` } : null;
    if (!ID.test(value)) return { error: `${name} must be 1-64 letters, digits, "_" or "-"` };
    return value;
  };
  const pid = get(params, "PROLIFIC_PID");
  const worker = get(params, "workerId");
  if (pid !== null) {
    const id = check("PROLIFIC_PID", pid, true);
    const study = check("STUDY_ID", get(params, "STUDY_ID"), false);
    const session = check("SESSION_ID", get(params, "SESSION_ID"), true);
    for (const v of [id, study, session]) if (v && typeof v === "object") return { kind: "invalid", message: v.error };
    return {
      kind: "external",
      identity: { source: "prolific", externalId: id as string, externalStudyId: study as string | null, externalSessionId: session as string },
    };
  }
  if (worker !== null || get(params, "assignmentId") !== null) {
    const assignment = get(params, "assignmentId");
    if (assignment === "ASSIGNMENT_ID_NOT_AVAILABLE") return { kind: "preview" };
    const id = check("workerId", worker, true);
    const a = check("assignmentId", assignment, true);
    const hit = check("hitId", get(params, "hitId"), false);
    for (const v of [id, a, hit]) if (v && typeof v === "object") return { kind: "invalid", message: v.error };
    return {
      kind: "external",
      identity: { source: "mturk", externalId: id as string, externalStudyId: hit as string | null, externalSessionId: a as string },
    };
  }
  return { kind: "none" };
}

/**
 * The synthetic, unroutable email of a platform participant's account: one account per platform
 * id AND study (the id exactly as issued). Signing in as it reaches that study only: entering
 * another study with someone's platform id (and a made-up submission id) must not reach the
 * sessions they hold elsewhere. The same person across studies is recognised by the platform id
 * itself (lib/studies/seen-videos.ts).
 */
export function participantEmail(identity: Pick<ExternalIdentity, "source" | "externalId">, studyId: string): string {
  return `${identity.source}.${studyId}.${identity.externalId}@participants.playhead.invalid`;
}

/** Query-string keys of platform identities (stripped from the landing URL after sign-in). */
export const IDENTITY_PARAMS = ["PROLIFIC_PID", "STUDY_ID", "SESSION_ID", "workerId", "assignmentId", "hitId", "turkSubmitTo"] as const;
