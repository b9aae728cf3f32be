import { route } from "@/lib/http/route";
import { serveSegment } from "@/lib/protocol/serve-segment";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/segments/[sessionId]/[index]?exp=..&sig=..: one HLS segment ("init" = the fMP4 init
 * segment) of a streaming session, only if the signature (session + signed-in user + index +
 * expiry) holds and the session's progress allows it (lib/protocol/segment-access.ts). Every
 * request is logged in SegmentServe.
 */
export const GET = route<undefined, undefined, { sessionId: string; index: string }>({ roles: "public" }, async ({ request, params, user }) =>
  serveSegment(request, user, params.sessionId, params.index),
);
