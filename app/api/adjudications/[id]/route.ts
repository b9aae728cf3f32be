import { route } from "@/lib/http/route";
import { adjudicationPayload } from "@/lib/review/adjudication-payload";
import { REVIEW_ROLES } from "@/lib/review/review-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/adjudications/:id — the AdjudicationPayload (editable for the holder; read-only otherwise). */
export const GET = route({ roles: REVIEW_ROLES }, async ({ user, params }) => adjudicationPayload(user, (params as { id: string }).id));
