import { z } from "zod";
import { route } from "@/lib/http/route";
import { text } from "@/lib/http/text-schema";
import { projectAccess } from "@/lib/projects/project-access";
import { RUN_TRUTH_ROLES } from "@/lib/runs/access";
import { getRunItems } from "@/lib/runs/run-queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { projectId: string; runId: string };
const query = z.object({
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  q: text().max(200).optional(),
  invalid: z.enum(["0", "1"]).optional(),
});

/**
 * GET /api/projects/[projectId]/runs/[runId]/items — per-item results (raw answer, parsed answer,
 * validity, scores) next to the ground truth. Admins and reviewer members only (`truthVisibleTo`;
 * 403 for annotators and participants, 404 for non-members). `?offset=&limit=` pages (≤ 500), `?q=` filters by native id, `?invalid=1` keeps
 * unparseable/missing answers.
 */
export const GET = route<undefined, z.infer<typeof query>, Params>({ roles: RUN_TRUTH_ROLES, query }, async ({ params, query: q, user }) => {
  const { project } = await projectAccess(user, params.projectId, "truth");
  return getRunItems(project.id, params.runId, { offset: q.offset, limit: q.limit, q: q.q, invalidOnly: q.invalid === "1" });
});
