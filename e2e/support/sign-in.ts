import { expect, type Page } from "@playwright/test";
import { ACCOUNTS, E2E_PASSWORD, type AccountRole } from "./accounts";

/**
 * Signs `page`'s browser context in as `email` through the sign-in API the form itself calls
 * (NextAuth's CSRF token, then the credentials callback), without loading any page: the session
 * cookie lands in the context, and the page stays where it was (the caller navigates next).
 * The form is exercised where it is the subject (e2e/auth.spec.ts, e2e/auth-invite.spec.ts, the
 * landing page in e2e/review-home.spec.ts); every other spec signs in this way, which spares two
 * page loads per sign-in (the form and the dashboard it lands on).
 */
export async function signInWithEmail(page: Page, email: string, password: string = E2E_PASSWORD): Promise<void> {
  const csrf = await page.request.get("/api/auth/csrf");
  expect(csrf.status(), "GET /api/auth/csrf").toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, callbackUrl: "/", json: "true" },
  });
  expect(res.status(), `sign in as ${email}`).toBe(200);
  const { url } = (await res.json()) as { url: string };
  expect(url, `sign in as ${email}: the credentials were refused`).not.toContain("error=");
  const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } };
  expect(session.user?.email, `signed in as ${email}`).toBe(email);
}

/** Signs `page`'s context in as a demo account (see {@link signInWithEmail}); no page is loaded. */
export async function signIn(page: Page, role: AccountRole): Promise<void> {
  await signInWithEmail(page, ACCOUNTS[role]);
}

/** Signs in through the real sign-in form and waits to land on `expectPath` (default the dashboard). */
export async function signInThroughForm(
  page: Page,
  role: AccountRole,
  expectPath: RegExp = /\/$/,
  { navigate = true }: { navigate?: boolean } = {},
): Promise<void> {
  if (navigate) await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ACCOUNTS[role]);
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(expectPath);
}
