import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { assertAssigneesQualified } from "./qualification-gate";
import { taskForUser, type TaskUser } from "./task-access";
import { eligibleAnnotators } from "./workflow-store";

/** POST /api/tasks/:taskId/skip {reason}: the task's annotator sets it aside (SKIPPED, with the reason); a submitted task cannot be skipped. */
export async function skipTask(user: TaskUser, taskId: string, reason: string): Promise<{ status: "SKIPPED"; skipReason: string }> {
  const { task } = await taskForUser(user, taskId);
  if (task.userId !== user.id) throw new HttpError(403, "Only the task's annotator may skip it.", "forbidden");
  if (task.kind === "QUALIFY") throw new HttpError(409, "Qualification items cannot be skipped: the attempt is scored once every one is submitted.", "qualify_not_skippable");
  const r = await db.task.updateMany({ where: { id: taskId, userId: user.id, status: { in: ["OPEN", "IN_PROGRESS"] } }, data: { status: "SKIPPED", skipReason: reason } });
  if (r.count !== 1) {
    const now = await db.task.findUniqueOrThrow({ where: { id: taskId }, select: { status: true } });
    if (now.status === "SKIPPED") return { status: "SKIPPED", skipReason: reason };
    throw new HttpError(409, "This task has been submitted; it can no longer be skipped.", "task_submitted");
  }
  return { status: "SKIPPED", skipReason: reason };
}

/**
 * PATCH /api/tasks/:taskId {userId} (admins): gives the task to another eligible annotator, or back
 * to the pool (null), as OPEN. A draft the previous annotator started stays in the history but is
 * detached from the task (the new annotator starts afresh). Submitted tasks are refused (reopen first).
 */
export async function reassignTask(taskId: string, userId: string | null, actor: { id: string; ip?: string }) {
  const task = await db.task.findUnique({ where: { id: taskId }, select: { id: true, projectId: true, itemId: true, userId: true, status: true, kind: true } });
  if (!task) throw new HttpError(404, "No such task.", "not_found");
  if (task.status === "SUBMITTED") throw new HttpError(409, "This task has been submitted; reopen its annotation first.", "task_submitted");
  if (userId) {
    const eligible = (await eligibleAnnotators(task.projectId)).some((u) => u.id === userId);
    if (!eligible) throw new HttpError(400, "userId: may not annotate in this project", "invalid_input", [{ field: "userId", message: "may not annotate in this project" }]);
    if (task.kind !== "QUALIFY") await assertAssigneesQualified(task.projectId, [userId], "userId");
    const other = await db.task.count({ where: { itemId: task.itemId, userId, kind: task.kind, id: { not: taskId } } });
    if (other > 0) throw new HttpError(409, "userId: already has a task on this item (never the same person twice on one item)", "same_item");
    const authored = await db.itemRevision.findFirst({ where: { itemId: task.itemId, authorId: userId }, select: { author: { select: { name: true, email: true } } } });
    if (authored?.author) {
      const who = authored.author.name ? `${authored.author.name} (${authored.author.email})` : authored.author.email;
      throw new HttpError(409, `userId: ${who} authored this item and may not annotate it (conflict of interest)`, "conflict_of_interest", [{ field: "userId", message: `${who} authored this item` }]);
    }
  }
  await db.$transaction(async (tx) => {
    if (task.userId !== userId) await tx.annotation.updateMany({ where: { taskId }, data: { taskId: null } });
    await tx.task.update({ where: { id: taskId }, data: { userId, status: "OPEN", skipReason: null, claimedAt: null, assignedById: userId ? actor.id : null } });
    await audit({ actorId: actor.id, action: "task.reassign", targetType: "Task", targetId: taskId, ip: actor.ip, details: { from: task.userId, to: userId } }, tx);
  });
  return { id: taskId, userId, status: "OPEN" as const };
}
