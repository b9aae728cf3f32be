import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./support/accounts";
import { e2eDatabaseEnv } from "./support/e2e-data";
import { addDemoMembers } from "./support/members";
import { signIn, signInThroughForm } from "./support/sign-in";

/**
 * The reviewer's home /review (issue 12): the Review link for reviewers (not annotators), the
 * project's queue cards with counts, the adjudications table with its status filter, Start next
 * claiming the disputed item and opening its adjudication view, "mine in progress" afterwards.
 * Own project (the mini VCBench fixture); its disputed adjudication is seeded as the k-th submit
 * builds it (e2e/support/seed-adjudications.ts).
 */

const stamp = Date.now();
const PROJECT = `E2E review ${stamp}`;
const MINI = path.join(process.cwd(), "e2e", "fixtures", "projects-vcbench-mini.jsonl");

function seedAdjudications(projectId: string): string[] {
  const r = spawnSync(
    process.execPath,
    [path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "e2e/support/seed-adjudications.ts", projectId, ACCOUNTS.ANNOTATOR, ACCOUNTS.ADMIN, "1"],
    { cwd: process.cwd(), encoding: "utf8", env: e2eDatabaseEnv() },
  );
  if (r.status !== 0) throw new Error(`seeding failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { adjudicationIds: string[] }).adjudicationIds;
}

test("a reviewer sees the queues, filters the adjudications and starts the next disputed item", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "ADMIN");
  const imported = await admin.request.post(`/api/projects?kind=vcbench&name=${encodeURIComponent(PROJECT)}`, {
    data: readFileSync(MINI),
    headers: { "content-type": "application/octet-stream", "x-file-name": "review.jsonl" },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const projectId = ((await (await admin.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] }).projects.find((p) => p.name === PROJECT)!.id;
  await addDemoMembers(admin.request, projectId, ["REVIEWER", "ANNOTATOR"]);
  const [adjudicationId] = seedAdjudications(projectId);
  expect(adjudicationId).toBeTruthy();

  const annotator = await (await browser.newContext()).newPage();
  await signInThroughForm(annotator, "ANNOTATOR");
  await expect(annotator.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Review" })).toHaveCount(0);
  await annotator.goto("/review");
  await expect(annotator).toHaveURL(/\/forbidden/);

  const page = await (await browser.newContext()).newPage();
  await signInThroughForm(page, "REVIEWER");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Review" }).click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole("heading", { name: "Review", level: 1 })).toBeVisible();
  const card = page.getByTestId(`review-project-${projectId}`);
  await expect(card).toContainText(PROJECT);
  await expect(card.getByTestId(`count-disputed-${projectId}`)).toHaveText("1");
  await expect(card.getByTestId(`count-expert-${projectId}`)).toHaveText("0");
  await expect(card.getByTestId(`count-mine-${projectId}`)).toHaveText("0");

  await card.getByRole("button", { name: "Adjudications" }).click();
  const table = page.getByTestId("adjudication-table");
  await expect(table).toContainText(`Adjudications · ${PROJECT}`);
  const row = table.getByTestId(`adjudication-${adjudicationId}`);
  await expect(row).toContainText("e2e-02");
  await expect(row).toContainText("disputed");
  await expect(row).toContainText("moments:");
  await table.getByLabel("Status").selectOption("RESOLVED");
  await expect(table.getByText("No adjudications with status resolved.")).toBeVisible();
  await table.getByLabel("Status").selectOption("");
  await expect(row).toBeVisible();

  await card.getByTestId(`start-double-${projectId}`).click();
  await expect(page).toHaveURL(new RegExp(`/review/adjudications/${adjudicationId}$`));

  await page.goto("/review");
  const again = page.getByTestId(`review-project-${projectId}`);
  await expect(again.getByTestId(`count-mine-${projectId}`)).toHaveText("1");
  await again.getByRole("button", { name: "Adjudications" }).click();
  await expect(page.getByTestId(`adjudication-${adjudicationId}`)).toContainText("Rene Reviewer (working)");
});
