import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { findProjectRef, projectAccess } from "@/lib/projects/project-access";
import { RUN_UPLOAD_ROLES } from "@/lib/runs/access";
import { getRunDetail, requireRun } from "@/lib/runs/run-queries";
import { rescoreRunNow } from "@/lib/runs/rescore-stale";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string; runId: string };

/**
 * POST /api/projects/[projectId]/runs/[runId]/rescore — rescore the run now against the current
 * truth (stale, failed or not) from its stored predictions (admins; reviewer members). 409 while
 * another process is rescoring it.
 */
export const POST = route<undefined, undefined, Params>({ roles: RUN_UPLOAD_ROLES }, async ({ params, user }) => {
  const { project } = await projectAccess(user, params.projectId);
  const run = await requireRun(project.id, params.runId);
  const outcome = await rescoreRunNow(run.id);
  if (outcome === "busy") throw new HttpError(409, "This run is being rescored right now; try again in a moment.", "rescoring");
  const fresh = await findProjectRef(project.id);
  return { run: await getRunDetail(project.id, run.id, fresh?.truthVersion ?? project.truthVersion) };
});
