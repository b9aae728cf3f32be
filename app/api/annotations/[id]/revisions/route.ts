import { listRevisions } from "@/lib/annotation/annotation-history";
import { route } from "@/lib/http/route";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/annotations/:id/revisions — history (author, admins): version, who, when, action, summary. */
export const GET = route<undefined, undefined, { id: string }>({ roles: TASK_ROLES }, async ({ user, params }) => listRevisions(user, params.id));
