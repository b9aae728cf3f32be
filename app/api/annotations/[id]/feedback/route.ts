import { route } from "@/lib/http/route";
import { annotationFeedback } from "@/lib/review/feedback";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/annotations/[id]/feedback — the author's document against the item's final one
 * (`FeedbackPayload`, lib/review/dashboard-api-schemas.ts); 404 for anyone else and before the
 * item's double review is AGREED or RESOLVED.
 */
export const GET = route<undefined, undefined, { id: string }>({ roles: TASK_ROLES }, async ({ user, params }) => annotationFeedback(user.id, params.id));
