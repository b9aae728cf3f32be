/**
 * Drives next-auth's real credentials sign-in through the app's auth route handler
 * (csrf → callback/credentials), as the browser's `signIn("credentials")` does.
 * Import after tests/support/test-db.
 */
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { call, type CallResult } from "./requests";

export type SignInCall = CallResult & { sessionCookie: string | null };

function cookiePairs(headers: Headers): string[] {
  return headers.getSetCookie().map((c) => c.split(";")[0]);
}

/** Signs in with email and password from `ip`; returns the response and the session cookie (if any). */
export async function signIn(email: string, password: string, ip = "203.0.113.7"): Promise<SignInCall> {
  const csrf = await call(GET, "/api/auth/csrf", { params: { nextauth: ["csrf"] }, ip });
  const csrfCookie = cookiePairs(csrf.headers).join("; ");
  const form = new URLSearchParams({ email, password, csrfToken: csrf.json.csrfToken, json: "true", callbackUrl: "/" });
  const result = await call(POST, "/api/auth/callback/credentials", {
    params: { nextauth: ["callback", "credentials"] },
    body: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    ip,
  });
  const session = cookiePairs(result.headers).find((c) => /next-auth\.session-token=./.test(c)) ?? null;
  return { ...result, sessionCookie: session };
}
