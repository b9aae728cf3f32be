import { route } from "@/lib/http/route";
import { PARTICIPANT_ROLES } from "@/lib/protocol/participant-roles";
import { giveConsent } from "@/lib/studies/consent";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/studies/[studyId]/consent: accept the consent text; assigns the videos; returns the first session. */
export const POST = route<undefined, undefined, { studyId: string }>({ roles: PARTICIPANT_ROLES }, async ({ params, user }) =>
  giveConsent(params.studyId, user),
);
