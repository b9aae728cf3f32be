import { restoreRevisionBodySchema } from "@/lib/annotation/api-schemas";
import { restoreRevision } from "@/lib/annotation/annotation-history";
import { route } from "@/lib/http/route";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/annotations/:id/restore {revision, baseVersion, clientSaveId} — a past version becomes a new version (author). */
export const POST = route({ roles: TASK_ROLES, body: restoreRevisionBodySchema }, async ({ user, params, body }) => restoreRevision(user, (params as { id: string }).id, body));
