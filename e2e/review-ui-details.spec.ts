import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { WORKSPACE_SHORTCUTS } from "@/lib/player/shortcuts";
import { ACCOUNTS } from "./support/accounts";
import { e2eDatabaseEnv } from "./support/e2e-data";
import { adminSession, projectIdByName } from "./support/baseline";
import { addDemoMembers } from "./support/members";
import { demoAdjudicationIds } from "./support/review-ids";
import { signIn } from "./support/sign-in";
import { annotatorTaskId, openWorkspace } from "./support/workspace";

/**
 * Issue 19.8 / 19.9, the reviewer's and the annotator's review pages:
 * - /review opens its adjudication table on a project with work (disputed items), not on the first;
 * - Shift+← / → means the same in the adjudication view as in the workspace (1 second), from the
 *   one registry, and the "?" lists say so;
 * - the lanes' titles ("A · First appearances") never run into the lane's marks;
 * - the annotator's feedback says which side is theirs ("you" / "final", never A / B) and its mean
 *   offset counts a mark 34 frames off (it said 0.000: only marks matched within the 2-frame
 *   tolerance were averaged).
 */

const O2_RECORD = {
  id: "o2-review",
  source_dataset: "Demo",
  video_path: "demo-vfr.mp4",
  question: "How many different objects have appeared so far?",
  counting_type: "O2",
  counting_subtype: "O2-Unique",
  occurrence_times: [5.0, 11.0],
  query_points: { time: [6.0, 14.0], count: [1, 2] },
};

/** A project of one O2-Unique item on the VFR demo video with a seeded disputed double review (first appearances 150, 330 vs 150, 364). */
async function o2Adjudication(page: Page): Promise<{ projectId: string; adjudicationId: string; annotationIds: string[] }> {
  const name = `E2E review details ${Date.now()}`;
  const res = await page.request.post(`/api/projects?kind=vcbench&name=${encodeURIComponent(name)}`, { data: Buffer.from(`${JSON.stringify(O2_RECORD)}\n`), headers: { "content-type": "application/octet-stream", "x-file-name": "o2.jsonl" } });
  expect(res.status(), await res.text()).toBe(201);
  const projectId = await projectIdByName(page.request, name);
  await addDemoMembers(page.request, projectId, ["REVIEWER", "ANNOTATOR"]);
  const r = spawnSync(
    process.execPath,
    [path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "e2e/support/seed-o2-adjudication.ts", projectId, ACCOUNTS.ANNOTATOR, ACCOUNTS.ADMIN],
    { cwd: process.cwd(), encoding: "utf8", env: e2eDatabaseEnv() },
  );
  expect(r.status, r.stderr).toBe(0);
  return { projectId, ...(JSON.parse(r.stdout) as { adjudicationId: string; annotationIds: string[] }) };
}

async function pts(page: Page): Promise<number> {
  await expect(page.getByTestId("player-status")).toHaveText("paused");
  return Number(await page.getByTestId("pts").textContent());
}

async function frame(page: Page): Promise<number> {
  await expect(page.getByTestId("player-status")).toHaveText("paused");
  return Number(await page.getByTestId("frame-index").textContent());
}

test("/review opens the adjudication table of a project with disputed items", async ({ page }) => {
  await signIn(page, "REVIEWER");
  await page.goto("/review");
  const cards = page.locator('[data-testid^="review-project-"]');
  await expect(cards.first()).toBeVisible();
  // The first card is a project without work (a demo project without double review): the default must be chosen, not taken.
  await expect(cards.first().locator('[data-testid^="count-disputed-"]')).toHaveText("0");
  await expect(page.getByRole("button", { name: "Adjudications", pressed: true })).toHaveCount(1);
  const selected = cards.filter({ has: page.getByRole("button", { name: "Adjudications", pressed: true }) });
  const open = Number(await selected.locator('[data-testid^="count-disputed-"]').textContent()) + Number(await selected.locator('[data-testid^="count-expert-"]').textContent());
  expect(open, "the selected project has open adjudications").toBeGreaterThan(0);
  await expect(page.getByTestId("adjudication-table").locator('[data-testid^="adjudication-"]').first()).toBeVisible();
});

test("Shift+→ / ← moves one second in the adjudication view, as in the workspace", async ({ page, browser }) => {
  const second = WORKSPACE_SHORTCUTS.find((s) => s.keys.includes("Shift+ArrowRight"))!;
  expect(second.description).toBe("1 second forward");

  const annotator = await (await browser.newContext()).newPage();
  await signIn(annotator, "ANNOTATOR");
  await openWorkspace(annotator, await annotatorTaskId(annotator.request, "demo-cfr30-gone"));
  await annotator.keyboard.press("0");
  const w0 = await frame(annotator);
  await annotator.keyboard.press("Shift+ArrowRight");
  await expect.poll(() => frame(annotator)).toBe(w0 + 30);
  await annotator.context().close();

  await signIn(page, "REVIEWER");
  const [id] = await demoAdjudicationIds(page.request, "DISPUTED");
  await page.goto(`/review/adjudications/${id}`);
  await expect(page.getByTestId("adjudication-view")).toBeVisible();
  await expect(page.getByTestId("player-status")).toHaveText(/paused/, { timeout: 20_000 });
  const start = await frame(page);
  const startPts = await pts(page);
  const count = Number((await page.getByTestId("video-player").textContent())?.match(/\/ (\d+)/)?.[1] ?? 0);
  await page.keyboard.press(start < count / 2 ? "Shift+ArrowRight" : "Shift+ArrowLeft");
  // One second of the video's own time (the demo items include the VFR video: not a fixed number of frames; it was 10 frames).
  await expect.poll(async () => (await frame(page)) !== start).toBe(true);
  expect(Math.abs((await pts(page)) - startPts)).toBeGreaterThan(0.85);
  expect(Math.abs((await pts(page)) - startPts)).toBeLessThan(1.15);
  await page.keyboard.press("Shift+?");
  const help = page.getByTestId("shortcut-help");
  await expect(help.locator("tr", { hasText: "Shift + →" })).toContainText("1 second forward");
  await expect(help.locator("tr", { hasText: "Shift + ←" })).toContainText("1 second back");
});

/** Dark pixels (text) in the first `px` CSS pixels of the track area of a lane's canvas rows. */
async function inkRightOfLabels(page: Page, lane: string, px: number): Promise<number> {
  const host = page.getByTestId(`lane-${lane}`);
  return host.locator("canvas").evaluate((el: HTMLCanvasElement, [width, labelWidth]) => {
    const ctx = el.getContext("2d")!;
    const dpr = el.width / el.getBoundingClientRect().width;
    const axis = 22 * dpr;
    const data = ctx.getImageData(Math.round(labelWidth * dpr), Math.round(axis), Math.round(width * dpr), el.height - Math.round(axis)).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200 && data[i] + data[i + 1] + data[i + 2] < 400) ink++;
    return ink;
  }, [px, Number(await host.locator("[data-label-width]").getAttribute("data-label-width"))] as const);
}

test("lane titles stay in their column; the annotator's feedback names sides and counts the 34-frame offset", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const admin = await adminSession(browser);
  const seeded = await o2Adjudication(admin.page);
  await admin.context.close();

  await signIn(page, "REVIEWER");
  await page.goto(`/review/adjudications/${seeded.adjudicationId}`);
  await expect(page.getByTestId("player-status")).toHaveText(/paused/, { timeout: 20_000 });
  await expect(page.getByTestId("adjudication-lanes")).toHaveAttribute("data-painted-at", /\d/);
  // The marks are at frames 150 and more of 480: nothing but the titles could reach the first 30 px right of the title column.
  for (const lane of ["A", "B"]) expect(await inkRightOfLabels(page, lane, 30), `lane ${lane}: its title runs into the track`).toBe(0);

  // Resolve: B's version of both differences (first appearances 150 and 364), through the API.
  const claim = await page.request.post(`/api/adjudications/${seeded.adjudicationId}/claim`);
  expect(claim.status(), await claim.text()).toBe(200);
  const payload = (await (await page.request.get(`/api/adjudications/${seeded.adjudicationId}`)).json()) as { version: number; differences: { id: string }[] };
  const picks = payload.differences.filter((d) => d.id.startsWith("identities:")).map((d) => ({ differenceId: d.id, take: 1 }));
  expect(picks).toHaveLength(2);
  const resolved = await page.request.post(`/api/adjudications/${seeded.adjudicationId}/resolve`, { data: { baseVersion: payload.version, picks, note: "" } });
  expect(resolved.status(), await resolved.text()).toBe(200);

  const annotator = await (await browser.newContext()).newPage();
  await signIn(annotator, "ANNOTATOR");
  await annotator.goto(`/annotate/feedback/${seeded.annotationIds[0]}`);
  const facets = annotator.getByTestId("feedback-facets");
  const identities = facets.getByRole("row").filter({ hasText: "identities" });
  // Your first appearance at 330 is 34 frames before the final one at 364; 150 is exact: mean 17 frames.
  await expect(identities).toContainText("mean offset 17.000 frames");
  await expect(identities).toContainText("34 frames");
  await expect(identities).not.toContainText("mean offset 0.000");
  // Which side is the annotator's: "you" / "final", never the letters of the adjudication.
  await expect(annotator.getByTestId("feedback-legend")).toContainText("you");
  const text = (await annotator.locator("main").textContent()) ?? "";
  expect(text).not.toMatch(/\bA (has|frame|none)|\bB (has|frame|none)|, B\b|\bA,/);
  await expect(annotator.getByTestId("feedback-differences")).toContainText("yours frame 330");
});
