import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookieHeader } from "@/lib/auth/session-cookie";
import { env } from "@/lib/config/env";

/**
 * The browser a crowd worker entered a study with: a signed cookie naming their StudyParticipant
 * (HMAC-SHA256 with the app's secret), set by every successful platform entry and sent back only to
 * that study's entry route (its Path). With it, the same browser gets back in whatever submission
 * id the platform sends (a reload, a return after the sign-in session expired); without it another
 * browser must present the submission id the participant is bound to (lib/studies/enter-study.ts).
 */
export const ENTRY_COOKIE = "playhead-entry";
const MAX_AGE_SECONDS = 90 * 24 * 3600;

function mac(participantId: string): string {
  return createHmac("sha256", env().authSecret).update(`playhead-entry:${participantId}`).digest("base64url");
}

/** The `Set-Cookie` value binding this browser to the participant. */
export function entryCookie(studyId: string, participantId: string): string {
  const parts = [
    `${ENTRY_COOKIE}=${participantId}.${mac(participantId)}`,
    `Path=/api/studies/${encodeURIComponent(studyId)}/enter`,
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${MAX_AGE_SECONDS}`,
  ];
  if (env().secureCookies) parts.push("Secure");
  return parts.join("; ");
}

/** The participant id a request's entry cookie proves, or null (absent, malformed or forged). */
export function entryCookieParticipant(cookieHeader: string | null): string | null {
  const value = parseCookieHeader(cookieHeader)[ENTRY_COOKIE];
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const participantId = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(mac(participantId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? participantId : null;
}
