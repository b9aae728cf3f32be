import { env } from "@/lib/config/env";

/** Name of next-auth's session cookie (`__Secure-` prefixed when the public URL is https). */
export function sessionCookieName(): string {
  return env().secureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

/** Parses a Cookie header into name → value (first occurrence wins; undecodable values kept raw). */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}
