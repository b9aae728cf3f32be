import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { updateStudy } from "@/lib/studies/manage-study";
import { updateStudySchema, type UpdateStudyInput } from "@/lib/studies/study-schemas";
import { parseStudySettings } from "@/lib/studies/study-settings";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/studies/[studyId]: the study, its settings and items (admin). */
export const GET = route<undefined, undefined, { studyId: string }>({ roles: ["ADMIN"] }, async ({ params }) => {
  const study = await db.study.findUnique({
    where: { id: params.studyId },
    select: {
      id: true,
      name: true,
      protocol: true,
      status: true,
      settings: true,
      projectId: true,
      createdAt: true,
      items: { select: { itemId: true, attentionCheck: true } },
      videos: { select: { segmentation: { select: { videoId: true, status: true, createdAt: true } } } },
    },
  });
  if (!study) throw new HttpError(404, "No such study.");
  return { study: { ...study, settings: parseStudySettings(study.settings) } };
});

/** PATCH /api/studies/[studyId] {name?, protocol?, settings?} (admin; protocol and media settings only in DRAFT). */
export const PATCH = route<UpdateStudyInput, undefined, { studyId: string }>(
  { roles: ["ADMIN"], body: updateStudySchema },
  async ({ params, body, user }) => ({ study: await updateStudy(params.studyId, body, user.id) }),
);
