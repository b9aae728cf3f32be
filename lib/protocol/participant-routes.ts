/**
 * Every API route a participant can reach (PURE; shared by the truth crawler test, the lead's
 * browser crawler and the docs). `:name` marks a path parameter. Everything here must be
 * participant-safe: no ItemTruth data, no stored answers (own or others'), no labels, notes,
 * external ids or times beyond the unlocked query point, in bodies, headers or error messages.
 */
export type ParticipantRoute = {
  method: "GET" | "POST";
  path: string;
  /** What the route returns. */
  returns: "json" | "playlist" | "media" | "redirect";
};

export const PARTICIPANT_API_ROUTES: readonly ParticipantRoute[] = [
  { method: "GET", path: "/api/studies/:studyId/enter", returns: "redirect" },
  { method: "GET", path: "/api/studies/:studyId/participation", returns: "json" },
  { method: "POST", path: "/api/studies/:studyId/consent", returns: "json" },
  { method: "GET", path: "/api/sessions/:sessionId", returns: "json" },
  { method: "POST", path: "/api/sessions/:sessionId/claim", returns: "json" },
  { method: "GET", path: "/api/sessions/:sessionId/playlist.m3u8", returns: "playlist" },
  { method: "GET", path: "/api/segments/:sessionId/:index", returns: "media" },
  { method: "GET", path: "/api/sessions/:sessionId/media", returns: "media" },
  { method: "POST", path: "/api/sessions/:sessionId/answers", returns: "json" },
];

/** Participant pages (for the browser crawler). */
export const PARTICIPANT_PAGES: readonly string[] = [
  "/s/:studyId",
  "/s/:studyId/session/:sessionId",
  "/s/:studyId/done",
];

/** Fills `:name` parameters. */
export function fillRoute(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing route parameter ${name} for ${path}`);
    return encodeURIComponent(v);
  });
}
