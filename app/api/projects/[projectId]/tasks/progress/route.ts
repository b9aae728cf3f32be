import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectAccess } from "@/lib/projects/project-access";
import { taskProgress } from "@/lib/tasks/task-queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/projects/:projectId/tasks/progress (admins) — open / in progress / submitted / skipped per annotator and the pool. */
export const GET = route<undefined, undefined, { projectId: string }>({ roles: PROJECT_ADMIN_ROLES }, async ({ user, params }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  return taskProgress(project.id);
});
