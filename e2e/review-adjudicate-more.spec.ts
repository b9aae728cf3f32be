import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/accounts";
import { e2eDatabaseEnv } from "./support/e2e-data";
import { adminSession } from "./support/baseline";
import { e1Record, SECOND_ANNOTATOR } from "./support/double-review";
import { itemDetail } from "./support/forms";
import { addDemoMembers } from "./support/members";
import { signIn } from "./support/sign-in";

/**
 * The adjudication view's other paths (issue 12): an expert sample confirmed as annotated, an
 * expert sample edited (a mark added: the note is then required), two tabs of one reviewer racing
 * the draft (the conflict dialog: take theirs / keep mine) while the admin reads the item
 * read-only, and a reviewer whose Claim loses to a second reviewer seeing who holds the item.
 * Four VCBench E1 items on demo-cfr30.mp4; adjudications seeded as the submit builds them
 * (e2e/support/seed-review-more.ts): expert samples of marks 10, 40; double reviews 10, 40 vs 10, 120.
 */

const stamp = Date.now();
const REVIEWER2 = `reviewer2-${stamp}@playhead.local`;

function tsx(args: string[]): string {
  const r = spawnSync(process.execPath, [path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "e2e/support/seed-review-more.ts", ...args], {
    cwd: process.cwd(),
    encoding: "utf8",
    env: e2eDatabaseEnv(),
  });
  if (r.status !== 0) throw new Error(`seeding failed: ${r.stderr}`);
  return r.stdout;
}

async function reviewerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, "REVIEWER");
  return page;
}

async function openView(page: Page, id: string) {
  await page.goto(`/review/adjudications/${id}`);
  await expect(page.getByTestId("adjudication-view")).toBeVisible();
  await expect(page.getByTestId("player-status")).toHaveText(/paused/, { timeout: 20_000 });
}

async function claim(page: Page, id: string) {
  await openView(page, id);
  await page.getByTestId("claim-bar").getByRole("button", { name: "Claim" }).click();
  await expect(page.getByTestId("resolve-panel")).toBeVisible();
}

test("expert samples, the draft conflict dialog, the admin's read-only view and a lost claim", async ({ browser }) => {
  test.setTimeout(300_000);
  const admin = await adminSession(browser);
  const name = `E2E adjudicate more ${stamp}`;
  const ids = [1, 2, 3, 4].map((i) => `more-${stamp}-${i}`);
  const imported = await admin.request.post(`/api/projects?kind=vcbench&name=${encodeURIComponent(name)}`, {
    data: Buffer.from(ids.map((id) => JSON.stringify(e1Record(id))).join("\n") + "\n"),
    headers: { "content-type": "application/octet-stream", "x-file-name": "more.jsonl" },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const projectId = ((await (await admin.request.get("/api/projects")).json()) as { projects: { id: string; name: string }[] }).projects.find((p) => p.name === name)!.id;
  await addDemoMembers(admin.request, projectId, ["REVIEWER", "ANNOTATOR"]);
  const seeded = JSON.parse(tsx(["seed", projectId, ACCOUNTS.ANNOTATOR, SECOND_ANNOTATOR, REVIEWER2])) as { expert: string[]; double: string[] };
  const itemOf = async (id: string) => ((await (await admin.request.get(`/api/adjudications/${id}`)).json()) as { item: { id: string } }).item.id;

  // Expert sample confirmed as annotated: no note needed, the truth is annotation A (marks 10, 40).
  const page = await reviewerPage(browser);
  await claim(page, seeded.expert[0]);
  await expect(page.getByTestId("adjudication-view")).toContainText("Expert review");
  await expect(page.getByTestId("expert-editor")).toContainText("(as annotated)");
  await expect(page.getByTestId("resolve-button")).toHaveText("Confirm");
  await page.getByTestId("resolve-button").click();
  await expect(page.getByTestId("adjudication-view")).toHaveAttribute("data-status", "RESOLVED", { timeout: 15_000 });
  expect((await itemDetail(admin.request, projectId, await itemOf(seeded.expert[0]))).truth?.answer).toEqual([2, 2, 2]);

  // Expert sample edited: a mark added at the player's frame 0 → the note is required, then resolved with the edit.
  await claim(page, seeded.expert[1]);
  await expect(page.getByTestId("frame-index")).toHaveText("0");
  await page.getByTestId("expert-editor").getByRole("button", { name: "Add a mark here" }).click();
  await expect(page.getByTestId("expert-editor")).toContainText("(edited)");
  await expect(page.getByTestId("resolve-button")).toHaveText("Resolve with my edits");
  await expect(page.getByTestId("note-rule")).toHaveText("The result differs from every annotation: say why in the note.");
  await page.getByTestId("resolve-button").click();
  await expect(page.getByTestId("resolve-problems")).toContainText("note: the result differs from every annotation");
  await expect(page.getByTestId("adjudication-view")).toHaveAttribute("data-status", "DISPUTED");
  await page.getByTestId("adjudication-note").fill("the first appearance is at the very start");
  await expect(page.getByTestId("draft-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await page.getByTestId("resolve-button").click();
  await expect(page.getByTestId("adjudication-view")).toHaveAttribute("data-status", "RESOLVED", { timeout: 15_000 });
  expect((await itemDetail(admin.request, projectId, await itemOf(seeded.expert[1]))).truth?.answer).toEqual([3, 3, 3]);

  // Two tabs of the reviewer on one double review: the stale tab's save opens the conflict dialog.
  const [race] = seeded.double;
  await claim(page, race);
  const other = await page.context().newPage();
  await openView(other, race);
  await expect(other.getByTestId("resolve-panel")).toBeVisible();
  const rowA = (p: Page) => p.getByTestId("difference-list").locator('li[data-difference-id^="moments:0."]');
  const rowB = (p: Page) => p.getByTestId("difference-list").locator('li[data-difference-id^="moments:1."]');
  await rowA(page).click();
  await rowA(page).getByRole("button", { name: "Take A" }).click();
  await expect(page.getByTestId("draft-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await rowA(other).click();
  await rowA(other).getByRole("button", { name: "Take B" }).click();
  const dialog = other.getByTestId("conflict-dialog");
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toContainText("This adjudication was changed elsewhere");
  await dialog.getByRole("button", { name: "Take theirs" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowA(other)).toHaveAttribute("data-pick", "take A");
  // The admin meanwhile reads it read-only: who holds it, no resolve panel.
  await admin.page.goto(`/review/adjudications/${race}`);
  await expect(admin.page.getByTestId("adjudication-view")).toContainText("claimed by");
  await expect(admin.page.getByTestId("adjudication-view")).toContainText("read-only");
  await expect(admin.page.getByTestId("resolve-panel")).toHaveCount(0);
  // Now the first tab is stale: its change conflicts, and Keep mine saves it over the other's.
  await rowB(other).click();
  await rowB(other).getByRole("button", { name: "Take B" }).click();
  await expect(other.getByTestId("draft-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await rowB(page).click();
  await rowB(page).getByRole("button", { name: "Take A" }).click();
  await expect(page.getByTestId("conflict-dialog")).toBeVisible({ timeout: 10_000 });
  await page.getByTestId("conflict-dialog").getByRole("button", { name: "Keep mine" }).click();
  await expect(page.getByTestId("draft-status")).toHaveAttribute("data-status", "saved", { timeout: 10_000 });
  await openView(other, race);
  await expect(rowA(other)).toHaveAttribute("data-pick", "take A");
  await expect(rowB(other)).toHaveAttribute("data-pick", "take A");
  // Both picks take A: the result is annotation A, so no note is needed; resolving leaves nothing claimed.
  await expect(page.getByTestId("note-rule")).toHaveText("A note is required only when the result differs from every annotation.");
  await page.getByTestId("resolve-button").click();
  await expect(page.getByTestId("adjudication-view")).toHaveAttribute("data-status", "RESOLVED", { timeout: 15_000 });
  expect((await itemDetail(admin.request, projectId, await itemOf(race))).truth?.answer).toEqual([2, 2, 2]);

  // A lost claim: the second reviewer claims while this one looks at the claim bar.
  const [taken] = seeded.double.slice(1);
  await openView(page, taken);
  await expect(page.getByTestId("claim-bar")).toBeVisible();
  tsx(["claim", taken, REVIEWER2]);
  await page.getByTestId("claim-bar").getByRole("button", { name: "Claim" }).click();
  await expect(page.getByTestId("claim-bar").getByRole("alert")).toHaveText("Rita Second is adjudicating this item.");
  await page.goto(`/review/adjudications/${taken}`);
  await expect(page.getByTestId("adjudication-error")).toHaveText("Rita Second is adjudicating this item.");
  const api = await page.request.post(`/api/adjudications/${taken}/claim`);
  expect(api.status()).toBe(409);
  expect(((await api.json()) as { error: { code: string } }).error.code).toBe("adjudication_taken");
  await admin.context.close();
});
