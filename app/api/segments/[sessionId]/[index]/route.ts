import { route } from "@/lib/http/route";
import { serveSegment } from "@/lib/protocol/serve-segment";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/segments/[sessionId]/[index]?exp=..&sig=..: one HLS segment ("init" = the fMP4 init
 * segment) of a streaming session, only if the signature (session + signed-in user + index +
 * expiry) holds and the session's progress allows it (lib/protocol/segment-access.ts). Every
 * request is logged in SegmentServe. The caller's user row is read with the session (`caller:
 * "deferred"`, lib/auth/deferred-caller.ts).
 */
export const GET = route<undefined, undefined, { sessionId: string; index: string }>(
  { roles: "public", caller: "deferred" },
  async ({ request, params, caller }) => serveSegment(request, caller, params.sessionId, params.index),
);
