import { route } from "@/lib/http/route";
import { reviewHomeQueues } from "@/lib/judging/review-home-queues";
import { REVIEW_ROLES } from "@/lib/review/review-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/review/queues — per reviewed project: disputed, expert, in progress (mine), judge, qualifications to confirm. */
export const GET = route({ roles: REVIEW_ROLES }, async ({ user }) => reviewHomeQueues(user));
