import { route } from "@/lib/http/route";
import { setStudyItems } from "@/lib/studies/manage-study";
import { studyItemsSchema, type StudyItemsInput } from "@/lib/studies/study-schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** PUT /api/studies/[studyId]/items {items: [{itemId, attentionCheck}]}: replaces the items (admin, DRAFT only). */
export const PUT = route<StudyItemsInput, undefined, { studyId: string }>(
  { roles: ["ADMIN"], body: studyItemsSchema, maxBodyBytes: 16 * 1024 * 1024 },
  async ({ params, body, user }) => setStudyItems(params.studyId, body, user.id),
);
