/**
 * WHO MAY CALL WHICH API ROUTE — the one declaration (PURE data + small helpers).
 *
 * Every route handler under app/api (each `route.ts` and each HTTP method it exports) has one
 * entry here, keyed `"<METHOD> <path>"` with the path written as the app directory spells it
 * (`[projectId]` → `:projectId`, `[...nextauth]` → `:nextauth*`). tests/route-policy-matrix.test.ts
 * walks every route.ts, calls every method as anonymous, participant, annotator, reviewer and
 * admin — each as a MEMBER and as an OUTSIDER (see `membership`) — with real ids from a seeded
 * database, and compares each status with this table: an allowed caller must not get 401, 403 or
 * 404; a refused one must get exactly the status declared. A route without an entry fails that
 * test (naming the route, method and file), and so does an entry whose route is gone. The same
 * test checks that each handler's role gate (`route({ roles })`) lets in every allowed role and
 * keeps out every role refused with 403, so the declaration and the enforcement cannot drift.
 * The participant crawlers' route list (lib/protocol/participant-routes.ts) is derived from here.
 *
 * Adding a route: add one line to ROUTE_POLICY (and, if its ids are not the usual ones, a request
 * fixture in tests/support/route-world.ts).
 *
 * The outcome rule (`expectedOutcome`), for a caller of role R, member or outsider:
 * - R not in `allow`: refused with `refused[R]`, else 401 for anonymous and 403 for the others
 *   (the role gate). `refused["R:outsider"]` overrides for the outsider only.
 * - R in `allow`, membership "any": allowed (member and outsider alike).
 * - R in `allow`, membership "project" / "own" / "study": the member is allowed; the outsider is
 *   refused with `refused["R:outsider"]`, else 404 (an inaccessible resource is answered as one
 *   that does not exist). Under "project", admins are never outsiders (they see every project);
 *   under "own" / "study" only where `adminsSeeAll` says so.
 *
 * What member means, per membership:
 * - "project": a ProjectMember of the project the route touches — the project in the path, or the
 *   project of the run, video, task, annotation, adjudication, gold set or qualification named.
 * - "own": the resource is the caller's own (their annotation and task, API token, baseline
 *   session); the outsider is another account of the same role.
 * - "study": a participant enrolled in the study (a StudyParticipant row); the outsider took
 *   another study.
 * - "any": membership does not matter (lists filtered to the caller, account routes, sign-in).
 */

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const CALLER_ROLES = ["anonymous", "participant", "annotator", "reviewer", "admin"] as const;
export type CallerRole = (typeof CALLER_ROLES)[number];
export type SignedInRole = Exclude<CallerRole, "anonymous">;
export type RefusedKey = CallerRole | `${SignedInRole}:outsider`;

export type Membership = "project" | "own" | "study" | "any";

/** What a participant-reachable route returns (the truth crawlers request each). */
export type ParticipantReturns = "json" | "playlist" | "media" | "image" | "redirect";

export type RoutePolicy = {
  /** Who may call the route (successfully, given the membership). */
  allow: readonly CallerRole[];
  membership: Membership;
  /** Under "own" / "study": admins are allowed on anyone's resource (they read every annotation, task, ...). */
  adminsSeeAll?: true;
  /** Exact statuses of refused callers where they differ from the rule (see the module comment). */
  refused?: Partial<Record<RefusedKey, number>>;
  /** Participant-reachable routes (`allow` has participant or anonymous): what they return. */
  participant?: ParticipantReturns;
};

export type RouteKey = `${HttpMethod} /api/${string}`;

const STAFF = ["annotator", "reviewer", "admin"] as const satisfies readonly CallerRole[];
const REVIEWERS = ["reviewer", "admin"] as const satisfies readonly CallerRole[];
const ADMIN = ["admin"] as const satisfies readonly CallerRole[];
const SIGNED_IN = ["participant", "annotator", "reviewer", "admin"] as const satisfies readonly CallerRole[];
const EVERYONE = ["anonymous", "participant", "annotator", "reviewer", "admin"] as const satisfies readonly CallerRole[];

/** Staff pass the role gate of a participant route but own no session: 404 like any session not theirs. */
const STAFF_OWN_NOTHING = { annotator: 404, reviewer: 404, admin: 404 } as const;
/** Signed media URLs are public routes: whoever is not the URL's participant fails the signature (403). */
const SIGNED_URL_REFUSED = { anonymous: 403, "participant:outsider": 403, annotator: 403, reviewer: 403, admin: 403 } as const;

/**
 * The table. Grouped by area; within a group by path. `refused` lists only what differs from the
 * rule, each with the reason in a comment where it is not obvious.
 */
export const ROUTE_POLICY: Readonly<Record<RouteKey, RoutePolicy>> = {
  // ── Sign-in (next-auth: csrf, session, providers, callback, signout) ──
  "GET /api/auth/:nextauth*": { allow: EVERYONE, membership: "any", participant: "json" },
  "POST /api/auth/:nextauth*": { allow: EVERYONE, membership: "any", participant: "redirect" },

  // ── Accounts ──
  "GET /api/admin/users": { allow: ADMIN, membership: "any" },
  "POST /api/admin/users": { allow: ADMIN, membership: "any" },
  "GET /api/admin/users/:id": { allow: ADMIN, membership: "any" },
  "PATCH /api/admin/users/:id": { allow: ADMIN, membership: "any" },
  "POST /api/admin/users/:id/password": { allow: ADMIN, membership: "any" },
  "GET /api/admin/users/invites": { allow: ADMIN, membership: "any" },
  "POST /api/admin/users/invites": { allow: ADMIN, membership: "any" },
  "DELETE /api/admin/users/invites/:id": { allow: ADMIN, membership: "any" },
  "GET /api/admin/jobs": { allow: ADMIN, membership: "any" },
  "GET /api/admin/jobs/:id": { allow: ADMIN, membership: "any" },
  "POST /api/admin/jobs/:id": { allow: ADMIN, membership: "any" },
  "GET /api/tokens": { allow: STAFF, membership: "any" },
  "POST /api/tokens": { allow: STAFF, membership: "any" },
  // Only your own token; another account's (an admin's too) answers 404.
  "DELETE /api/tokens/:id": { allow: STAFF, membership: "own" },

  // ── Projects ──
  "GET /api/projects": { allow: STAFF, membership: "any" },
  "POST /api/projects": { allow: ADMIN, membership: "any" },
  "GET /api/projects/:projectId": { allow: STAFF, membership: "project" },
  "PATCH /api/projects/:projectId": { allow: ADMIN, membership: "project" },
  "GET /api/projects/:projectId/export": { allow: ADMIN, membership: "project" },
  "POST /api/projects/:projectId/import": { allow: ADMIN, membership: "project" },
  "GET /api/projects/:projectId/imports": { allow: STAFF, membership: "project" },
  "GET /api/projects/:projectId/items": { allow: STAFF, membership: "project" },
  "GET /api/projects/:projectId/items/:itemId": { allow: STAFF, membership: "project" },
  "PATCH /api/projects/:projectId/items/:itemId": { allow: ADMIN, membership: "project" },
  "GET /api/projects/:projectId/members": { allow: STAFF, membership: "project" },
  "POST /api/projects/:projectId/members": { allow: ADMIN, membership: "project" },
  "PATCH /api/projects/:projectId/members/:userId": { allow: ADMIN, membership: "project" },
  "DELETE /api/projects/:projectId/members/:userId": { allow: ADMIN, membership: "project" },
  "GET /api/projects/:projectId/settings": { allow: STAFF, membership: "project" },
  "PATCH /api/projects/:projectId/settings": { allow: ADMIN, membership: "project" },
  "GET /api/projects/:projectId/workflow": { allow: ADMIN, membership: "project" },
  "PATCH /api/projects/:projectId/workflow": { allow: ADMIN, membership: "project" },

  // ── Runs and leaderboard (truth-bearing routes: reviewers and admins) ──
  "GET /api/projects/:projectId/leaderboard": { allow: STAFF, membership: "project" },
  "GET /api/projects/:projectId/leaderboard/items": { allow: REVIEWERS, membership: "project" },
  "GET /api/projects/:projectId/leaderboard/items/:itemId": { allow: REVIEWERS, membership: "project" },
  "GET /api/projects/:projectId/runs": { allow: STAFF, membership: "project" },
  "POST /api/projects/:projectId/runs": { allow: REVIEWERS, membership: "project" },
  "POST /api/projects/:projectId/runs/chance": { allow: REVIEWERS, membership: "project" },
  "GET /api/projects/:projectId/runs/:runId": { allow: STAFF, membership: "project" },
  "DELETE /api/projects/:projectId/runs/:runId": { allow: ADMIN, membership: "project" },
  "GET /api/projects/:projectId/runs/:runId/items": { allow: REVIEWERS, membership: "project" },
  "POST /api/projects/:projectId/runs/:runId/rescore": { allow: REVIEWERS, membership: "project" },
  "GET /api/judge/queues": { allow: REVIEWERS, membership: "any" },
  "GET /api/judge/runs/:runId/ec": { allow: REVIEWERS, membership: "project" },
  "PUT /api/judge/runs/:runId/ec": { allow: REVIEWERS, membership: "project" },
  "GET /api/judge/runs/:runId/vsas": { allow: REVIEWERS, membership: "project" },
  "PUT /api/judge/runs/:runId/vsas": { allow: REVIEWERS, membership: "project" },

  // ── Videos ──
  "GET /api/videos": { allow: STAFF, membership: "any" },
  "PUT /api/videos/upload": { allow: ADMIN, membership: "any" },
  "POST /api/videos/upload": { allow: ADMIN, membership: "any" },
  "GET /api/videos/:id": { allow: STAFF, membership: "project" },
  "DELETE /api/videos/:id": { allow: ADMIN, membership: "project" },
  "GET /api/videos/:id/frames/:frame": { allow: STAFF, membership: "project" },
  "GET /api/videos/:id/pts": { allow: STAFF, membership: "project" },
  "GET /api/videos/:id/scene-cuts": { allow: STAFF, membership: "project" },
  "GET /api/videos/:id/thumbnail": { allow: STAFF, membership: "project" },
  "GET /api/media/:videoId": { allow: STAFF, membership: "project" },
  "HEAD /api/media/:videoId": { allow: STAFF, membership: "project" },

  // ── Annotation work ──
  "GET /api/me/tasks": { allow: STAFF, membership: "any" },
  "POST /api/me/tasks/next": { allow: STAFF, membership: "any" },
  "GET /api/me/feedback": { allow: STAFF, membership: "any" },
  "GET /api/me/qualifications": { allow: STAFF, membership: "any" },
  "GET /api/projects/:projectId/tasks": { allow: ADMIN, membership: "project" },
  "POST /api/projects/:projectId/tasks": { allow: ADMIN, membership: "project" },
  "GET /api/projects/:projectId/tasks/progress": { allow: ADMIN, membership: "project" },
  // A pooled task: annotator members of its project claim it; other staff are not in the pool (404).
  "POST /api/tasks/:taskId/claim": { allow: ["annotator"], membership: "project", refused: { reviewer: 404, admin: 404 } },
  "PATCH /api/tasks/:taskId": { allow: ADMIN, membership: "project" },
  // The task's annotator skips it; an admin is told it is not theirs (403), other staff do not see it (404).
  "POST /api/tasks/:taskId/skip": { allow: ["annotator"], membership: "own", refused: { reviewer: 404, admin: 403 } },
  // Time on task: only the task's annotator reports it (an admin: 403 not_assignee; other staff do not see the task: 404).
  "POST /api/tasks/:taskId/activity": { allow: ["annotator"], membership: "own", refused: { reviewer: 404, admin: 403 } },
  // The workspace: the task's annotator, and admins (read-only); other staff 404.
  "GET /api/annotate/tasks/:taskId": { allow: ["annotator", "admin"], membership: "own", adminsSeeAll: true, refused: { reviewer: 404 } },
  // Writing an annotation: its author only (admins 403: not theirs; other staff 404).
  "PUT /api/annotations/:id": { allow: ["annotator"], membership: "own", refused: { reviewer: 404, admin: 403 } },
  "POST /api/annotations/:id/submit": { allow: ["annotator"], membership: "own", refused: { reviewer: 404, admin: 403 } },
  "POST /api/annotations/:id/restore": { allow: ["annotator"], membership: "own", refused: { reviewer: 404, admin: 403 } },
  "GET /api/annotations/:id/revisions": { allow: ["annotator", "admin"], membership: "own", adminsSeeAll: true, refused: { reviewer: 404 } },
  "GET /api/annotations/:id/revisions/:version": { allow: ["annotator", "admin"], membership: "own", adminsSeeAll: true, refused: { reviewer: 404 } },
  // The author's own comparison with the final document: nobody else's (404).
  "GET /api/annotations/:id/feedback": { allow: ["annotator"], membership: "own", refused: { reviewer: 404, admin: 404 } },
  "POST /api/annotations/:id/reopen": { allow: ADMIN, membership: "project" },

  // ── Review: adjudication, agreement, qualification ──
  "GET /api/review/queues": { allow: REVIEWERS, membership: "any" },
  "POST /api/review/next": { allow: REVIEWERS, membership: "any" },
  "GET /api/adjudications/:id": { allow: REVIEWERS, membership: "project" },
  "POST /api/adjudications/:id/claim": { allow: REVIEWERS, membership: "project" },
  "PUT /api/adjudications/:id/draft": { allow: REVIEWERS, membership: "project" },
  "POST /api/adjudications/:id/release": { allow: REVIEWERS, membership: "project" },
  "POST /api/adjudications/:id/resolve": { allow: REVIEWERS, membership: "project" },
  "GET /api/projects/:projectId/adjudications": { allow: REVIEWERS, membership: "project" },
  "GET /api/projects/:projectId/agreement": { allow: REVIEWERS, membership: "project" },
  "GET /api/projects/:projectId/report": { allow: REVIEWERS, membership: "project" },
  "GET /api/projects/:projectId/gold-sets": { allow: ADMIN, membership: "project" },
  "POST /api/projects/:projectId/gold-sets": { allow: ADMIN, membership: "project" },
  "PATCH /api/projects/:projectId/gold-sets/:goldSetId": { allow: ADMIN, membership: "project" },
  "DELETE /api/projects/:projectId/gold-sets/:goldSetId": { allow: ADMIN, membership: "project" },
  "DELETE /api/projects/:projectId/gold-sets/:goldSetId/items/:itemId": { allow: ADMIN, membership: "project" },
  "GET /api/projects/:projectId/qualifications": { allow: REVIEWERS, membership: "project" },
  // Annotators qualify; reviewers and admins pass the role gate but have nothing to qualify for (403).
  "POST /api/projects/:projectId/qualifications": { allow: ["annotator"], membership: "project", refused: { reviewer: 403, "reviewer:outsider": 404, admin: 403 } },
  "POST /api/qualifications/:id/allow-retry": { allow: ADMIN, membership: "project" },

  // ── Human-baseline studies: administration ──
  "GET /api/studies": { allow: ADMIN, membership: "any" },
  "POST /api/studies": { allow: ADMIN, membership: "any" },
  "GET /api/studies/:studyId": { allow: ADMIN, membership: "any" },
  "PATCH /api/studies/:studyId": { allow: ADMIN, membership: "any" },
  "PUT /api/studies/:studyId/items": { allow: ADMIN, membership: "any" },
  "POST /api/studies/:studyId/status": { allow: ADMIN, membership: "any" },
  "POST /api/studies/:studyId/rescore": { allow: ADMIN, membership: "any" },
  "GET /api/studies/:studyId/results": { allow: ADMIN, membership: "any" },
  "GET /api/studies/:studyId/export": { allow: ADMIN, membership: "any" },
  "GET /api/studies/:studyId/sessions/:sessionId/log": { allow: ADMIN, membership: "any" },

  // ── Human-baseline studies: participants (everything here is crawled for truth leaks) ──
  // The study link: a visitor with the platform's ids, or a signed-in participant account, joins (303
  // to the study page). Staff accounts never take part in a study (403 staff_not_allowed, docs/access.md).
  "GET /api/studies/:studyId/enter": { allow: ["anonymous", "participant"], membership: "any", participant: "redirect" },
  // Participants only (staff: the role gate, 403; they do not learn a study's title this way).
  "GET /api/studies/:studyId/participation": { allow: ["participant"], membership: "any", participant: "json" },
  // Consent: only a participant account that entered the study (404 otherwise); staff: the role gate (403).
  "POST /api/studies/:studyId/consent": { allow: ["participant"], membership: "study", participant: "json" },
  // A session: its participant only; another participant's answers 404; staff: the role gate (403).
  "GET /api/sessions/:id": { allow: ["participant"], membership: "own", participant: "json" },
  "POST /api/sessions/:id/claim": { allow: ["participant"], membership: "own", participant: "json" },
  "POST /api/sessions/:id/answers": { allow: ["participant"], membership: "own", participant: "json" },
  "GET /api/sessions/:id/playlist.m3u8": { allow: ["participant"], membership: "own", participant: "playlist" },
  "GET /api/sessions/:id/still": { allow: ["participant"], membership: "own", participant: "image" },
  // Signed URLs (session + user + resource + expiry): any other caller's request fails the signature (403).
  "GET /api/sessions/:id/media": { allow: ["participant"], membership: "own", refused: SIGNED_URL_REFUSED, participant: "media" },
  "GET /api/segments/:sessionId/:index": { allow: ["participant"], membership: "own", refused: SIGNED_URL_REFUSED, participant: "media" },
};

/**
 * WHO MAY OPEN WHICH PAGE (app/**\/page.tsx), keyed by its URL pattern, with the same rule:
 * allowed → the page renders (or redirects elsewhere, e.g. /annotate to the next task); refused →
 * 401 = sent to /sign-in, 403 = sent to /forbidden, 404 = Next's not-found page.
 * tests/page-policy-matrix.test.ts renders every page's server component as every caller.
 */
export const PAGE_POLICY: Readonly<Record<string, RoutePolicy>> = {
  // Public: sign-in (a signed-in visitor is sent home), invitations, the forbidden page, a study link's landing.
  "/sign-in": { allow: EVERYONE, membership: "any" },
  "/invite/:token": { allow: EVERYONE, membership: "any" },
  "/forbidden": { allow: EVERYONE, membership: "any" },
  "/s/:studyId": { allow: EVERYONE, membership: "any" },
  "/": { allow: SIGNED_IN, membership: "any" },
  "/account/tokens": { allow: STAFF, membership: "any" },

  // Participants: the completion page shows only the caller's own progress; a session page only to its participant.
  "/s/:studyId/done": { allow: SIGNED_IN, membership: "any" },
  "/s/:studyId/session/:sessionId": { allow: ["participant"], membership: "own", refused: STAFF_OWN_NOTHING },

  // Administration.
  "/admin/audit": { allow: ADMIN, membership: "any" },
  "/admin/jobs": { allow: ADMIN, membership: "any" },
  "/admin/users": { allow: ADMIN, membership: "any" },
  "/admin/studies": { allow: ADMIN, membership: "any" },
  "/admin/studies/:studyId": { allow: ADMIN, membership: "any" },

  // Projects (members; admins all).
  "/projects": { allow: STAFF, membership: "any" },
  "/projects/new": { allow: ADMIN, membership: "any" },
  "/projects/:projectId": { allow: STAFF, membership: "project" },
  "/projects/:projectId/items": { allow: STAFF, membership: "project" },
  "/projects/:projectId/items/:itemId": { allow: STAFF, membership: "project" },
  "/projects/:projectId/leaderboard": { allow: STAFF, membership: "project" },
  "/projects/:projectId/leaderboard/items/:itemId": { allow: REVIEWERS, membership: "project" },
  "/projects/:projectId/runs": { allow: STAFF, membership: "project" },
  "/projects/:projectId/runs/:runId": { allow: STAFF, membership: "project" },
  "/projects/:projectId/runs/new": { allow: REVIEWERS, membership: "project" },
  "/projects/:projectId/agreement": { allow: REVIEWERS, membership: "project" },
  "/projects/:projectId/report": { allow: REVIEWERS, membership: "project" },
  "/projects/:projectId/qualification": { allow: REVIEWERS, membership: "project" },
  "/projects/:projectId/settings": { allow: ADMIN, membership: "project" },
  "/projects/:projectId/workflow": { allow: ADMIN, membership: "project" },

  // Videos.
  "/videos": { allow: STAFF, membership: "any" },
  "/videos/upload": { allow: ADMIN, membership: "any" },
  "/videos/:id": { allow: STAFF, membership: "project" },

  // Annotation and review.
  "/annotate": { allow: STAFF, membership: "any" },
  "/annotate/:taskId": { allow: ["annotator", "admin"], membership: "own", adminsSeeAll: true, refused: { reviewer: 404 } },
  "/annotate/feedback/:annotationId": { allow: ["annotator"], membership: "own", refused: { reviewer: 404, admin: 404 } },
  "/review": { allow: REVIEWERS, membership: "any" },
  "/review/adjudications/:id": { allow: REVIEWERS, membership: "project" },
  "/review/judge": { allow: REVIEWERS, membership: "any" },
  "/review/judge/runs/:runId/ec": { allow: REVIEWERS, membership: "project" },
  "/review/judge/runs/:runId/vsas": { allow: REVIEWERS, membership: "project" },
};

/** `"GET /api/projects/:projectId"` for a method and a URL pattern. */
export function routeKey(method: HttpMethod, path: string): RouteKey {
  return `${method} ${path}` as RouteKey;
}

/**
 * The URL pattern of an app directory: `app/api/projects/[projectId]/items` →
 * `/api/projects/:projectId/items`; route groups `(name)` are dropped; `[...x]` → `:x*`,
 * `[[...x]]` → `:x*?`.
 */
export function routePatternFromDir(dir: string): string {
  const parts = dir
    .split("/")
    .slice(1) // "app"
    .filter((p) => !(p.startsWith("(") && p.endsWith(")")))
    .map((p) => {
      const optionalCatchAll = /^\[\[\.\.\.(\w+)\]\]$/.exec(p);
      if (optionalCatchAll) return `:${optionalCatchAll[1]}*?`;
      const catchAll = /^\[\.\.\.(\w+)\]$/.exec(p);
      if (catchAll) return `:${catchAll[1]}*`;
      const param = /^\[(\w+)\]$/.exec(p);
      return param ? `:${param[1]}` : p;
    });
  return `/${parts.join("/")}`;
}

export type ExpectedOutcome = { allowed: true } | { allowed: false; status: number };

/** What a caller of `role` (member of the route's project / owner of its resource, or not) must get. */
export function expectedOutcome(policy: RoutePolicy, role: CallerRole, member: boolean): ExpectedOutcome {
  const refused = policy.refused ?? {};
  if (!policy.allow.includes(role)) {
    const status = (role !== "anonymous" && !member ? refused[`${role}:outsider`] : undefined) ?? refused[role] ?? (role === "anonymous" ? 401 : 403);
    return { allowed: false, status };
  }
  if (policy.membership === "any" || member || role === "anonymous") return { allowed: true };
  if (role === "admin" && (policy.membership === "project" || policy.adminsSeeAll)) return { allowed: true };
  return { allowed: false, status: refused[`${role as SignedInRole}:outsider`] ?? 404 };
}

/** The policy entries a participant's browser may use: everything that allows participants (or everyone). */
export function participantReachable(): { method: HttpMethod; path: string; returns: ParticipantReturns }[] {
  return Object.entries(ROUTE_POLICY)
    .filter(([, p]) => p.allow.includes("participant"))
    .map(([key, p]) => {
      const [method, path] = key.split(" ") as [HttpMethod, string];
      return { method, path, returns: p.participant ?? "json" };
    });
}

export { ADMIN, EVERYONE, REVIEWERS, SIGNED_IN, STAFF, STAFF_OWN_NOTHING };
