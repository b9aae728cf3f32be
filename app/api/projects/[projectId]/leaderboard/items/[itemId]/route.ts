import { itemDrillDown } from "@/lib/leaderboard/drill-down";
import { route } from "@/lib/http/route";
import { projectAccess } from "@/lib/projects/project-access";
import { RUN_TRUTH_ROLES } from "@/lib/runs/access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/projects/[projectId]/leaderboard/items/[itemId] — one item (id or native id): its
 * ground truth and every run's raw answer, parsed answer and scores (admins and reviewer members:
 * `truthVisibleTo`; 403 for annotators and participants, 404 for non-members).
 */
export const GET = route<undefined, undefined, { projectId: string; itemId: string }>({ roles: RUN_TRUTH_ROLES }, async ({ params, user }) => {
  const { project } = await projectAccess(user, params.projectId, "truth");
  return itemDrillDown(project.id, params.itemId);
});
