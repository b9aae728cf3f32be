import { route } from "@/lib/http/route";
import { reviewNextBodySchema } from "@/lib/review/api-schemas";
import { claimNextAdjudication } from "@/lib/review/claim-adjudication";
import { REVIEW_ROLES } from "@/lib/review/review-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/review/next {projectId?, kind?} → {adjudicationId} (null when the queue is empty); atomic claim. */
export const POST = route({ roles: REVIEW_ROLES, body: reviewNextBodySchema }, async ({ user, body }) => claimNextAdjudication(user, body));
