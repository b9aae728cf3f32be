import "server-only";
import type { DeferredCaller } from "@/lib/auth/deferred-caller";
import { errorResponse } from "@/lib/http/json-response";
import { ALREADY_SERVED_MESSAGE, authorizeSegment } from "./authorize-segment";
import { CONTENT_LENGTH_HINT_HEADER, ensureContentLengthRestorer } from "@/lib/video-library/restore-content-length";
import { claimSegmentServe, releaseSegmentServe } from "./claim-segment-serve";
import { INIT_SEGMENT_CACHE_CONTROL } from "./init-segment-url";
import { logServe } from "./log-serve";
import { segmentBytes } from "./segment-bytes";
import { segmentFileKey } from "./segment-files";
import { touchSession } from "./touch-session";

/**
 * Headers of every media response: never cached, never sniffed, never embedded elsewhere. (The
 * one exception to "never cached": a served init segment, which holds no picture, may be kept by
 * the participant's own browser; lib/protocol/init-segment-url.ts.)
 */
export const PRIVATE_MEDIA_HEADERS = {
  "cache-control": "private, no-store, max-age=0",
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "same-origin",
} as const;

ensureContentLengthRestorer();

/** `GET /api/segments/[sessionId]/[index]?exp=..&sig=..`: one segment (or "init"), if servable now. */
export async function serveSegment(request: Request, caller: DeferredCaller, sessionId: string, index: string): Promise<Response> {
  const url = new URL(request.url);
  const auth = await authorizeSegment({
    sessionId,
    caller,
    resourceParam: index,
    exp: url.searchParams.get("exp"),
    sig: url.searchParams.get("sig"),
  });
  if (!auth.ok) return errorResponse(auth.status, auth.reason, auth.message);
  let bytes: Buffer;
  try {
    bytes = await segmentBytes(segmentFileKey(auth.session.loaded, auth.resource));
  } catch {
    await logServe(auth.session.id, auth.logIndex, false, "file_missing");
    return errorResponse(404, "not_found", "This media is not available.");
  }
  let claim: string | null = null;
  if (auth.resource === "init") {
    await logServe(auth.session.id, auth.logIndex, true, "ok", bytes.byteLength);
  } else if (!(claim = await claimSegmentServe(auth.session.id, auth.resource, bytes.byteLength))) {
    // Another request for this segment (or a later one) was served in the meantime.
    await logServe(auth.session.id, auth.logIndex, false, "already_served");
    return errorResponse(410, "already_served", ALREADY_SERVED_MESSAGE);
  }
  await touchSession(auth.session);
  return new Response(claim ? handedOutOnce(bytes, claim) : new Uint8Array(bytes), {
    status: 200,
    headers: {
      "content-type": "video/mp4",
      "content-length": String(bytes.byteLength),
      [CONTENT_LENGTH_HINT_HEADER]: String(bytes.byteLength),
      ...PRIVATE_MEDIA_HEADERS,
      ...(auth.resource === "init" ? { "cache-control": INIT_SEGMENT_CACHE_CONTROL } : {}),
    },
  });
}

/**
 * The segment's body as a stream that hands its bytes out when the response is first read (HTTP
 * piping pulls it; highWaterMark 0 keeps the stream from pulling on its own). Cancelled before that
 * (the client went away, nothing was sent), the claim is released: a segment counts as served only
 * when its body was handed out. The claim itself stays first, so simultaneous requests still get
 * exactly one 200.
 */
function handedOutOnce(bytes: Buffer, claim: string): ReadableStream<Uint8Array> {
  let handedOut = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        handedOut = true;
        // A copy, as before: the cached buffer (segment-bytes.ts) is shared by every response.
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
      async cancel() {
        if (!handedOut) await releaseSegmentServe(claim);
      },
    },
    { highWaterMark: 0 },
  );
}
