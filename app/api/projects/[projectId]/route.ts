import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { clientIp } from "@/lib/audit/client-ip";
import { PROJECT_ADMIN_ROLES, PROJECT_READ_ROLES } from "@/lib/projects/access";
import { updateProject } from "@/lib/projects/project-admin";
import { getProject, importHistory, projectOverview } from "@/lib/projects/project-queries";
import { projectUpdateSchema, type ProjectUpdate } from "@/lib/projects/settings";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string };

/** GET /api/projects/[projectId] — the project, its settings, counts, pending videos and import history (staff). */
export const GET = route<undefined, undefined, Params>({ roles: PROJECT_READ_ROLES }, async ({ params }) => {
  const project = await getProject(params.projectId);
  if (!project) throw new HttpError(404, "No such project.");
  const [overview, imports] = await Promise.all([projectOverview(project.id), importHistory(project.id)]);
  return { project, overview, imports };
});

/** PATCH /api/projects/[projectId] {name?, description?} (admin). */
export const PATCH = route<ProjectUpdate, undefined, Params>({ roles: PROJECT_ADMIN_ROLES, body: projectUpdateSchema }, async ({ params, body, user, request }) => ({
  project: await updateProject(params.projectId, body, { id: user.id, ip: clientIp(request.headers) }),
}));
