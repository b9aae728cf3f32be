import { route } from "@/lib/http/route";
import { updateStudy } from "@/lib/studies/manage-study";
import { getStudy } from "@/lib/studies/study-queries";
import { updateStudySchema, type UpdateStudyInput } from "@/lib/studies/study-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/studies/[studyId]: the study, its settings and items (admin). */
export const GET = route<undefined, undefined, { studyId: string }>({ roles: ["ADMIN"] }, async ({ params }) => ({ study: await getStudy(params.studyId) }));

/** PATCH /api/studies/[studyId] {name?, protocol?, settings?} (admin; protocol and media settings only in DRAFT). */
export const PATCH = route<UpdateStudyInput, undefined, { studyId: string }>(
  { roles: ["ADMIN"], body: updateStudySchema },
  async ({ params, body, user }) => ({ study: await updateStudy(params.studyId, body, user.id) }),
);
