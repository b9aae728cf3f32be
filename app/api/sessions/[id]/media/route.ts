import { route } from "@/lib/http/route";
import { serveSessionMedia } from "@/lib/protocol/serve-media";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/sessions/[id]/media?exp=..&sig=..: the whole video of a FREE_REWATCH session (ranges), signed. */
export const GET = route<undefined, undefined, { id: string }>({ roles: "public" }, async ({ request, params, user }) =>
  serveSessionMedia(request, user, params.id),
);
