import { route } from "@/lib/http/route";
import { projectAccess } from "@/lib/projects/project-access";
import { RUN_UPLOAD_ROLES } from "@/lib/runs/access";
import { refreshChanceRuns } from "@/lib/runs/chance-runs";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST /api/projects/[projectId]/runs/chance — (re)computes the chance rows the benchmark's paper
 * reports (TOC-Bench Random; VSTAT random and frequency) from the current truth (admins; reviewer members).
 * Other benchmarks: `{ids: []}` (their papers report none).
 */
export const POST = route<undefined, undefined, { projectId: string }>({ roles: RUN_UPLOAD_ROLES }, async ({ params, user }) => {
  const { project } = await projectAccess(user, params.projectId);
  return { ids: await refreshChanceRuns(project.id) };
});
