import "server-only";
import type { NextRequest } from "next/server";
import type { ZodType } from "zod";
import { getRequestUser, type SessionUser } from "@/lib/auth/request-user";
import type { Role } from "@/lib/db/types";
import { classifyError } from "./classify-error";
import { HttpError } from "./http-error";
import { errorResponse, jsonResponse } from "./json-response";
import { readJsonBody } from "./read-json-body";

export type RouteOptions<B, Q> = {
  /** Roles allowed to call the route; "public" skips the session check. */
  roles: readonly Role[] | "public";
  /** zod schema of the JSON body (shared with the client). Omit for routes that read the body themselves. */
  body?: ZodType<B>;
  /** zod schema of the query string (values are strings; use z.coerce for numbers). */
  query?: ZodType<Q>;
  /** Largest accepted JSON body in bytes (default 1 MiB); larger gets 413. */
  maxBodyBytes?: number;
  /**
   * HEAD: Next.js answers it with the route's GET handler. By default route() refuses it (405,
   * `Allow: GET`) before anything runs, so no GET side effect (a serve logged, a segment used up, a
   * job queued, a token's lastUsedAt) can be triggered by a request that sends no body back.
   * `"same-as-get"` declares the handler free of side effects (it only reads, e.g. an immutable
   * file with serveFile, which answers HEAD itself): it then runs, and the body is dropped.
   */
  head?: "same-as-get";
};

export type RouteContext<B, Q, P> = {
  request: NextRequest;
  user: SessionUser;
  body: B;
  query: Q;
  params: P;
};

type PublicContext<B, Q, P> = Omit<RouteContext<B, Q, P>, "user"> & { user: SessionUser | null };

/**
 * The one wrapper for every route handler: checks the session (cookie or API token) and role
 * (401 / 403 as JSON), validates body and query with zod (400 naming each bad field), and turns
 * any error into a JSON error without a stack trace (404 / 409 / 503 for the database).
 * The handler returns a Response, or any value, sent as JSON with status 200.
 */
export function route<B = undefined, Q = undefined, P = Record<string, string>>(
  options: RouteOptions<B, Q> & { roles: readonly Role[] },
  handler: (ctx: RouteContext<B, Q, P>) => Promise<unknown> | unknown,
): (request: NextRequest, context: { params: Promise<P> }) => Promise<Response>;
export function route<B = undefined, Q = undefined, P = Record<string, string>>(
  options: RouteOptions<B, Q> & { roles: "public" },
  handler: (ctx: PublicContext<B, Q, P>) => Promise<unknown> | unknown,
): (request: NextRequest, context: { params: Promise<P> }) => Promise<Response>;
export function route<B, Q, P>(
  options: RouteOptions<B, Q>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads above type the handler
  handler: (ctx: any) => Promise<unknown> | unknown,
) {
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    const isHead = request.method === "HEAD";
    if (isHead && options.head !== "same-as-get") return new Response(null, { status: 405, headers: { allow: "GET", "cache-control": "no-store" } });
    const response = await handle(request, context);
    if (!isHead || response.body === null) return response;
    await response.body.cancel();
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  async function handle(request: NextRequest, context: { params: Promise<P> }): Promise<Response> {
    try {
      const user = await getRequestUser(request);
      if (options.roles !== "public") {
        if (!user) throw new HttpError(401, "Sign in first.");
        if (!options.roles.includes(user.role)) throw new HttpError(403, "Your role may not do this.");
      }
      const params = ((await context?.params) ?? {}) as P;
      const query = options.query
        ? options.query.parse(Object.fromEntries(request.nextUrl.searchParams.entries()))
        : (undefined as Q);
      const body = options.body
        ? options.body.parse(await readJsonBody(request, options.maxBodyBytes ?? 1024 * 1024))
        : (undefined as B);
      const result = await handler({ request, user, body, query, params });
      return result instanceof Response ? result : jsonResponse(result ?? null);
    } catch (error) {
      const { status, code, message, details } = classifyError(error);
      return errorResponse(status, code, message, details);
    }
  }
}
