import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { db } from "@/lib/db/prisma";
import { RUN_UPLOAD_ROLES } from "@/lib/runs/access";
import { findProject } from "@/lib/runs/project";
import { getRunDetail } from "@/lib/runs/run-queries";
import { rescoreRunNow } from "@/lib/runs/rescore-stale";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string; runId: string };

/**
 * POST /api/projects/[projectId]/runs/[runId]/rescore — rescore the run now against the current
 * truth (stale, failed or not) from its stored predictions (ADMIN/REVIEWER). 409 while another
 * process is rescoring it.
 */
export const POST = route<undefined, undefined, Params>({ roles: RUN_UPLOAD_ROLES }, async ({ params }) => {
  const project = await findProject(params.projectId);
  const run = await db.modelRun.findFirst({ where: { id: params.runId, projectId: project.id }, select: { id: true } });
  if (!run) throw new HttpError(404, "No such run in this project.", "not_found");
  const outcome = await rescoreRunNow(run.id);
  if (outcome === "busy") throw new HttpError(409, "This run is being rescored right now; try again in a moment.", "rescoring");
  const fresh = await findProject(project.id);
  return { run: await getRunDetail(project.id, run.id, fresh.truthVersion) };
});
