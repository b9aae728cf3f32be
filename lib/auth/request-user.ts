import "server-only";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/prisma";
import type { Role } from "@/lib/db/types";
import { userById, type UserRow } from "./user-row";
import { hashSecretToken, looksLikeToken } from "./secret-token";
import { parseCookieHeader, sessionCookieName } from "./session-cookie";

export type SessionUser = { id: string; email: string; name: string; role: Role };

/** Claims Playhead puts in the next-auth JWT (see auth-options.ts). */
export type SessionClaims = { id: string; role: Role; sv: number };

/** lastUsedAt is written at most this often per token (not on every request). */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The user a request acts for, or null: from `Authorization: Bearer ph_...` (API token) when
 * present, else from the next-auth session cookie. The user row is read on every request, so
 * deactivation takes effect at once, and a session whose `sv` differs from the user's
 * sessionVersion (bumped by role change, deactivation, password reset) is refused.
 * Database errors propagate (route() turns them into 503).
 */
export async function getRequestUser(request: Request): Promise<SessionUser | null> {
  // A Bearer header is the only credential considered when present (no fallback to the cookie).
  const bearer = bearerTokenOf(request);
  if (bearer !== null) return userFromApiToken(bearer);
  const claims = await sessionClaims(request.headers);
  if (!claims) return null;
  return sessionUserOf(claims, await userById(claims.id));
}

/**
 * THE rule for a session cookie: its claims hold when the account `row` (read by the claimed id)
 * exists, is active, and is still at the session's version (`sv`: bumped by a role change,
 * deactivation or password reset). The role is the row's, never the cookie's. Every reader of a
 * session cookie goes through here: {@link getRequestUser}, and a route whose handler reads the
 * user row in its own first statement (lib/auth/deferred-caller.ts).
 */
export function sessionUserOf(claims: SessionClaims, row: UserRow | null): SessionUser | null {
  if (!row || row.id !== claims.id || !row.active || row.sessionVersion !== claims.sv) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

/**
 * Decoded session cookies, keyed by the cookie's exact value: decrypting a next-auth JWT derives
 * its key (HKDF) and runs AES-GCM on every call, the largest fixed cost of a request. Only tokens
 * that decrypted and carried valid claims are kept, each only until its own `exp`, in a bounded
 * LRU. Caching the decode changes nothing about what is accepted: the same cookie value always
 * decodes to the same claims, and the user row (active, sessionVersion, role) is still read on
 * every request.
 */
const claimsCache = new Map<string, { claims: SessionClaims; expMs: number }>();
const MAX_CACHED_CLAIMS = 10_000;

/** Drops every cached decoded cookie (tests). */
export function forgetSessionClaims(): void {
  claimsCache.clear();
}

/** Decrypts and checks the next-auth session cookie; null when absent, expired or tampered. */
export async function sessionClaims(headers: Headers): Promise<SessionClaims | null> {
  const cookies = parseCookieHeader(headers.get("cookie"));
  const name = sessionCookieName();
  const parts = Object.keys(cookies)
    .filter((c) => c.startsWith(name))
    .sort();
  if (!parts.length) return null;
  const key = parts.map((c) => `${c}=${cookies[c]}`).join(";");
  const hit = claimsCache.get(key);
  if (hit) {
    if (Date.now() < hit.expMs) {
      claimsCache.delete(key);
      claimsCache.set(key, hit);
      return hit.claims;
    }
    claimsCache.delete(key);
  }
  const token = await getToken({
    // getToken reads cookies (also chunked ones) from `cookies`; headers only for Bearer, which we strip.
    req: { cookies, headers: {} } as never,
    secret: env().authSecret,
    cookieName: name,
    secureCookie: env().secureCookies,
    logger: { error() {}, warn() {}, debug() {} } as never,
  });
  if (!token) return null;
  const { id, role, sv, exp } = token as Record<string, unknown>;
  if (typeof id !== "string" || typeof role !== "string" || typeof sv !== "number") return null;
  const claims: SessionClaims = { id, role: role as Role, sv };
  if (typeof exp === "number" && Number.isFinite(exp)) {
    if (claimsCache.size >= MAX_CACHED_CLAIMS) claimsCache.delete(claimsCache.keys().next().value as string);
    claimsCache.set(key, { claims, expMs: exp * 1000 });
  }
  return claims;
}

/** `Authorization: Bearer …` present: the API token is the only credential considered (see {@link getRequestUser}). */
export function bearerTokenOf(request: Request): string | null {
  const authorization = request.headers.get("authorization");
  if (!authorization || !/^bearer(\s|$)/i.test(authorization.trim())) return null;
  return authorization.trim().slice("bearer".length).trim();
}

/** The user an API token acts for, or null (unknown, revoked, its user deactivated). */
export async function userFromApiToken(token: string): Promise<SessionUser | null> {
  if (!looksLikeToken(token, "ph_")) return null;
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashSecretToken(token) },
    select: {
      id: true,
      revokedAt: true,
      lastUsedAt: true,
      user: { select: { id: true, email: true, name: true, role: true, active: true } },
    },
  });
  if (!row || row.revokedAt || !row.user.active) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  const { id, email, name, role } = row.user;
  return { id, email, name, role };
}
