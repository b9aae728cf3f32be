import { route } from "@/lib/http/route";
import { recordTaskActivity } from "@/lib/tasks/task-activity";
import { TASK_ROLES } from "@/lib/tasks/task-access";
import { taskActivityBodySchema } from "@/lib/tasks/task-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST /api/tasks/:taskId/activity {intervals: [{start, end}]} — the task's annotator reports wall
 * time their open workspace was in use; stored as a union per task and annotator (idempotent:
 * retries and overlapping tabs count once). 200 {timeSpentMs}; 403 `not_assignee`; 404 another's task.
 */
export const POST = route({ roles: TASK_ROLES, body: taskActivityBodySchema, maxBodyBytes: 64 * 1024 }, async ({ user, params, body }) =>
  recordTaskActivity(user, (params as { taskId: string }).taskId, body.intervals),
);
