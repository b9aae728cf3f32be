import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { reassignTask } from "@/lib/tasks/task-actions";
import { reassignTaskBodySchema } from "@/lib/tasks/task-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** PATCH /api/tasks/:taskId {userId | null} (admins) — reassign to an annotator or back to the pool. */
export const PATCH = route({ roles: PROJECT_ADMIN_ROLES, body: reassignTaskBodySchema }, async ({ user, params, body, request }) =>
  reassignTask((params as { taskId: string }).taskId, body.userId, { id: user.id, ip: clientIp(request.headers) }),
);
