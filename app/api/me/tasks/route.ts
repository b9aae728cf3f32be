import { route } from "@/lib/http/route";
import { TASK_ROLES } from "@/lib/tasks/task-access";
import { myQueue } from "@/lib/tasks/task-queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/me/tasks — the caller's queue (their tasks; open pool per project they may claim from). */
export const GET = route({ roles: TASK_ROLES }, async ({ user }) => myQueue(user.id));
