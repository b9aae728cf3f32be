import { route } from "@/lib/http/route";
import { PARTICIPANT_ROLES } from "@/lib/protocol/participant-roles";
import { sessionPlaylist } from "@/lib/protocol/session-playlist";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/sessions/[id]/playlist.m3u8: the current stretch only, URLs signed for this session and
 * user. The caller's user row is read with the session (`caller: "deferred"`).
 */
export const GET = route<undefined, undefined, { id: string }>({ roles: PARTICIPANT_ROLES, caller: "deferred" }, async ({ params, caller }) =>
  sessionPlaylist(caller, params.id),
);
