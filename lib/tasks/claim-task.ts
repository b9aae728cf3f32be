import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { assertUserQualified, qualifiedWorkWhere, refuseUnqualified, unqualifiedProjects } from "./qualification-gate";
import { parseWorkflowSettings } from "./workflow-settings";

export type ClaimUser = { id: string; role: string };

/** Projects whose pool the user may claim from: ANNOTATOR member, allowed by the workflow settings (optionally one project). */
async function poolProjects(user: ClaimUser, projectId?: string): Promise<string[]> {
  const rows = await db.projectMember.findMany({
    where: { userId: user.id, role: "ANNOTATOR", ...(projectId ? { projectId } : {}) },
    select: { project: { select: { id: true, benchmark: true, settings: true } } },
  });
  return rows
    .filter((r) => {
      const w = parseWorkflowSettings(r.project.settings, r.project.benchmark);
      return !w.annotatorIds || w.annotatorIds.includes(user.id);
    })
    .map((r) => r.project.id);
}

const ORDER = [{ createdAt: "asc" as const }, { id: "asc" as const }];

/**
 * POST /api/me/tasks/next: the caller's next task. First their own assigned OPEN task (oldest
 * first); else a pooled OPEN task of a project they may annotate in, on an item they have no task
 * on yet (never the same person twice on one item) and did not author (no ItemRevision of the
 * item names them), claimed with ONE conditional update
 * (`userId IS NULL AND status = OPEN`): of two annotators racing for the same task exactly one
 * update matches; the other moves on to the next candidate. Null when there is nothing to do.
 */
export async function claimNextTask(user: ClaimUser, projectId?: string): Promise<{ taskId: string; claimed: "assigned" | "pool" } | null> {
  const memberOf = projectId ? await db.projectMember.findUnique({ where: { projectId_userId: { projectId, userId: user.id } }, select: { userId: true } }) : true;
  if (projectId && !memberOf && user.role !== "ADMIN") throw new HttpError(404, "No such project.", "not_found");
  // Qualification gate: no real task of a project the caller has not qualified in (403 not_qualified when nothing else is left).
  const unqualified = await unqualifiedProjects(user.id, projectId);
  for (let attempt = 0; attempt < 20; attempt++) {
    const own = await db.task.findFirst({
      where: { userId: user.id, status: "OPEN", ...(projectId ? { projectId } : {}), project: { members: { some: { userId: user.id } } }, ...qualifiedWorkWhere(unqualified) },
      orderBy: ORDER,
      select: { id: true },
    });
    if (own) {
      const r = await db.task.updateMany({ where: { id: own.id, userId: user.id, status: "OPEN" }, data: { status: "IN_PROGRESS", claimedAt: new Date() } });
      if (r.count === 1) return { taskId: own.id, claimed: "assigned" };
      continue;
    }
    break;
  }
  const projects = (await poolProjects(user, projectId)).filter((p) => !unqualified.includes(p));
  if (!projects.length) return refuseUnqualified(unqualified);
  const skipped = new Set<string>();
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = await db.task.findFirst({
      where: {
        projectId: { in: projects },
        userId: null,
        status: "OPEN",
        kind: "ANNOTATE",
        id: { notIn: [...skipped] },
        // Conflict of interest: never an item the caller has another pass of, or authored.
        item: { status: "ACTIVE", tasks: { none: { userId: user.id } }, revisions: { none: { authorId: user.id } } },
      },
      orderBy: ORDER,
      select: { id: true, itemId: true },
    });
    if (!candidate) return refuseUnqualified(unqualified);
    const r = await db.task.updateMany({
      where: { id: candidate.id, userId: null, status: "OPEN" },
      data: { userId: user.id, status: "IN_PROGRESS", claimedAt: new Date() },
    });
    if (r.count === 1) {
      // Two passes of one item claimed at once by the same person (two tabs): give the second back.
      const mine = await db.task.count({ where: { itemId: candidate.itemId, userId: user.id, kind: "ANNOTATE" } });
      if (mine > 1) {
        await db.task.updateMany({ where: { id: candidate.id, userId: user.id }, data: { userId: null, status: "OPEN", claimedAt: null } });
        skipped.add(candidate.id);
        continue;
      }
      return { taskId: candidate.id, claimed: "pool" };
    }
    skipped.add(candidate.id);
  }
  return null;
}

/**
 * POST /api/tasks/:taskId/claim: claims this pooled task (same conditional update); 409
 * `task_taken` when someone else got it, 409 `conflict_of_interest` when the caller has another
 * pass of the item or authored it.
 */
export async function claimTask(user: ClaimUser, taskId: string): Promise<{ taskId: string }> {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { id: true, projectId: true, itemId: true, userId: true, status: true, kind: true } });
  const projects = task ? await poolProjects(user, task.projectId) : [];
  if (!task || (!projects.length && task.userId !== user.id)) throw new HttpError(404, "No such task.", "not_found");
  if (task.userId === user.id) return { taskId };
  if (task.kind !== "QUALIFY") await assertUserQualified(task.projectId, user.id);
  if (task.userId !== null || task.status !== "OPEN") throw new HttpError(409, "Another annotator has this task already.", "task_taken");
  const mine = await db.task.count({ where: { itemId: task.itemId, userId: user.id, kind: task.kind } });
  if (mine > 0) throw new HttpError(409, "You already have a task on this item; another annotator must do this pass (conflict of interest).", "conflict_of_interest");
  const authored = await db.itemRevision.count({ where: { itemId: task.itemId, authorId: user.id } });
  if (authored > 0) throw new HttpError(409, "You authored this item; another annotator must annotate it (conflict of interest).", "conflict_of_interest");
  const r = await db.task.updateMany({ where: { id: taskId, userId: null, status: "OPEN" }, data: { userId: user.id, status: "IN_PROGRESS", claimedAt: new Date() } });
  if (r.count !== 1) throw new HttpError(409, "Another annotator has this task already.", "task_taken");
  return { taskId };
}
