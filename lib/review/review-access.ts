import "server-only";
import { db } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";
import { NO_SUCH_PROJECT, findProjectRef } from "@/lib/projects/project-access";

/**
 * Who reviews where (the one check of every reviewer route): admins of the app review every
 * project; a REVIEWER reviews the projects where their membership role is REVIEWER or ADMIN.
 * A project (or adjudication) outside those answers 404 as if it did not exist; an annotator (or
 * a member without a reviewer role) gets 403 where the project is visible to them.
 */
export type ReviewUser = { id: string; role: Role };

/** Account roles let into reviewer routes at all. */
export const REVIEW_ROLES = ["ADMIN", "REVIEWER"] as const satisfies readonly Role[];
const REVIEW_MEMBER_ROLES: Role[] = ["ADMIN", "REVIEWER"];

export const NO_SUCH_ADJUDICATION = "No such adjudication.";

/** Ids of the projects the user reviews ("all" for admins). */
export async function reviewedProjectIds(user: ReviewUser): Promise<string[] | "all"> {
  if (user.role === "ADMIN") return "all";
  if (user.role !== "REVIEWER") return [];
  const rows = await db.projectMember.findMany({ where: { userId: user.id, role: { in: REVIEW_MEMBER_ROLES } }, select: { projectId: true } });
  return rows.map((r) => r.projectId);
}

/**
 * The project (by id, slug or name) the caller reviews, as its id: 404 when it does not exist or
 * is invisible to the caller; 403 when they see it but do not review it.
 */
export async function assertReviewerOf(user: ReviewUser, key: string): Promise<string> {
  const project = await findProjectRef(key);
  if (!project) throw new HttpError(404, NO_SUCH_PROJECT, "not_found");
  const projectId = project.id;
  if (user.role === "ADMIN") return projectId;
  const member = await db.projectMember.findUnique({ where: { projectId_userId: { projectId, userId: user.id } }, select: { role: true } });
  if (!member) throw new HttpError(404, NO_SUCH_PROJECT, "not_found");
  if (user.role !== "REVIEWER" || !REVIEW_MEMBER_ROLES.includes(member.role)) throw new HttpError(403, "Only the project's reviewers may review its items.", "forbidden");
  return projectId;
}

/** Whether the user wrote an annotation of the item (then they may not adjudicate it). */
export async function annotatedItem(userId: string, itemId: string): Promise<boolean> {
  const row = await db.annotation.findFirst({ where: { itemId, authorId: userId }, select: { id: true } });
  return !!row;
}

export function ownAnnotationError(): HttpError {
  return new HttpError(403, "You annotated this item, so another reviewer adjudicates it.", "own_annotation");
}

export function takenError(name: string): HttpError {
  return new HttpError(409, `${name || "Another reviewer"} is adjudicating this item.`, "adjudication_taken");
}

export function notDisputedError(status: string): HttpError {
  return new HttpError(409, `This adjudication is ${status.toLowerCase()}, not disputed: nothing to adjudicate.`, "not_disputed");
}

export const ADJUDICATION_ROW_SELECT = {
  id: true,
  itemId: true,
  projectId: true,
  kind: true,
  status: true,
  annotationIds: true,
  agreement: true,
  claimedById: true,
  claimedAt: true,
  claimedBy: { select: { id: true, name: true, email: true } },
  draft: true,
  version: true,
  resolvedById: true,
  resolvedBy: { select: { id: true, name: true, email: true } },
  resolution: true,
  decisions: true,
  note: true,
  updatedAt: true,
  resolvedAt: true,
} as const;

/** The adjudication, when the caller reviews its project (else 404 / 403 as `assertReviewerOf`). */
export async function adjudicationForReviewer(user: ReviewUser, id: string) {
  const row = await db.adjudication.findUnique({ where: { id }, select: ADJUDICATION_ROW_SELECT });
  if (!row) throw new HttpError(404, NO_SUCH_ADJUDICATION, "not_found");
  try {
    await assertReviewerOf(user, row.projectId);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new HttpError(404, NO_SUCH_ADJUDICATION, "not_found");
    throw error;
  }
  return row;
}

export type AdjudicationRecord = Awaited<ReturnType<typeof adjudicationForReviewer>>;

/** A user's display name (name, else email). */
export function displayName(u: { name: string; email: string } | null): string {
  return u ? u.name || u.email : "";
}
