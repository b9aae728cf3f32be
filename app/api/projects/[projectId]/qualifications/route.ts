import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { projectAccess } from "@/lib/projects/project-access";
import { listAttempts, startAttempt } from "@/lib/review/qualification-attempts";
import { startQualificationBodySchema } from "@/lib/review/qualification-api-schemas";
import { TASK_ROLES } from "@/lib/tasks/task-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string };

/** GET /api/projects/:projectId/qualifications (admins, the project's reviewers) — {attempts}: every attempt with its per-kind figures. */
export const GET = route<undefined, undefined, Params>({ roles: ["ADMIN", "REVIEWER"] }, async ({ user, params }) => {
  const { project } = await projectAccess(user, params.projectId, "read");
  return { attempts: await listAttempts(project.id) };
});

/**
 * POST /api/projects/:projectId/qualifications {} (the project's annotators) — starts the caller's
 * attempt: one QUALIFY task per gold item; 201 {qualificationId, attempt, taskIds, firstTaskId, created}
 * (200 with created false when their attempt is already open); 409 already_qualified / retry_not_allowed.
 */
export const POST = route({ roles: TASK_ROLES, body: startQualificationBodySchema }, async ({ user, params, request }) => {
  const { project } = await projectAccess(user, (params as Params).projectId, "read");
  const result = await startAttempt({ id: user.id, ip: clientIp(request.headers) }, project.id);
  return Response.json(result, { status: result.created ? 201 : 200, headers: { "cache-control": "no-store" } });
});
