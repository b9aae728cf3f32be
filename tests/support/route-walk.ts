/**
 * Every API route of the app, found on disk (app/api/**\/route.ts) and imported: its URL pattern
 * (`/api/projects/:projectId/items`, a catch-all `[...nextauth]` as `:nextauth*`) and each HTTP
 * method it exports. Import after tests/support/test-db (route modules load the Prisma client).
 *
 *   for (const r of await walkApiRoutes()) for (const [method, handler] of Object.entries(r.handlers)) ...
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { NextRequest } from "next/server";
import { HTTP_METHODS, routeKey, routePatternFromDir, type HttpMethod, type RouteKey } from "@/lib/http/route-policy";
import type { RouteOptions } from "@/lib/http/route";

export type ApiHandler = ((request: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>) & {
  routeOptions?: RouteOptions<unknown, unknown>;
};

export type WalkedRoute = {
  /** app/api/.../route.ts, relative to the repository. */
  file: string;
  /** URL pattern, e.g. /api/sessions/:id/still. */
  path: string;
  handlers: Partial<Record<HttpMethod, ApiHandler>>;
};

const root = process.cwd();

function routeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...routeFiles(full));
    else if (name === "route.ts" || name === "route.tsx") out.push(full);
  }
  return out.sort();
}

/** One exported method of one walked route, keyed as lib/http/route-policy.ts keys it. */
export type WalkedHandler = { key: RouteKey; path: string; file: string; method: HttpMethod; handler: ApiHandler };

/** Every method handler of the walked routes, one entry per route × exported method. */
export function walkedHandlers(routes: WalkedRoute[]): WalkedHandler[] {
  return routes.flatMap((r) =>
    Object.entries(r.handlers).map(([method, handler]) => ({ key: routeKey(method as HttpMethod, r.path), path: r.path, file: r.file, method: method as HttpMethod, handler: handler! })),
  );
}

/** Every route.ts under app/api with its exported method handlers. */
export async function walkApiRoutes(): Promise<WalkedRoute[]> {
  const routes: WalkedRoute[] = [];
  for (const file of routeFiles(path.join(root, "app", "api"))) {
    const rel = path.relative(root, file).split(path.sep).join("/");
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    const handlers: WalkedRoute["handlers"] = {};
    for (const m of HTTP_METHODS) if (typeof mod[m] === "function") handlers[m] = mod[m] as ApiHandler;
    routes.push({ file: rel, path: routePatternFromDir(path.dirname(rel)), handlers });
  }
  return routes;
}

/** Every page of the app (app/**\/page.tsx): its URL pattern (route groups dropped). */
export function walkPages(): { file: string; path: string }[] {
  const out: { file: string; path: string }[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) visit(full);
      else if (name === "page.tsx" || name === "page.ts") {
        const rel = path.relative(root, full).split(path.sep).join("/");
        out.push({ file: rel, path: routePatternFromDir(path.dirname(rel)) });
      }
    }
  };
  visit(path.join(root, "app"));
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
