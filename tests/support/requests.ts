/**
 * Build requests for route handlers and call them directly (no server), as a given user.
 *
 *   import { db } from "@/tests/support/test-db";                 // first! (sets DATABASE_URL)
 *   import { call, asUser } from "@/tests/support/requests";
 *   import { POST } from "@/app/api/admin/users/route";
 *
 *   const res = await call(POST, "/api/admin/users", { as: admin, json: { email: "a@b.org", ... } });
 *   expect(res.status).toBe(201);
 *   expect(res.json.user.email).toBe("a@b.org");
 *
 * `as: user` signs a next-auth session JWT for the user (`encode` from next-auth/jwt, the app's
 * secret) and sends it as the `next-auth.session-token` cookie — exactly what a browser sends
 * after signing in, so role, active flag and sessionVersion are checked for real.
 * `token: "ph_..."` sends `Authorization: Bearer` instead. `params` fills the dynamic route
 * segments (`{ id: "..." }`), `ip` sets X-Forwarded-For.
 */
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { env } from "@/lib/config/env";
import { sessionCookieName } from "@/lib/auth/session-cookie";

/** The fields a session needs; pass a User row as is. `sessionVersion` defaults to 0. */
export type SessionSubject = { id: string; role: string; email?: string; name?: string; sessionVersion?: number };

export const TEST_ORIGIN = "http://localhost:3000";

/** A next-auth session JWT for the user, as the sign-in would issue it (claims id, role, sv). */
export async function sessionJwt(user: SessionSubject, options: { maxAgeSeconds?: number; sv?: number } = {}): Promise<string> {
  return encode({
    token: {
      sub: user.id,
      id: user.id,
      role: user.role,
      sv: options.sv ?? user.sessionVersion ?? 0,
      email: user.email,
      name: user.name,
    },
    secret: env().authSecret,
    maxAge: options.maxAgeSeconds ?? 3600,
  });
}

/** `Cookie` header value carrying the user's session. */
export async function sessionCookie(user: SessionSubject, options?: { maxAgeSeconds?: number; sv?: number }): Promise<string> {
  return `${sessionCookieName()}=${await sessionJwt(user, options)}`;
}

export type RequestOptions = {
  method?: string;
  /** Sent as a JSON body (content-type application/json). */
  json?: unknown;
  /** A raw body (string, bytes, FormData, URLSearchParams...); wins over `json`. */
  body?: BodyInit;
  headers?: HeadersInit;
  /** Sign the request in as this user (session cookie). */
  as?: SessionSubject | null;
  /** API token: sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Client address (X-Forwarded-For). */
  ip?: string;
  /** Extra query parameters. */
  query?: Record<string, string>;
};

/** A NextRequest for `path` (relative to TEST_ORIGIN) with the given body, identity and headers. */
export async function makeRequest(path: string, options: RequestOptions = {}): Promise<NextRequest> {
  const url = new URL(path, TEST_ORIGIN);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined = options.body;
  if (body === undefined && options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (options.as) {
    const cookie = await sessionCookie(options.as);
    headers.set("cookie", [headers.get("cookie"), cookie].filter(Boolean).join("; "));
  }
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.ip) headers.set("x-forwarded-for", options.ip);
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  return new NextRequest(url, { method, headers, body });
}

/** Route-handler context with the given dynamic segments. */
export function routeContext<P extends Record<string, string | string[]>>(params: P = {} as P): { params: Promise<P> } {
  return { params: Promise.resolve(params) };
}

export type CallResult = {
  status: number;
  headers: Headers;
  /** Parsed JSON body (null when the body is empty or not JSON). */
  json: any;
  text: string;
  response: Response;
};

type Handler<P> = (request: NextRequest, context: { params: Promise<P> }) => Promise<Response> | Response;

/** Calls a route handler with a request built by makeRequest and reads the response. */
export async function call<P extends Record<string, string | string[]> = Record<string, string>>(
  handler: Handler<P>,
  path: string,
  options: RequestOptions & { params?: P } = {},
): Promise<CallResult> {
  const response = await handler(await makeRequest(path, options), routeContext(options.params ?? ({} as P)));
  return readResponse(response);
}

/** Reads status, headers and body (JSON when it parses) of a Response. */
export async function readResponse(response: Response): Promise<CallResult> {
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text, response };
}
