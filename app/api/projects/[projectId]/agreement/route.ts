import { route } from "@/lib/http/route";
import { projectAccess } from "@/lib/projects/project-access";
import { AGREEMENT_REVIEW_ROLES, agreementDownload } from "@/lib/review/dashboard-download";
import { agreementQuerySchema, type AgreementQuery } from "@/lib/review/dashboard-api-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/projects/[projectId]/agreement?format=json|csv&table=figures|disputed|throughput|items —
 * the agreement dashboard's figures (each with its 95 % bootstrap interval), disputed rates by
 * subtype, throughput per annotator, or every double-reviewed item (annotations, agreement,
 * adjudication), as a download. Admins and reviewer members of the project (annotators 403,
 * non-members 404).
 */
export const GET = route<undefined, AgreementQuery, { projectId: string }>({ roles: AGREEMENT_REVIEW_ROLES, query: agreementQuerySchema }, async ({ params, query, user }) => {
  const { project } = await projectAccess(user, params.projectId, "truth");
  const file = await agreementDownload(project, query);
  return new Response(file.text, {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
  });
});
