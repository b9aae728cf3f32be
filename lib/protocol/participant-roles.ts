import type { Role } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";

/**
 * The staff rule (docs/access.md): only PARTICIPANT accounts take part in studies. A study session
 * hands out its items' questions and, under FREE_REWATCH, the whole video; a staff account
 * (admin, reviewer, annotator) taking part would read a project through it that its membership
 * does not give it, and its answers would mix staff knowledge into a human baseline. So staff
 * cannot enter, consent, hold or use a session, or read a study's participation (there is no
 * preview mode that could record anything).
 */
export const PARTICIPANT_ROLES: readonly Role[] = ["PARTICIPANT"];

export const STAFF_NOT_ALLOWED_MESSAGE =
  "Staff accounts (admin, reviewer, annotator) cannot take part in studies: sign in with a participant account, or open the study from your recruitment platform's link.";

/** 403 `staff_not_allowed` unless the account is a PARTICIPANT. */
export function requireParticipantRole(role: string): void {
  if (role !== "PARTICIPANT") throw new HttpError(403, STAFF_NOT_ALLOWED_MESSAGE, "staff_not_allowed");
}
