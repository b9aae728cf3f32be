/**
 * Signed, session-bound URLs for a baseline session's media (segments, init segment, the
 * free-rewatch video file).
 *
 *   sig = base64url(HMAC-SHA256(signingKey, "v1|<sessionId>|<userId>|<resource>|<exp>"))
 *
 * `signingKey` is the session's own random secret (BaselineSession.signingKey, omitted from every
 * query by default and never sent to the browser); `resource` is a segment index, "init" or
 * "media"; `exp` is a Unix time in seconds. A URL is therefore valid only for one session, one
 * signed-in user, one resource and a short time. Verification is constant-time. Holding a valid
 * URL is necessary but not sufficient: the segment route also re-checks the session's progress
 * (segment-access.ts) on every request.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type SignedResource = number | "init" | "media";

export type SignInput = {
  sessionId: string;
  userId: string;
  resource: SignedResource;
  /** Expiry, Unix seconds. */
  exp: number;
};

export type VerifyResult = "ok" | "expired" | "bad_signature" | "malformed";

function message(input: SignInput): string {
  return `v1|${input.sessionId}|${input.userId}|${String(input.resource)}|${input.exp}`;
}

export function segmentSignature(signingKey: string, input: SignInput): string {
  return createHmac("sha256", signingKey).update(message(input)).digest("base64url");
}

/** Path (no origin) of a signed resource. */
export function signedResourcePath(signingKey: string, input: SignInput): string {
  const sig = segmentSignature(signingKey, input);
  const query = `exp=${input.exp}&sig=${sig}`;
  if (input.resource === "media") return `/api/sessions/${encodeURIComponent(input.sessionId)}/media?${query}`;
  return `/api/segments/${encodeURIComponent(input.sessionId)}/${input.resource}?${query}`;
}

/** Parses the `[index]` path parameter of the segment route: a non-negative integer or "init". */
export function parseResourceParam(value: string): SignedResource | null {
  if (value === "init") return "init";
  if (/^(0|[1-9][0-9]{0,6})$/.test(value)) return Number(value);
  return null;
}

/**
 * Checks a signature: "malformed" when exp/sig are missing or not well formed, "bad_signature" for
 * any mismatch (other session, other user, other resource, altered expiry or signature),
 * "expired" only for a genuine signature whose time has passed.
 */
export function verifySegmentSignature(
  signingKey: string,
  input: Omit<SignInput, "exp">,
  exp: string | null | undefined,
  sig: string | null | undefined,
  nowSec: number = Math.floor(Date.now() / 1000),
): VerifyResult {
  if (!exp || !sig || !/^[0-9]{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return "malformed";
  const expected = Buffer.from(segmentSignature(signingKey, { ...input, exp: Number(exp) }), "base64url");
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad_signature";
  if (Number(exp) < nowSec) return "expired";
  return "ok";
}
