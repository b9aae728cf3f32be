import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";

/**
 * Qualification gating (issue 12, docs/annotation/review.md "Qualification"): in a project with a
 * gold set (one with items), an ANNOTATOR member gets real work (claim, assignment, opening or
 * submitting an annotation task) only after a PASSED attempt on one of the project's gold sets.
 * QUALIFY tasks themselves are never gated. Project reviewers and admins are not gated.
 */

/** Projects (optionally only `projectId`) where the user is an ANNOTATOR member not yet qualified. */
export async function unqualifiedProjects(userId: string, projectId?: string): Promise<string[]> {
  const sets = await db.goldSet.findMany({
    where: { items: { some: {} }, project: { members: { some: { userId, role: "ANNOTATOR" } } }, ...(projectId ? { projectId } : {}) },
    select: { projectId: true },
  });
  if (!sets.length) return [];
  const gated = [...new Set(sets.map((s) => s.projectId))];
  const passed = await db.qualification.findMany({ where: { userId, status: "PASSED", goldSet: { projectId: { in: gated } } }, select: { goldSet: { select: { projectId: true } } } });
  const ok = new Set(passed.map((p) => p.goldSet.projectId));
  return gated.filter((p) => !ok.has(p));
}

/** Prisma `where` part keeping QUALIFY tasks and tasks of projects the user is qualified in. */
export function qualifiedWorkWhere(unqualified: readonly string[]) {
  return unqualified.length ? { OR: [{ kind: "QUALIFY" as const }, { projectId: { notIn: [...unqualified] } }] } : {};
}

async function projectNames(ids: readonly string[]): Promise<string> {
  const rows = await db.project.findMany({ where: { id: { in: [...ids] } }, select: { name: true }, orderBy: { name: "asc" } });
  return rows.map((r) => r.name).join(", ");
}

/** 403 not_qualified for the caller (claim, workspace, submit). */
export async function notQualifiedError(unqualified: readonly string[]): Promise<HttpError> {
  const names = await projectNames(unqualified);
  return new HttpError(
    403,
    `You have not passed the qualification of ${names} yet: start the Qualification on your queue first (real tasks open once you pass).`,
    "not_qualified",
    { projectIds: [...unqualified] },
  );
}

/** Null when `unqualified` is empty (nothing to say); otherwise throws 403 not_qualified. */
export async function refuseUnqualified(unqualified: readonly string[]): Promise<null> {
  if (unqualified.length) throw await notQualifiedError(unqualified);
  return null;
}

/** Throws 403 not_qualified when the user may not do real work in the project yet. */
export async function assertUserQualified(projectId: string, userId: string): Promise<void> {
  const un = await unqualifiedProjects(userId, projectId);
  if (un.length) throw await notQualifiedError(un);
}

/** Throws 403 not_qualified naming every named annotator (`field`.i) who has not passed the project's qualification. */
export async function assertAssigneesQualified(projectId: string, userIds: readonly string[], field: string): Promise<void> {
  const issues: { field: string; message: string }[] = [];
  for (const [i, userId] of userIds.entries()) {
    if (!(await unqualifiedProjects(userId, projectId)).length) continue;
    const u = await db.user.findUnique({ where: { id: userId }, select: { name: true, email: true } });
    const who = u ? (u.name ? `${u.name} (${u.email})` : u.email) : userId;
    issues.push({ field: userIds.length === 1 && field === "userId" ? field : `${field}.${i}`, message: `${who} has not passed this project's qualification` });
  }
  if (issues.length) throw new HttpError(403, issues.map((x) => `${x.field}: ${x.message}`).join("; "), "not_qualified", issues);
}
