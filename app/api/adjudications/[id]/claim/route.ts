import { route } from "@/lib/http/route";
import { claimAdjudication } from "@/lib/review/claim-adjudication";
import { REVIEW_ROLES } from "@/lib/review/review-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/adjudications/:id/claim — 409 adjudication_taken / not_disputed; 403 own_annotation. */
export const POST = route({ roles: REVIEW_ROLES }, async ({ user, params }) => claimAdjudication(user, (params as { id: string }).id));
