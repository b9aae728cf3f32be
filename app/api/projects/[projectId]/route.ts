import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { updateProject } from "@/lib/projects/project-admin";
import { projectAccess } from "@/lib/projects/project-access";
import { getProject, importHistory, projectOverview } from "@/lib/projects/project-queries";
import { projectUpdateSchema, type ProjectUpdate } from "@/lib/projects/settings";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string };

/** GET /api/projects/[projectId] — the project, its settings, counts, pending videos and import history (admins; members). */
export const GET = route<undefined, undefined, Params>({ roles: PROJECT_READ_ROLES }, async ({ params, user }) => {
  const { project: ref } = await projectAccess(user, params.projectId);
  const [project, overview, imports] = await Promise.all([getProject(ref.id), projectOverview(ref.id), importHistory(ref.id)]);
  return { project, overview, imports };
});

/** PATCH /api/projects/[projectId] {name?, description?} (admin). */
export const PATCH = route<ProjectUpdate, undefined, Params>({ roles: PROJECT_ADMIN_ROLES, body: projectUpdateSchema }, async ({ params, body, user, request }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  return { project: await updateProject(project.id, body, { id: user.id, ip: clientIp(request.headers) }) };
});
