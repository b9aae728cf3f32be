import { route } from "@/lib/http/route";
import { ANY_ROLE } from "@/lib/protocol/any-role";
import { sessionStill } from "@/lib/protocol/session-still";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/sessions/[id]/still: the current query point's frame as a PNG, once the video has reached it. */
export const GET = route<undefined, undefined, { id: string }>({ roles: ANY_ROLE }, async ({ params, user }) => sessionStill(user, params.id));
