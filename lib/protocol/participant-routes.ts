/**
 * Every API route a participant can reach (PURE; shared by the truth crawler test, the browser
 * crawler and the docs), DERIVED from the one route policy (lib/http/route-policy.ts): every
 * entry that allows participants, with what it returns. A new participant route is crawled as
 * soon as its policy entry exists (tests/baseline-truth-crawler.test.ts fails until it requests
 * it). `:name` marks a path parameter, `:name*` a catch-all. Everything here must be
 * participant-safe: no ItemTruth data, no stored answers (own or others'), no labels, notes,
 * external ids or times beyond the unlocked query point, in bodies, headers or error messages.
 */
import { participantReachable, type HttpMethod, type ParticipantReturns } from "@/lib/http/route-policy";

export type ParticipantRoute = {
  method: HttpMethod;
  path: string;
  /** What the route returns. */
  returns: ParticipantReturns;
};

export const PARTICIPANT_API_ROUTES: readonly ParticipantRoute[] = participantReachable();

/** Participant pages (for the browser crawler). */
export const PARTICIPANT_PAGES: readonly string[] = [
  "/s/:studyId",
  "/s/:studyId/session/:sessionId",
  "/s/:studyId/done",
];

/** Fills `:name` parameters (`:name*` takes a list, joined with "/"). */
export function fillRoute(path: string, params: Record<string, string | readonly string[]>): string {
  return path.replace(/:([A-Za-z]+)(\*\??)?/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing route parameter ${name} for ${path}`);
    return typeof v === "string" ? encodeURIComponent(v) : v.map(encodeURIComponent).join("/");
  });
}
