/**
 * The participant-facing route handlers the baseline benchmark drives, mounted by path (shared by
 * the in-process client of scripts/bench-baseline.ts and the separate-process server of
 * scripts/bench/route-server.ts). Benchmark tooling only.
 */
import { routeTable } from "./route-table";

export const participantRoutes = routeTable([
  [/^\/api\/studies\/([^/]+)\/enter$/, "GET", () => import("@/app/api/studies/[studyId]/enter/route"), ["studyId"]],
  [/^\/api\/studies\/([^/]+)\/consent$/, "POST", () => import("@/app/api/studies/[studyId]/consent/route"), ["studyId"]],
  [/^\/api\/sessions\/([^/]+)\/claim$/, "POST", () => import("@/app/api/sessions/[id]/claim/route"), ["id"]],
  [/^\/api\/sessions\/([^/]+)\/playlist\.m3u8$/, "GET", () => import("@/app/api/sessions/[id]/playlist.m3u8/route"), ["id"]],
  [/^\/api\/sessions\/([^/]+)\/answers$/, "POST", () => import("@/app/api/sessions/[id]/answers/route"), ["id"]],
  [/^\/api\/sessions\/([^/]+)$/, "GET", () => import("@/app/api/sessions/[id]/route"), ["id"]],
  [/^\/api\/segments\/([^/]+)\/([^/]+)$/, "GET", () => import("@/app/api/segments/[sessionId]/[index]/route"), ["sessionId", "index"]],
]);

export const { dispatch, preloadRoutes } = participantRoutes;
