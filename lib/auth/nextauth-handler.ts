import "server-only";
import NextAuth from "next-auth";
import { audit } from "@/lib/audit/audit";
import { clientIp } from "@/lib/audit/client-ip";
import { env } from "@/lib/config/env";
import { classifyError } from "@/lib/http/classify-error";
import { refuseControlCharacters } from "@/lib/http/control-characters";
import { HttpError } from "@/lib/http/http-error";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";
import { authOptions, SIGN_IN_ERROR } from "./auth-options";
import { normalizeEmail } from "./schemas";
import { parseCookieHeader } from "./session-cookie";
import { checkSignInThrottle } from "./throttle";

/** Largest body the auth endpoints accept (a sign-in form is a few hundred bytes). */
const MAX_AUTH_BODY_BYTES = 16 * 1024;

/**
 * Serves next-auth's endpoints (`/api/auth/<segments>`) from an App Router route handler, with
 * Playhead's sign-in throttle in front of the real sign-in path:
 *
 *   POST /api/auth/callback/credentials  →  if the account (email) or the client address has
 *   too many recent failures, answer 429 `{error:{code:"too_many_requests",...}, url}` with
 *   `Retry-After`, before next-auth (and the password check) runs at all.
 *
 * `authorize` checks the throttle again (concurrent requests), and its errors are mapped too:
 * throttled → 429, database down → 503, instead of next-auth's blanket 401. The `url` field keeps
 * next-auth's client `signIn()` working (it reads `?error=` from it).
 *
 * next-auth is driven through its request/response-object interface with the headers and cookies
 * of THIS request (not `next/headers`), so the handler also runs outside Next (tests).
 */
export async function handleNextAuth(request: Request, segments: string[]): Promise<Response> {
  const url = new URL(request.url);
  const isCredentialsSignIn = request.method === "POST" && segments[0] === "callback" && segments[1] === "credentials";
  try {
    const body = request.method === "POST" ? await readAuthBody(request) : undefined;
    // Control characters in the form (an email with a NUL): 400 naming the field, before the
    // throttle looks the email up (PostgreSQL refuses NUL in a query parameter).
    refuseControlCharacters(body ?? {});
    const ip = clientIp(request.headers);
    const email = normalizeEmail(typeof body?.email === "string" ? body.email : "").slice(0, 254);

    if (isCredentialsSignIn) {
      const verdict = await checkSignInThrottle(email, ip);
      if (verdict.limited) {
        await audit({
          actorId: null,
          action: "auth.sign_in_throttled",
          targetType: "user",
          ip,
          details: { email, scope: verdict.scope, retryAfterSeconds: verdict.retryAfterSeconds },
        });
        return tooManyRequests(url, verdict.scope, verdict.retryAfterSeconds);
      }
    }

    const headers: Record<string, string> = Object.fromEntries(request.headers);
    headers.host ??= url.host;
    const collector = new ResponseCollector();
    await NextAuth(
      {
        method: request.method,
        query: { ...Object.fromEntries(url.searchParams), nextauth: segments },
        body: body ?? {},
        cookies: parseCookieHeader(request.headers.get("cookie")),
        headers,
      } as never,
      collector as never,
      authOptions(),
    );
    const response = collector.toResponse();

    if (isCredentialsSignIn && response.status >= 400) {
      const error = authErrorOf(collector);
      if (error === SIGN_IN_ERROR.throttled) {
        const verdict = await checkSignInThrottle(email, ip);
        return tooManyRequests(url, verdict.limited ? verdict.scope : "account", verdict.limited ? verdict.retryAfterSeconds : 60);
      }
      if (error === SIGN_IN_ERROR.unavailable) {
        return withUrl(url, "ServiceUnavailable", errorResponse(503, "database_unavailable", "The database is unavailable. Try again shortly."));
      }
    }
    return response;
  } catch (error) {
    const { status, code, message, details } = classifyError(error);
    const response = errorResponse(status, code, message, details);
    return isCredentialsSignIn ? withUrl(url, status === 503 ? "ServiceUnavailable" : status === 400 ? "CredentialsSignin" : "ServerError", response) : response;
  }
}

function baseUrl(url: URL): string {
  return env().publicUrl ?? url.origin;
}

function tooManyRequests(url: URL, scope: "account" | "address", retryAfterSeconds: number): Response {
  const who = scope === "account" ? "this account" : "your network address";
  return jsonResponse(
    {
      error: {
        code: "too_many_requests",
        message: `Too many failed sign-ins for ${who}. Try again in ${retryAfterSeconds} seconds.`,
        details: { scope, retryAfterSeconds },
      },
      url: `${baseUrl(url)}/sign-in?error=TooManyRequests`,
    },
    { status: 429, headers: { "retry-after": String(retryAfterSeconds) } },
  );
}

/** Adds next-auth's `url` field (with `?error=`) to a JSON error, for next-auth's client. */
async function withUrl(url: URL, error: string, response: Response): Promise<Response> {
  const payload = (await response.json()) as Record<string, unknown>;
  return jsonResponse({ ...payload, url: `${baseUrl(url)}/sign-in?error=${error}` }, { status: response.status });
}

/** The `error` query parameter of next-auth's error redirect, if any. */
function authErrorOf(collector: ResponseCollector): string | null {
  const target = collector.redirectTarget();
  if (!target) return null;
  try {
    return new URL(target, "http://localhost").searchParams.get("error");
  } catch {
    return null;
  }
}

/** Reads a form-encoded or JSON body (at most 16 KiB) into a flat string record. */
async function readAuthBody(request: Request): Promise<Record<string, string>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_AUTH_BODY_BYTES) throw new HttpError(413, `Body is larger than ${MAX_AUTH_BODY_BYTES} bytes.`);
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_AUTH_BODY_BYTES) {
      await reader.cancel();
      throw new HttpError(413, `Body is larger than ${MAX_AUTH_BODY_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  if (!text.trim()) return {};
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new HttpError(400, `Body is not valid JSON: ${(error as Error).message}`, "invalid_json");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new HttpError(400, "Body must be a JSON object.");
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>)
        .filter(([, v]) => ["string", "number", "boolean"].includes(typeof v))
        .map(([k, v]) => [k, String(v)]),
    );
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** The response-object interface next-auth's handler writes to, turned into a web Response. */
class ResponseCollector {
  private statusCode = 200;
  private readonly headers = new Map<string, string | string[]>();
  private body: BodyInit | null = null;

  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string | string[]) {
    this.headers.set(name.toLowerCase(), value);
    return this;
  }
  getHeader(name: string) {
    return this.headers.get(name.toLowerCase());
  }
  json(value: unknown) {
    this.headers.set("content-type", "application/json");
    this.body = JSON.stringify(value);
    return this;
  }
  send(value: unknown) {
    if (value === undefined || value === null) this.body = null;
    else if (typeof value === "string") this.body = value;
    else {
      this.body = JSON.stringify(value);
      if (!this.headers.has("content-type")) this.headers.set("content-type", "application/json");
    }
    return this;
  }
  end() {
    return this;
  }
  redirectTarget(): string | null {
    const location = this.headers.get("location");
    if (typeof location === "string") return location;
    if (typeof this.body === "string" && this.headers.get("content-type") === "application/json") {
      try {
        const parsed = JSON.parse(this.body) as { url?: unknown };
        return typeof parsed.url === "string" ? parsed.url : null;
      } catch {
        return null;
      }
    }
    return null;
  }
  toResponse(): Response {
    const headers = new Headers();
    for (const [name, value] of this.headers) {
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
    const nullBody = this.statusCode === 204 || this.statusCode === 304 || (this.statusCode >= 300 && this.statusCode < 400 && !this.body);
    return new Response(nullBody ? null : this.body, { status: this.statusCode, headers });
  }
}
