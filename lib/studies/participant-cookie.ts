import "server-only";
import { encode } from "next-auth/jwt";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { env } from "@/lib/config/env";

/**
 * Signs a platform participant in: a next-auth session JWT with Playhead's claims `{id, role, sv}`
 * (the ones lib/auth/auth-options.ts puts there and lib/auth/request-user.ts checks), encoded
 * with the app's secret, as the `Set-Cookie` value of next-auth's session cookie
 * (lib/auth/session-cookie.ts: `__Secure-` prefixed behind https).
 */
export async function participantSessionCookie(user: { id: string; role: string; sessionVersion: number; email: string; name: string }): Promise<string> {
  const config = env();
  const maxAge = config.sessionMaxAgeSeconds;
  const token = await encode({
    token: { sub: user.id, id: user.id, role: user.role, sv: user.sessionVersion, email: user.email, name: user.name },
    secret: config.authSecret,
    maxAge,
  });
  const parts = [`${sessionCookieName()}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (config.secureCookies) parts.push("Secure");
  return parts.join("; ");
}
