import "server-only";
import type { NextRequest } from "next/server";
import type { ZodType } from "zod";
import { deferredCaller, type DeferredCaller } from "@/lib/auth/deferred-caller";
import { getRequestUser, type SessionUser } from "@/lib/auth/request-user";
import type { Role } from "@/lib/db/types";
import { classifyError } from "./classify-error";
import { refuseControlCharacters } from "./control-characters";
import { withInstanceHeader } from "./instance-header";
import { errorResponse, jsonResponse } from "./json-response";
import { readJsonBody } from "./read-json-body";
import { admitRole } from "./role-gate";

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
  /**
   * `"deferred"`: the handler reads the caller's user row in its own first statement, with its own
   * data, instead of route() reading it first (one round trip fewer: for the few routes every
   * participant of a launch calls many times: the streaming segments, playlist, answers and tab
   * claim). The handler gets `caller` (lib/auth/deferred-caller.ts) instead of `user`, and must
   * settle it — same rule, same role gate — before anything but reads. route() checks that it did: a handler
   * that answers with its caller unsettled has it settled by route() (401 / 403 win) and, when the
   * answer was a success, fails with 500 (tests/deferred-caller-routes.test.ts walks every such
   * route).
   */
  caller?: "deferred";
};

export type RouteContext<B, Q, P> = {
  request: NextRequest;
  user: SessionUser;
  body: B;
  query: Q;
  params: P;
};

type PublicContext<B, Q, P> = Omit<RouteContext<B, Q, P>, "user"> & { user: SessionUser | null };

/** The context of a handler declared `caller: "deferred"`: the caller to settle instead of a user. */
export type DeferredContext<B, Q, P> = Omit<RouteContext<B, Q, P>, "user"> & { caller: DeferredCaller };

/** A handler made by route(), carrying its options (read by the route walks of tests/: roles, body and query schemas). */
export type RouteHandler<P> = ((request: NextRequest, context: { params: Promise<P> }) => Promise<Response>) & {
  readonly routeOptions: RouteOptions<unknown, unknown>;
};

/**
 * The one wrapper for every route handler: checks the session (cookie or API token) and role
 * (401 / 403 as JSON), refuses control characters in path parameters, the query string and every
 * string of a JSON body (400 naming the field; lib/http/control-characters.ts), validates body and
 * query with zod (400 naming each bad field), and turns any error into a JSON error without a
 * stack trace (404 / 409 / 503 for the database). Names the answering instance in
 * `X-Playhead-Instance` when PLAYHEAD_INSTANCE_ID is set (lib/http/instance-header.ts).
 * The handler returns a Response, or any value, sent as JSON with status 200. Who may call which
 * route is declared in lib/http/route-policy.ts; tests/route-policy-matrix.test.ts checks every
 * handler's `roles` and behaviour against it.
 */
export function route<B = undefined, Q = undefined, P = Record<string, string>>(
  options: RouteOptions<B, Q> & { caller: "deferred" },
  handler: (ctx: DeferredContext<B, Q, P>) => Promise<unknown> | unknown,
): RouteHandler<P>;
export function route<B = undefined, Q = undefined, P = Record<string, string>>(
  options: RouteOptions<B, Q> & { roles: readonly Role[]; caller?: undefined },
  handler: (ctx: RouteContext<B, Q, P>) => Promise<unknown> | unknown,
): RouteHandler<P>;
export function route<B = undefined, Q = undefined, P = Record<string, string>>(
  options: RouteOptions<B, Q> & { roles: "public"; caller?: undefined },
  handler: (ctx: PublicContext<B, Q, P>) => Promise<unknown> | unknown,
): RouteHandler<P>;
export function route<B, Q, P>(
  options: RouteOptions<B, Q>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads above type the handler
  handler: (ctx: any) => Promise<unknown> | unknown,
) {
  const wrapped = async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    const isHead = request.method === "HEAD";
    if (isHead && options.head !== "same-as-get") return withInstanceHeader(new Response(null, { status: 405, headers: { allow: "GET", "cache-control": "no-store" } }));
    const response = withInstanceHeader(await handle(request, context));
    if (!isHead || response.body === null) return response;
    await response.body.cancel();
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  async function handle(request: NextRequest, context: { params: Promise<P> }): Promise<Response> {
    let caller: DeferredCaller | null = null;
    try {
      let user: SessionUser | null = null;
      if (options.caller === "deferred") caller = await deferredCaller(request, options.roles);
      else admitRole((user = await getRequestUser(request)), options.roles);
      const params = ((await context?.params) ?? {}) as P;
      refuseControlCharacters(params);
      const search = [...request.nextUrl.searchParams.entries()];
      for (const [key, value] of search) refuseControlCharacters({ [key]: value });
      const query = options.query ? options.query.parse(Object.fromEntries(search)) : (undefined as Q);
      let body = undefined as B;
      if (options.body) {
        const json = await readJsonBody(request, options.maxBodyBytes ?? 1024 * 1024);
        refuseControlCharacters(json);
        body = options.body.parse(json);
      }
      const result = await handler(caller ? { request, caller, body, query, params } : { request, user, body, query, params });
      if (caller && !caller.settled) {
        // The handler forgot its caller: a refusal of the caller wins; a success is a bug.
        await caller.settleAlone();
        if (!(result instanceof Response) || result.status < 400) {
          await (result instanceof Response ? result.body?.cancel() : undefined);
          throw new Error(`${request.method} ${request.nextUrl.pathname}: the handler answered without settling its deferred caller`);
        }
      }
      return result instanceof Response ? result : jsonResponse(result ?? null);
    } catch (thrown) {
      let error = thrown;
      // Whatever went wrong before the caller was settled, a caller who may not be here is told so first.
      if (caller && !caller.settled) {
        try {
          await caller.settleAlone();
        } catch (refusal) {
          error = refusal;
        }
      }
      const { status, code, message, details } = classifyError(error);
      return errorResponse(status, code, message, details);
    }
  }
  return Object.assign(wrapped, { routeOptions: options as RouteOptions<unknown, unknown> });
}
