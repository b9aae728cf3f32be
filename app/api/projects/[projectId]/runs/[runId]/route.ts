import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { projectAccess } from "@/lib/projects/project-access";
import { RUN_DELETE_ROLES, RUN_VIEW_ROLES } from "@/lib/runs/access";
import { deleteRun, getRunDetail } from "@/lib/runs/run-queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string; runId: string };

/** GET /api/projects/[projectId]/runs/[runId] — aggregates and problems of a run (admins; members; no truth). */
export const GET = route<undefined, undefined, Params>({ roles: RUN_VIEW_ROLES }, async ({ params, user }) => {
  const { project } = await projectAccess(user, params.projectId);
  return { run: await getRunDetail(project.id, params.runId, project.truthVersion) };
});

/** DELETE /api/projects/[projectId]/runs/[runId] — removes a run and its results (admin). */
export const DELETE = route<undefined, undefined, Params>({ roles: RUN_DELETE_ROLES }, async ({ params, user, request }) => {
  const { project } = await projectAccess(user, params.projectId, "manage");
  return { deleted: await deleteRun(project.id, params.runId, { id: user.id, ip: clientIp(request.headers) }) };
});
