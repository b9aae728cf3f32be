import { expect, test } from "@playwright/test";
import { signInThroughForm } from "./support/sign-in";

/**
 * The invitation workflow in the browser: an admin creates a one-time link (shown once), the
 * invitee opens it signed out, chooses a name and password (mismatched passwords refused in the
 * form), signs in with the new account and sees only what the invited role allows; the link
 * then no longer works, and the admin's list shows the new user.
 */
test("an admin invites by link; the invitee creates the account once and signs in with the invited role", async ({ page, browser }) => {
  const email = `invited-${Date.now()}@playhead.local`;
  const password = "a-long-invited-password";

  await signInThroughForm(page, "ADMIN");
  await page.goto("/admin/users");
  await page.locator("#invite-email").fill(email);
  await page.locator("#invite-role").selectOption("ANNOTATOR");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const shown = page.getByTestId("invite-url");
  await expect(shown).toBeVisible();
  const url = (await shown.textContent())!.trim();
  expect(url).toMatch(/\/invite\/[^/\s]+$/);
  await expect(page.getByText(`Invitation for ${email}.`)).toBeVisible();
  // Shown once: a reload of the admin page no longer shows the link.
  await page.reload();
  await expect(page.getByTestId("invite-url")).toHaveCount(0);

  const invitee = await browser.newContext();
  const p = await invitee.newPage();
  await p.goto(url);
  await expect(p.getByText("You were invited as")).toBeVisible();
  await expect(p.getByText(email)).toBeVisible();
  await p.getByLabel("Your name").fill("Invited Annotator");
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.getByLabel("Password again").fill(`${password}-typo`);
  await p.getByRole("button", { name: "Create account" }).click();
  await expect(p.getByText("The two passwords differ.")).toBeVisible();
  await p.getByLabel("Password again").fill(password);
  await p.getByRole("button", { name: "Create account" }).click();
  await expect(p.getByText("Your account is ready.")).toBeVisible();

  // The new account signs in and has the invited role: videos yes, admin pages no.
  await p.goto("/sign-in");
  await p.getByLabel("Email").fill(email);
  await p.getByLabel("Password").fill(password);
  await p.getByRole("button", { name: "Sign in" }).click();
  await expect(p).toHaveURL(/\/$/);
  await p.goto("/videos");
  await expect(p).toHaveURL(/\/videos$/);
  await p.goto("/admin/users");
  await expect(p).toHaveURL(/\/forbidden/);
  await invitee.close();

  // The link works once.
  const again = await browser.newContext();
  const q = await again.newPage();
  await q.goto(url);
  await expect(q.getByText("This invitation has already been used.")).toBeVisible();
  await expect(q.getByRole("button", { name: "Create account" })).toHaveCount(0);
  await again.close();

  await page.goto("/admin/users");
  await expect(page.getByText(email).first()).toBeVisible();
});
