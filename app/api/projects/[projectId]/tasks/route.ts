import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectAccess } from "@/lib/projects/project-access";
import { createTasks } from "@/lib/tasks/create-tasks";
import { createTasksBodySchema } from "@/lib/tasks/task-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST /api/projects/:projectId/tasks {items: {all} | {filter} | {ids}, assignees: userId[]} (admins)
 * — creates annotation tasks (docs/annotation/design.md); 201 {items, created, existing, pooled, byAssignee}.
 */
export const POST = route({ roles: PROJECT_ADMIN_ROLES, body: createTasksBodySchema }, async ({ user, params, body, request }) => {
  const { project } = await projectAccess(user, (params as { projectId: string }).projectId, "manage");
  const result = await createTasks(project.id, body, { id: user.id, ip: clientIp(request.headers) });
  return Response.json(result, { status: 201, headers: { "cache-control": "no-store" } });
});
