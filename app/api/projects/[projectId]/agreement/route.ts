import { route } from "@/lib/http/route";
import { agreementQuerySchema, type AgreementQuery } from "@/lib/review/dashboard-api-schemas";
import { agreementDownload } from "@/lib/review/dashboard-download";
import { assertReviewerOf, REVIEW_ROLES } from "@/lib/review/review-access";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/projects/[projectId]/agreement?format=json|csv&table=figures|disputed|throughput|items —
 * the agreement dashboard's figures (each with its 95 % bootstrap interval), disputed rates by
 * subtype, throughput per annotator, or every double-reviewed item (annotations, agreement,
 * adjudication), as a download. The project's reviewers (`assertReviewerOf`: admins, reviewer
 * members; annotators 403, non-members 404).
 */
export const GET = route<undefined, AgreementQuery, { projectId: string }>({ roles: REVIEW_ROLES, query: agreementQuerySchema }, async ({ params, query, user }) => {
  const file = await agreementDownload(await assertReviewerOf(user, params.projectId), query);
  return new Response(file.text, {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
  });
});
