import { claimNextBodySchema } from "@/lib/annotation/api-schemas";
import { route } from "@/lib/http/route";
import { claimNextTask } from "@/lib/tasks/claim-task";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST /api/me/tasks/next {projectId?} — claims the caller's next task (their assigned open tasks
 * first, then the pool; atomic). 200 {taskId, claimed: "assigned"|"pool"}, or {taskId: null} when
 * there is nothing to do.
 */
export const POST = route({ roles: TASK_ROLES, body: claimNextBodySchema }, async ({ user, body }) => {
  const next = await claimNextTask(user, body.projectId);
  return next ?? { taskId: null, claimed: null, message: "Nothing to do: no open task is assigned to you and your projects' pools are empty." };
});
