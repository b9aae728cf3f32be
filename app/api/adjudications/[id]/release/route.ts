import { route } from "@/lib/http/route";
import { releaseAdjudication } from "@/lib/review/claim-adjudication";
import { REVIEW_ROLES } from "@/lib/review/review-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/adjudications/:id/release — back to the queue (the draft stays); 409 adjudication_taken; 403 own_annotation. */
export const POST = route({ roles: REVIEW_ROLES }, async ({ user, params }) => releaseAdjudication(user, (params as { id: string }).id));
