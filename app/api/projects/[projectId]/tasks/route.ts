import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectAccess } from "@/lib/projects/project-access";
import { createTasks } from "@/lib/tasks/create-tasks";
import { listProjectTasks } from "@/lib/tasks/task-queries";
import { createTasksBodySchema, taskListQuerySchema, type TaskListQuery } from "@/lib/tasks/task-schemas";

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

/** GET /api/projects/:projectId/tasks?status=&user=<userId|pool>&page= (admins) — the project's annotation tasks, 50 a page. */
export const GET = route<undefined, TaskListQuery, { projectId: string }>({ roles: PROJECT_ADMIN_ROLES, query: taskListQuerySchema }, async ({ user, params, query }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  return listProjectTasks(project.id, query);
});
