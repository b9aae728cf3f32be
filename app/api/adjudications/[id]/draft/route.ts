import { route } from "@/lib/http/route";
import { saveAdjudicationDraftBodySchema } from "@/lib/review/api-schemas";
import { REVIEW_ROLES } from "@/lib/review/review-access";
import { saveAdjudicationDraft } from "@/lib/review/save-adjudication-draft";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** PUT /api/adjudications/:id/draft {baseVersion, clientSaveId, draft} → {version, replayed}; 409 version_conflict / not_disputed. */
export const PUT = route({ roles: REVIEW_ROLES, body: saveAdjudicationDraftBodySchema, maxBodyBytes: 8 * 1024 * 1024 }, async ({ user, params, body }) =>
  saveAdjudicationDraft(user, (params as { id: string }).id, body),
);
