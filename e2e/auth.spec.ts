import { expect, test } from "@playwright/test";
import { ACCOUNTS, type AccountRole } from "./support/accounts";
import { signInThroughForm } from "./support/sign-in";

const ROLES: AccountRole[] = ["ADMIN", "REVIEWER", "ANNOTATOR", "PARTICIPANT"];

test.describe("sign-in and role-guarded pages", () => {
  for (const role of ROLES) {
    test(`${role.toLowerCase()} signs in and sees only what the role allows`, async ({ page }) => {
      await signInThroughForm(page, role);
      await expect(page.getByText(ACCOUNTS[role])).toBeVisible();

      await page.goto("/admin/users");
      if (role === "ADMIN") {
        await expect(page.getByRole("heading", { name: /users/i }).first()).toBeVisible();
        await expect(page.getByText("participant@playhead.local")).toBeVisible();
      } else {
        await expect(page).toHaveURL(/\/forbidden/);
        await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
      }

      await page.goto("/videos");
      if (role === "PARTICIPANT") {
        await expect(page).toHaveURL(/\/forbidden/);
      } else {
        await expect(page).toHaveURL(/\/videos$/);
        await expect(page.getByText("demo-cfr30.mp4").first()).toBeVisible();
      }
    });
  }

  test("signed-out visitors are sent to sign-in, and come back after it", async ({ page }) => {
    await page.goto("/videos");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fvideos/);
    // Fill the form on the page we were sent to, so its callbackUrl is kept.
    await signInThroughForm(page, "ANNOTATOR", /\/videos$/, { navigate: false });
  });

  test("a wrong password is refused with a message and no session", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(ACCOUNTS.REVIEWER);
    await page.getByLabel("Password").fill("definitely-wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toContainText(/incorrect|invalid|wrong/i);
    const session = await page.request.get("/api/videos");
    expect(session.status()).toBe(401);
    expect((await session.json()).error.code).toBe("unauthenticated");
  });

  test("API answers 401 signed out and 403 for the wrong role, as JSON", async ({ page }) => {
    const anonymous = await page.request.get("/api/admin/users");
    expect(anonymous.status()).toBe(401);
    expect(anonymous.headers()["content-type"]).toContain("application/json");
    await signInThroughForm(page, "ANNOTATOR");
    const forbidden = await page.request.get("/api/admin/users");
    expect(forbidden.status()).toBe(403);
    expect((await forbidden.json()).error.code).toBe("forbidden");
  });
});
