import { route } from "@/lib/http/route";
import { ANY_ROLE } from "@/lib/protocol/any-role";
import { giveConsent } from "@/lib/studies/consent";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST /api/studies/[studyId]/consent: accept the consent text; assigns the videos; returns the first session. */
export const POST = route<undefined, undefined, { studyId: string }>({ roles: ANY_ROLE }, async ({ params, user }) =>
  giveConsent(params.studyId, user),
);
