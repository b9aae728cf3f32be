import { skipTaskBodySchema } from "@/lib/annotation/api-schemas";
import { route } from "@/lib/http/route";
import { TASK_ROLES } from "@/lib/tasks/task-access";
import { skipTask } from "@/lib/tasks/task-actions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/tasks/:taskId/skip {reason} — the task's annotator skips it, saying why. */
export const POST = route({ roles: TASK_ROLES, body: skipTaskBodySchema }, async ({ user, params, body }) => skipTask(user, (params as { taskId: string }).taskId, body.reason));
