import { route } from "@/lib/http/route";
import { PARTICIPANT_ROLES } from "@/lib/protocol/participant-roles";
import { participation } from "@/lib/studies/participation";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/studies/[studyId]/participation: the caller's progress in the study (participant-safe). */
export const GET = route<undefined, undefined, { studyId: string }>({ roles: PARTICIPANT_ROLES }, async ({ params, user }) =>
  participation(params.studyId, user),
);
