/**
 * The annotation route handlers the annotation benchmark drives, mounted by path (used by the
 * separate-process server scripts/bench/annotation-server.ts). Benchmark tooling only.
 */
import { routeTable } from "./route-table";

export const annotationRoutes = routeTable([
  [/^\/api\/annotate\/tasks\/([^/]+)$/, "GET", () => import("@/app/api/annotate/tasks/[taskId]/route"), ["taskId"]],
  [/^\/api\/annotations\/([^/]+)$/, "PUT", () => import("@/app/api/annotations/[id]/route"), ["id"]],
  [/^\/api\/annotations\/([^/]+)\/submit$/, "POST", () => import("@/app/api/annotations/[id]/submit/route"), ["id"]],
  [/^\/api\/me\/tasks\/next$/, "POST", () => import("@/app/api/me/tasks/next/route"), []],
  [/^\/api\/tasks\/([^/]+)\/activity$/, "POST", () => import("@/app/api/tasks/[taskId]/activity/route"), ["taskId"]],
]);
