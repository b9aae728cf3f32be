import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { e2eDatabaseEnv } from "./support/e2e-data";
import { signIn } from "./support/sign-in";

/**
 * The agreement dashboard and annotator feedback (issue 12): double reviews are seeded into the e2e
 * database (e2e/support/seed-review.ts); the admin opens the project's Agreement tab, reads the
 * pooled F1 with its interval and downloads the figures as CSV; the demo annotator finds the
 * resolved item in the Feedback list of their queue and opens their annotation against the final
 * one (marks on one timeline, the reviewer's note); an unfinished review has no feedback.
 */

const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const projectName = `E2E agreement ${Date.now()}`;
let seeded: { projectId: string; annotationIds: string[] };

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "e2e/support/seed-review.ts", projectName], {
    cwd: root,
    encoding: "utf8",
    env: e2eDatabaseEnv(),
  });
  if (r.status !== 0) throw new Error(`seed-review failed: ${r.stderr}`);
  seeded = JSON.parse(r.stdout);
});

test("admin opens the agreement dashboard, sees the figures and downloads the CSV", async ({ page }) => {
  await signIn(page, "ADMIN");
  await page.goto(`/projects/${seeded.projectId}`);
  await page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Agreement" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${seeded.projectId}/agreement$`));
  // ann vs second over 3 items: TP 2 + 1 + 0 of (2 + 1 + 2) + (2 + 2 + 1) marks → F1 = 6 / 10.
  const f1 = page.getByTestId("figures-project").getByRole("row").filter({ hasText: /^VCBENCH\s*timestamps\s*F1/ });
  await expect(f1).toContainText("0.600");
  await expect(f1).toContainText(/\[\d\.\d{3}, \d\.\d{3}\]/);
  await expect(page.getByTestId("disputed-table")).toContainText("E1-Action");
  await expect(page.getByTestId("figures-truth")).toContainText("Second Annotator");
  await expect(page.getByTestId("agreement-charts")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Figures (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-agreement-figures\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("scope,annotators,benchmark,kind,facet,statistic,items,estimate,lower,upper");
  expect(csv).toContain("project,,VCBENCH,timestamps,,f1,3,0.6,");
});

test("the annotator opens their feedback after resolution; none before", async ({ page }) => {
  await signIn(page, "ANNOTATOR");
  await page.goto("/annotate");
  const list = page.getByTestId("feedback-list");
  await expect(list).toContainText(`${projectName} · item rev-2`);
  await expect(list).not.toContainText("item rev-3");
  await list.getByRole("link", { name: `${projectName} · item rev-2` }).click();
  await expect(page).toHaveURL(new RegExp(`/annotate/feedback/${seeded.annotationIds[1]}$`));
  await expect(page.getByTestId("feedback-note")).toHaveText("The second moment at 80 is real.");
  await expect(page.getByTestId("feedback-verdict")).toContainText("differs from the final one");
  const timeline = page.getByTestId("feedback-timeline");
  await expect(timeline.locator('g[data-who="yours"] rect[data-frame]')).toHaveCount(1);
  await expect(timeline.locator('g[data-who="final"] rect[data-frame]')).toHaveCount(2);
  await expect(page.getByTestId("feedback-facets")).toContainText("you 1, final 2, matched 1");
  const before = await page.goto(`/annotate/feedback/${seeded.annotationIds[2]}`);
  expect(before?.status()).toBe(404);
  // The dashboard is not for annotators.
  await page.goto(`/projects/${seeded.projectId}/agreement`);
  await expect(page).toHaveURL(/\/forbidden/);
});
