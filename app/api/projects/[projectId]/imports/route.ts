import { route } from "@/lib/http/route";
import { PROJECT_READ_ROLES } from "@/lib/projects/access";
import { projectAccess } from "@/lib/projects/project-access";
import { importHistory } from "@/lib/projects/project-queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/projects/[projectId]/imports — the project's import history with full reports, newest first (admins; members). */
export const GET = route<undefined, undefined, { projectId: string }>({ roles: PROJECT_READ_ROLES }, async ({ params, user }) => {
  const { project } = await projectAccess(user, params.projectId);
  return { imports: await importHistory(project.id, 200) };
});
