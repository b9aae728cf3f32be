import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/accounts";
import { e2eDatabaseEnv } from "./support/e2e-data";
import { itemDetail } from "./support/forms";
import { settledFrameIndex } from "./support/frame-index";
import { addDemoMembers } from "./support/members";
import { signIn } from "./support/sign-in";

/**
 * The adjudication view /review/adjudications/:id (issue 12): a reviewer claims a disputed VCBench
 * E1 item (two annotators: marks at frames 10, 40 vs 10, 120, seeded as the k-th submit builds it:
 * e2e/support/seed-adjudications.ts), steps through the differences with the keys (the player
 * shows each difference's frame: the frame index drawn in the picture), takes A and B, sees the
 * note rule, reloads (draft and current difference resumed), resolves, and the item's truth holds
 * the chosen marks.
 */

const stamp = Date.now();
const PROJECT = `E2E adjudicate ${stamp}`;
const MINI = path.join(process.cwd(), "e2e", "fixtures", "projects-vcbench-mini.jsonl");

function seedAdjudication(projectId: string): string {
  const r = spawnSync(
    process.execPath,
    [path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "e2e/support/seed-adjudications.ts", projectId, ACCOUNTS.ANNOTATOR, ACCOUNTS.ADMIN, "1"],
    { cwd: process.cwd(), encoding: "utf8", env: e2eDatabaseEnv() },
  );
  if (r.status !== 0) throw new Error(`seeding failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { adjudicationIds: string[] }).adjudicationIds[0];
}

async function waitForPlayer(page: Page) {
  await expect(page.getByTestId("adjudication-view")).toBeVisible();
  await expect(page.getByTestId("player-status")).toHaveText(/paused/, { timeout: 20_000 });
  await expect(page.getByTestId("adjudication-lanes")).toBeVisible();
}

async function expectFrame(page: Page, frame: number) {
  await expect(page.getByTestId("frame-index")).toHaveText(String(frame), { timeout: 10_000 });
  await expect(page.getByTestId("player-status")).toHaveText("paused");
  expect(await settledFrameIndex(page), "the picture shows the difference's frame").toBe(frame);
}

test("a reviewer adjudicates a disputed item with the keys, reloads, resolves, and the truth holds the chosen marks", async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "ADMIN");
  const imported = await admin.request.post(`/api/projects?kind=vcbench&name=${encodeURIComponent(PROJECT)}`, {
    data: readFileSync(MINI),
    headers: { "content-type": "application/octet-stream", "x-file-name": "adjudicate.jsonl" },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const projectId = ((await (await admin.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] }).projects.find((p) => p.name === PROJECT)!.id;
  await addDemoMembers(admin.request, projectId, ["REVIEWER", "ANNOTATOR"]);
  const adjudicationId = seedAdjudication(projectId);

  const page = await (await browser.newContext()).newPage();
  await signIn(page, "REVIEWER");
  await page.goto(`/review/adjudications/${adjudicationId}`);
  await page.getByTestId("claim-bar").getByRole("button", { name: "Claim" }).click();
  await expect(page.getByTestId("resolve-panel")).toBeVisible();
  await waitForPlayer(page);

  const view = page.getByTestId("adjudication-view");
  const list = page.getByTestId("difference-list");
  await expect(list.locator("li")).toHaveCount(3);
  await expect(list.locator("li").nth(0)).toHaveAttribute("data-difference-id", "moments:0.a1");
  await expect(list.locator("li").nth(0)).toHaveAttribute("data-type", "unmatched");
  await expect(list.locator("li").nth(1)).toHaveAttribute("data-difference-id", "moments:1.b1");
  await expect(list.locator("li").nth(2)).toHaveAttribute("data-type", "count");
  await expect(page.getByTestId("differences-open")).toHaveText("2 need a decision");

  // ? lists the adjudication keys from the registry.
  await page.keyboard.press("Shift+?");
  await expect(page.getByTestId("shortcut-help").locator('[data-shortcut="adj.take-b"]')).toContainText("Take B");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("shortcut-help")).toHaveCount(0);

  // n / p step through the differences; the player shows each one's frame; the lanes highlight its marks.
  await page.keyboard.press("n");
  await expect(view).toHaveAttribute("data-current", "moments:1.b1");
  await expectFrame(page, 120);
  await expect(page.getByTestId("lane-B")).toHaveAttribute("data-highlight", "b1");
  await page.keyboard.press("p");
  await expect(view).toHaveAttribute("data-current", "moments:0.a1");
  await expectFrame(page, 40);
  await expect(page.getByTestId("lane-A")).toHaveAttribute("data-highlight", "a1");

  // Take A's mark at 40 and B's mark at 120: the result differs from both → the note is required.
  await page.keyboard.press("a");
  await expect(list.locator("li").nth(0)).toHaveAttribute("data-pick", "take A");
  await page.keyboard.press("n");
  await expectFrame(page, 120);
  await page.keyboard.press("b");
  await expect(list.locator("li").nth(1)).toHaveAttribute("data-pick", "take B");
  await expect(page.getByTestId("differences-open")).toHaveText("all decided");
  await expect(page.getByTestId("note-rule")).toHaveText("The result differs from every annotation: say why in the note.");
  await expect(page.getByTestId("resolve-blockers")).toContainText("note: required");
  await page.getByTestId("adjudication-note").fill("both changes are real scene cuts");
  await expect(page.getByTestId("draft-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });

  // Reload: the draft and the current difference are resumed.
  await page.reload();
  await waitForPlayer(page);
  await expect(view).toHaveAttribute("data-current", "moments:1.b1");
  await expectFrame(page, 120);
  await expect(list.locator("li").nth(0)).toHaveAttribute("data-pick", "take A");
  await expect(list.locator("li").nth(1)).toHaveAttribute("data-pick", "take B");
  await expect(page.getByTestId("adjudication-note")).toHaveValue("both changes are real scene cuts");

  // Resolve (Ctrl+Enter): read-only afterwards, with who resolved and the decisions.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("Control+Enter");
  await expect(view).toHaveAttribute("data-status", "RESOLVED", { timeout: 15_000 });
  await expect(page.getByTestId("resolution-summary")).toContainText("Resolved by");
  await expect(page.getByTestId("resolution-decisions")).toContainText("Moment at frame 120 (B only): take B");
  await expect(page.getByTestId("resolve-panel")).toHaveCount(0);

  // The item's truth: marks 10, 40 and 120 → answers at the query points (frames 60, 130) 2 and 3.
  const adj = (await (await admin.request.get(`/api/adjudications/${adjudicationId}`)).json()) as { item: { id: string } };
  const detail = await itemDetail(admin.request, projectId, adj.item.id);
  expect(detail.truth?.answer).toEqual([2, 3]);
  expect((detail.truth?.source.occurrence_times as number[]).length).toBe(3);
});
