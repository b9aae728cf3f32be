import { route } from "@/lib/http/route";
import { ANY_ROLE } from "@/lib/protocol/any-role";
import { sessionPlaylist } from "@/lib/protocol/session-playlist";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/sessions/[id]/playlist.m3u8: the current stretch only, URLs signed for this session and user. */
export const GET = route<undefined, undefined, { id: string }>({ roles: ANY_ROLE }, async ({ params, user }) =>
  sessionPlaylist(user, params.id),
);
