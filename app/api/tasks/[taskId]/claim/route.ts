import { route } from "@/lib/http/route";
import { claimTask } from "@/lib/tasks/claim-task";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/tasks/:taskId/claim — claims one pooled task (atomic); 409 task_taken when someone else has it. */
export const POST = route<undefined, undefined, { taskId: string }>({ roles: TASK_ROLES }, async ({ user, params }) => claimTask(user, params.taskId));
