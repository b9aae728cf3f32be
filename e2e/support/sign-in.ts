import { expect, type Page } from "@playwright/test";
import { ACCOUNTS, E2E_PASSWORD, type AccountRole } from "./accounts";

/** Signs in through the real sign-in form and waits to land on `expectPath` (default the dashboard). */
export async function signIn(
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
