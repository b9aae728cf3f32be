import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectAccess } from "@/lib/projects/project-access";
import { updateWorkflowSettings, workflowSettingsOf } from "@/lib/tasks/workflow-store";
import { workflowUpdateSchema } from "@/lib/tasks/workflow-settings";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string };

/** GET /api/projects/:projectId/workflow (admins) — the workflow settings with defaults filled in. */
export const GET = route<undefined, undefined, Params>({ roles: PROJECT_ADMIN_ROLES }, async ({ user, params }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  return { workflow: await workflowSettingsOf(project.id) };
});

/** PATCH /api/projects/:projectId/workflow {activities?, mode?, annotationsPerItem?, annotatorIds?} (admins). */
export const PATCH = route({ roles: PROJECT_ADMIN_ROLES, body: workflowUpdateSchema }, async ({ user, params, body, request }) => {
  const { project } = await projectAccess(user, (params as Params).projectId, "manage");
  return { workflow: await updateWorkflowSettings(project.id, body, { id: user.id, ip: clientIp(request.headers) }) };
});
