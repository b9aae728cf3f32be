import { route } from "@/lib/http/route";
import { myQualifications } from "@/lib/review/my-qualifications";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/me/qualifications — {qualifications}: the caller's qualification per project with a gold set (state, latest figures, tasks; never the gold truth). */
export const GET = route({ roles: TASK_ROLES }, async ({ user }) => ({ qualifications: await myQualifications(user.id) }));
