import { itemDrillDown } from "@/lib/leaderboard/drill-down";
import { route } from "@/lib/http/route";
import { RUN_TRUTH_ROLES } from "@/lib/runs/access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/projects/[projectId]/leaderboard/items/[itemId] — one item (id or native id): its
 * ground truth and every run's raw answer, parsed answer and scores (ADMIN/REVIEWER; 403 for
 * annotators and participants).
 */
export const GET = route<undefined, undefined, { projectId: string; itemId: string }>({ roles: RUN_TRUTH_ROLES }, async ({ params }) =>
  itemDrillDown(params.projectId, params.itemId),
);
