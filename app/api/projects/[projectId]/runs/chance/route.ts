import { route } from "@/lib/http/route";
import { RUN_UPLOAD_ROLES } from "@/lib/runs/access";
import { refreshChanceRuns } from "@/lib/runs/chance-runs";
import { findProject } from "@/lib/runs/project";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST /api/projects/[projectId]/runs/chance — (re)computes the chance rows the benchmark's paper
 * reports (TOC-Bench Random; VSTAT random and frequency) from the current truth (ADMIN/REVIEWER).
 * Other benchmarks: `{ids: []}` (their papers report none).
 */
export const POST = route<undefined, undefined, { projectId: string }>({ roles: RUN_UPLOAD_ROLES }, async ({ params }) => {
  const project = await findProject(params.projectId);
  return { ids: await refreshChanceRuns(project.id) };
});
