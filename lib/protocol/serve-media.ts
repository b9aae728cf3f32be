import "server-only";
import type { SessionUser } from "@/lib/auth/request-user";
import { errorResponse } from "@/lib/http/json-response";
import { mediaStorage } from "@/lib/storage/media-storage";
import { findSession, ownsSession } from "./load-session";
import { logServe } from "./log-serve";
import { SERVE_INDEX } from "./serve-codes";
import { PRIVATE_MEDIA_HEADERS } from "./serve-segment";
import { verifySegmentSignature } from "./sign-segment-url";
import { sessionDeadline } from "./time-limit";
import { playbackFileKey } from "./segment-files";

/** Lifetime of a free-rewatch video URL (the player asks for a fresh one when it expires). */
export const MEDIA_URL_TTL_SECONDS = 2 * 3600;

function parseRange(header: string | null, size: number): { start: number; end: number } | "invalid" | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "invalid";
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return "invalid";
  return { start, end };
}

/**
 * `GET /api/sessions/[id]/media?exp=..&sig=..`: the whole video of a FREE_REWATCH session (byte
 * ranges supported), signed for this session and user, while the session is active. Streaming
 * sessions never get it. Every request is logged (index -3).
 */
export async function serveSessionMedia(request: Request, user: SessionUser | null, sessionId: string): Promise<Response> {
  const session = await findSession(sessionId);
  if (!session) return errorResponse(404, "not_found", "No such session.");
  const refuse = async (status: number, reason: string, message: string) => {
    await logServe(session.id, SERVE_INDEX.media, false, reason);
    return errorResponse(status, reason, message);
  };
  if (!user || !ownsSession(user, session)) return refuse(403, "wrong_user", "This media address belongs to another session.");
  if (session.protocol !== "FREE_REWATCH") return refuse(403, "not_streaming", "This media is not available.");
  if (!session.consentedAt) return refuse(403, "consent_required", "Accept the consent form first.");
  const url = new URL(request.url);
  const verdict = verifySegmentSignature(
    session.signingKey,
    { sessionId: session.id, userId: user.id, resource: "media" },
    url.searchParams.get("exp"),
    url.searchParams.get("sig"),
  );
  if (verdict !== "ok") return refuse(403, verdict, verdict === "expired" ? "This media address has expired; reload the page." : "This media address is not valid.");
  const deadline = sessionDeadline(session);
  if (session.status !== "ACTIVE" || session.studyStatus !== "OPEN" || (deadline && new Date() > deadline)) return refuse(410, "session_not_active", "This session is over.");
  const storage = mediaStorage();
  const file = playbackFileKey(session.loaded);
  const stored = await storage.head(file);
  if (!stored) return refuse(404, "file_missing", "This media is not available.");
  const size = stored.size;
  const range = parseRange(request.headers.get("range"), size);
  if (range === "invalid") {
    await logServe(session.id, SERVE_INDEX.media, false, "bad_range");
    return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}`, ...PRIVATE_MEDIA_HEADERS } });
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  await logServe(session.id, SERVE_INDEX.media, true, "ok", end - start + 1);
  const body = size === 0 ? null : await storage.getRange(file, start, end, { signal: request.signal });
  const headers: Record<string, string> = {
    "content-type": session.loaded.mimeType || "video/mp4",
    "accept-ranges": "bytes",
    "content-length": String(end - start + 1),
    ...PRIVATE_MEDIA_HEADERS,
  };
  if (range) headers["content-range"] = `bytes ${start}-${end}/${size}`;
  return new Response(body, { status: range ? 206 : 200, headers });
}
