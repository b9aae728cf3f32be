/**
 * Route handlers mounted by path, for the benchmarks' plain-Node servers and in-process clients
 * (participant-routes.ts, annotation-routes.ts). Benchmark tooling only.
 */
import { NextRequest } from "next/server";
import { countRequest, routeLabel } from "./query-counter";

type Handler = (request: unknown, context: unknown) => Promise<Response>;

/** `[path pattern, method, module loader, names of the pattern's captured params]`. */
export type RouteEntry = [RegExp, string, () => Promise<Record<string, unknown>>, string[]];

export type RouteTable = {
  /** Runs the matching route handler on a request (404 Response when no route matches). */
  dispatch: (url: URL, method: string, headers: Headers, body: string | undefined) => Promise<Response>;
  /** Imports every handler module (a started server has them loaded). */
  preloadRoutes: () => Promise<void>;
};

export function routeTable(routes: readonly RouteEntry[]): RouteTable {
  // Each module is imported once: a dynamic import() per request goes through the module loader
  // (under tsx, its hooks thread), which cost about 5 % of the bench server's CPU.
  const loaded = new Map<number, Promise<Record<string, unknown>>>();
  const labels = routes.map(([re, method]) => `${method} ${re.source.replace(/\\/g, "").replace(/^\^|\$$/g, "").replace(/\(\[\^\/\]\+\)/g, ":p")}`);
  const load = (i: number) => {
    let m = loaded.get(i);
    if (!m) loaded.set(i, (m = routes[i][2]()));
    return m;
  };
  return {
    async dispatch(url, method, headers, body) {
      for (const [i, [re, m, , names]] of routes.entries()) {
        const match = re.exec(url.pathname);
        if (!match || m !== method) continue;
        const handler = (await load(i))[method] as Handler;
        const request = new NextRequest(url, { method, headers, body });
        const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
        // Statements are charged to the route (query-counter.ts, when installed).
        const label = labels[i];
        countRequest(label);
        return routeLabel.run(label, () => handler(request, { params: Promise.resolve(params) }));
      }
      return new Response(`no route for ${method} ${url.pathname}`, { status: 404 });
    },
    async preloadRoutes() {
      await Promise.all(routes.map((_, i) => load(i)));
    },
  };
}
