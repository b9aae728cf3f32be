import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./support/accounts";
import { e2eDatabaseEnv } from "./support/e2e-data";
import { addDemoMembers } from "./support/members";
import { signIn } from "./support/sign-in";

/**
 * Issue 19.9: the adjudication view names every difference as its list does, never by its
 * internal id ("moments:0.a1"): the list rows, the blockers under the note, the editor's title and
 * the decisions after resolving all read "Moment at frame 40 (A only)" (lib/review/difference-label.ts).
 * A disputed VCBench E1 item: marks 10, 40 (A) against 10, 120 (B) (e2e/support/seed-adjudications.ts).
 */

const MINI = path.join(process.cwd(), "e2e", "fixtures", "projects-vcbench-mini.jsonl");
const INTERNAL_ID = /moments:|\d\.[ab]\d/;

test("blockers, editor title and decisions name differences as the list does", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "ADMIN");
  const name = `E2E difference names ${Date.now()}`;
  const imported = await admin.request.post(`/api/projects?kind=vcbench&name=${encodeURIComponent(name)}`, {
    data: readFileSync(MINI),
    headers: { "content-type": "application/octet-stream", "x-file-name": "names.jsonl" },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const projectId = ((await (await admin.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] }).projects.find((p) => p.name === name)!.id;
  await addDemoMembers(admin.request, projectId, ["REVIEWER", "ANNOTATOR"]);
  const seeded = spawnSync(
    process.execPath,
    [path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "e2e/support/seed-adjudications.ts", projectId, ACCOUNTS.ANNOTATOR, ACCOUNTS.ADMIN, "1"],
    { cwd: process.cwd(), encoding: "utf8", env: e2eDatabaseEnv() },
  );
  expect(seeded.status, seeded.stderr).toBe(0);
  const adjudicationId = (JSON.parse(seeded.stdout) as { adjudicationIds: string[] }).adjudicationIds[0];

  const page = await (await browser.newContext()).newPage();
  await signIn(page, "REVIEWER");
  await page.goto(`/review/adjudications/${adjudicationId}`);
  await page.getByTestId("claim-bar").getByRole("button", { name: "Claim" }).click();
  await expect(page.getByTestId("resolve-panel")).toBeVisible();
  await expect(page.getByTestId("player-status")).toHaveText(/paused/, { timeout: 20_000 });

  const list = page.getByTestId("difference-list");
  await expect(list.locator("li").nth(0).getByTestId("difference-label")).toHaveText("Moment at frame 40 (A only)");
  await expect(list.locator("li").nth(1).getByTestId("difference-label")).toHaveText("Moment at frame 120 (B only)");

  const blockers = page.getByTestId("resolve-blockers");
  await expect(blockers).toContainText("Moment at frame 40 (A only): needs a decision");
  await expect(blockers).toContainText("Moment at frame 120 (B only): needs a decision");
  expect(await blockers.textContent()).not.toMatch(INTERNAL_ID);

  // The editor of the current difference (x) is titled with its label.
  await page.keyboard.press("x");
  await expect(page.getByTestId("difference-editor")).toBeVisible();
  await expect(page.getByTestId("difference-editor")).toContainText("Edit Moment at frame 40 (A only)");
  expect(await page.getByTestId("difference-editor").textContent()).not.toMatch(INTERNAL_ID);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("difference-editor")).toHaveCount(0);

  await page.keyboard.press("a");
  await page.keyboard.press("n");
  await page.keyboard.press("b");
  await page.getByTestId("adjudication-note").fill("both marks are real");
  await expect(page.getByTestId("draft-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await page.getByTestId("resolve-button").click();
  const decisions = page.getByTestId("resolution-decisions");
  await expect(decisions).toContainText("Moment at frame 40 (A only): take A", { timeout: 15_000 });
  await expect(decisions).toContainText("Moment at frame 120 (B only): take B");
  expect(await decisions.textContent()).not.toMatch(INTERNAL_ID);
});
