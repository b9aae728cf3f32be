/**
 * The participant-facing route handlers the baseline benchmark drives, mounted by path (shared by
 * the in-process client of scripts/bench-baseline.ts and the separate-process server of
 * scripts/bench/route-server.ts). Benchmark tooling only.
 */
import { NextRequest } from "next/server";

type Handler = (request: unknown, context: unknown) => Promise<Response>;

const routes: [RegExp, string, () => Promise<Record<string, unknown>>, string[]][] = [
  [/^\/api\/studies\/([^/]+)\/enter$/, "GET", () => import("@/app/api/studies/[studyId]/enter/route"), ["studyId"]],
  [/^\/api\/studies\/([^/]+)\/consent$/, "POST", () => import("@/app/api/studies/[studyId]/consent/route"), ["studyId"]],
  [/^\/api\/sessions\/([^/]+)\/claim$/, "POST", () => import("@/app/api/sessions/[id]/claim/route"), ["id"]],
  [/^\/api\/sessions\/([^/]+)\/playlist\.m3u8$/, "GET", () => import("@/app/api/sessions/[id]/playlist.m3u8/route"), ["id"]],
  [/^\/api\/sessions\/([^/]+)\/answers$/, "POST", () => import("@/app/api/sessions/[id]/answers/route"), ["id"]],
  [/^\/api\/sessions\/([^/]+)$/, "GET", () => import("@/app/api/sessions/[id]/route"), ["id"]],
  [/^\/api\/segments\/([^/]+)\/([^/]+)$/, "GET", () => import("@/app/api/segments/[sessionId]/[index]/route"), ["sessionId", "index"]],
];

/** Runs the matching route handler on a request (404 Response when no route matches). */
export async function dispatch(url: URL, method: string, headers: Headers, body: string | undefined): Promise<Response> {
  for (const [re, m, load, names] of routes) {
    const match = re.exec(url.pathname);
    if (!match || m !== method) continue;
    const handler = (await load())[method] as Handler;
    const request = new NextRequest(url, { method, headers, body });
    const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
    return handler(request, { params: Promise.resolve(params) });
  }
  return new Response(`no route for ${method} ${url.pathname}`, { status: 404 });
}

/** Imports every handler module (a started server has them loaded). */
export async function preloadRoutes(): Promise<void> {
  await Promise.all(routes.map(([, , load]) => load()));
}
