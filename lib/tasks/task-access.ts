import "server-only";
import { db } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";
import { HttpError } from "@/lib/http/http-error";
import { isProjectMember } from "@/lib/projects/project-access";

/**
 * Who reaches a task (the one check of every task route): admins every task; anyone else only a
 * task assigned to them in a project they are (still) a member of. Anything else answers 404 "No
 * such task." (existence is not confirmed). A pooled task is reached by claiming it first.
 */
export const NO_SUCH_TASK = "No such task.";

export type TaskUser = { id: string; role: Role };

export const TASK_ROLES = ["ADMIN", "REVIEWER", "ANNOTATOR"] as const satisfies readonly Role[];

export async function taskForUser(user: TaskUser, taskId: string) {
  const task = await db.task.findUnique({
    where: { id: taskId },
    select: { id: true, projectId: true, itemId: true, userId: true, kind: true, round: true, status: true, mode: true, timeSpentMs: true, skipReason: true },
  });
  if (!task) throw new HttpError(404, NO_SUCH_TASK, "not_found");
  if (user.role === "ADMIN") return { task, isMember: await isProjectMember(task.projectId, user.id), isAssignee: task.userId === user.id };
  const isMember = await isProjectMember(task.projectId, user.id);
  if (!isMember) throw new HttpError(404, NO_SUCH_TASK, "not_found");
  if (task.userId === null) throw new HttpError(409, "This task is in the pool: claim it first (Start next, or Claim on your queue).", "task_not_claimed");
  if (task.userId !== user.id) throw new HttpError(404, NO_SUCH_TASK, "not_found");
  return { task, isMember, isAssignee: true };
}
