import { route } from "@/lib/http/route";
import { adjudicationListQuerySchema } from "@/lib/review/api-schemas";
import { REVIEW_ROLES } from "@/lib/review/review-access";
import { listAdjudications } from "@/lib/review/review-queues";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/projects/:projectId/adjudications?status=&kind=&page= — rows for the project's reviewers and admins. */
export const GET = route({ roles: REVIEW_ROLES, query: adjudicationListQuerySchema }, async ({ user, params, query }) =>
  listAdjudications(user, (params as { projectId: string }).projectId, query),
);
