import { z } from "zod";
import { listDrillItems } from "@/lib/leaderboard/drill-down";
import { route } from "@/lib/http/route";
import { text } from "@/lib/http/text-schema";
import { projectAccess } from "@/lib/projects/project-access";
import { RUN_TRUTH_ROLES } from "@/lib/runs/access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({
  q: text().max(200).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/**
 * GET /api/projects/[projectId]/leaderboard/items — drill-down list: a page of items with every
 * run's headline per-item score (admins and reviewer members: `truthVisibleTo`; 403 for annotators and
 * participants, 404 for non-members).
 */
export const GET = route<undefined, z.infer<typeof query>, { projectId: string }>({ roles: RUN_TRUTH_ROLES, query }, async ({ params, query: q, user }) => {
  const { project } = await projectAccess(user, params.projectId, "truth");
  return listDrillItems(project.id, q);
});
