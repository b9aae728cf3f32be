import { route } from "@/lib/http/route";
import { myFeedback } from "@/lib/review/feedback";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/me/feedback — the caller's annotations whose item's double review is AGREED or RESOLVED: `{feedback: FeedbackListItem[]}`. */
export const GET = route({ roles: TASK_ROLES }, async ({ user }) => ({ feedback: await myFeedback(user.id) }));
