/**
 * The annotation route handlers the annotation benchmark drives, mounted by path (used by the
 * separate-process server scripts/bench/annotation-server.ts). Benchmark tooling only.
 */
import { NextRequest } from "next/server";

type Handler = (request: unknown, context: unknown) => Promise<Response>;

const routes: [RegExp, string, () => Promise<Record<string, unknown>>, string[]][] = [
  [/^\/api\/annotate\/tasks\/([^/]+)$/, "GET", () => import("@/app/api/annotate/tasks/[taskId]/route"), ["taskId"]],
  [/^\/api\/annotations\/([^/]+)$/, "PUT", () => import("@/app/api/annotations/[id]/route"), ["id"]],
  [/^\/api\/annotations\/([^/]+)\/submit$/, "POST", () => import("@/app/api/annotations/[id]/submit/route"), ["id"]],
  [/^\/api\/me\/tasks\/next$/, "POST", () => import("@/app/api/me/tasks/next/route"), []],
];

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

export async function preloadRoutes(): Promise<void> {
  await Promise.all(routes.map(([, , load]) => load()));
}
