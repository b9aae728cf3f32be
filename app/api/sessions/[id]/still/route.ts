import { route } from "@/lib/http/route";
import { PARTICIPANT_ROLES } from "@/lib/protocol/participant-roles";
import { sessionStill } from "@/lib/protocol/session-still";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/sessions/[id]/still: the current query point's frame as a PNG, once the video has reached it. */
export const GET = route<undefined, undefined, { id: string }>({ roles: PARTICIPANT_ROLES }, async ({ params, user }) => sessionStill(user, params.id));
