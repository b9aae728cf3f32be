import { workspacePayload } from "@/lib/annotation/workspace-payload";
import { route } from "@/lib/http/route";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/annotate/tasks/:taskId — the workspace payload (docs/annotation/design.md). */
export const GET = route<undefined, undefined, { taskId: string }>({ roles: TASK_ROLES }, async ({ user, params }) => workspacePayload(user, params.taskId));
