import { route } from "@/lib/http/route";
import { resolveAdjudicationBodySchema } from "@/lib/review/api-schemas";
import { resolveAdjudication } from "@/lib/review/resolve-adjudication";
import { REVIEW_ROLES } from "@/lib/review/review-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/adjudications/:id/resolve {baseVersion, picks, note, document?}; 422 pick_problems / note_required; 409 not_disputed / version_conflict. */
export const POST = route({ roles: REVIEW_ROLES, body: resolveAdjudicationBodySchema, maxBodyBytes: 8 * 1024 * 1024 }, async ({ user, params, body }) =>
  resolveAdjudication(user, (params as { id: string }).id, body),
);
