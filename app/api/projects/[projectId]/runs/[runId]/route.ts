import { audit } from "@/lib/audit/audit";
import { clientIp } from "@/lib/audit/client-ip";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { RUN_DELETE_ROLES, RUN_VIEW_ROLES } from "@/lib/runs/access";
import { findProject } from "@/lib/runs/project";
import { getRunDetail } from "@/lib/runs/run-queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string; runId: string };

/** GET /api/projects/[projectId]/runs/[runId] — aggregates and problems of a run (staff; no truth). */
export const GET = route<undefined, undefined, Params>({ roles: RUN_VIEW_ROLES }, async ({ params }) => {
  const project = await findProject(params.projectId);
  return { run: await getRunDetail(project.id, params.runId, project.truthVersion) };
});

/** DELETE /api/projects/[projectId]/runs/[runId] — removes a run and its results (ADMIN). */
export const DELETE = route<undefined, undefined, Params>({ roles: RUN_DELETE_ROLES }, async ({ params, user, request }) => {
  const project = await findProject(params.projectId);
  const run = await db.modelRun.findFirst({ where: { id: params.runId, projectId: project.id }, select: { id: true, name: true, kind: true } });
  if (!run) throw new HttpError(404, "No such run in this project.", "not_found");
  await db.$transaction(async (tx) => {
    await tx.modelRun.delete({ where: { id: run.id } });
    await audit({ actorId: user.id, action: "run.delete", targetType: "ModelRun", targetId: run.id, ip: clientIp(request.headers), details: { projectId: project.id, name: run.name, kind: run.kind } }, tx);
  });
  return { deleted: run.id };
});
