/**
 * Who may do what with projects and items (PURE: shared by routes, pages and client components).
 *
 * - Read projects, the item catalogue and items WITH their ground truth: ADMIN, REVIEWER,
 *   ANNOTATOR (staff). Truth is what annotators verify and reviewers adjudicate.
 * - Create projects, import / re-import benchmark files, edit items, settings and members,
 *   export: ADMIN only.
 * - PARTICIPANT: nothing here. Every project route answers 403 and every project page redirects
 *   to /forbidden; participants reach items only through their study sessions, whose routes
 *   never select truth.
 *
 * Visibility is by global role; ProjectMember rows record who works on a project (and in which
 * role) for assignment of work.
 */
import type { Role } from "@/lib/db/types";

export const PROJECT_READ_ROLES = ["ADMIN", "REVIEWER", "ANNOTATOR"] as const satisfies readonly Role[];
export const PROJECT_ADMIN_ROLES = ["ADMIN"] as const satisfies readonly Role[];
/** Roles whose responses may carry ground truth (answers, truth spans, truth source). */
export const TRUTH_ROLES = ["ADMIN", "REVIEWER", "ANNOTATOR"] as const satisfies readonly Role[];
/** Roles a project member may hold (participants are never project members). */
export const MEMBER_ROLES = ["ADMIN", "REVIEWER", "ANNOTATOR"] as const satisfies readonly Role[];

export function canReadProjects(role: Role | null | undefined): boolean {
  return !!role && (PROJECT_READ_ROLES as readonly Role[]).includes(role);
}

export function canManageProjects(role: Role | null | undefined): boolean {
  return !!role && (PROJECT_ADMIN_ROLES as readonly Role[]).includes(role);
}

export function canSeeTruth(role: Role | null | undefined): boolean {
  return !!role && (TRUTH_ROLES as readonly Role[]).includes(role);
}
