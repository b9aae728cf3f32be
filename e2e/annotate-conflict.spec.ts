import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { annotatorTaskId, clickTimelineAt, momentsOf, openWorkspace, settledFrame, storedDocument, waitSaved } from "./support/workspace";

/**
 * Two devices (two browser contexts: tabs of one browser also hear each other's saves at once, see
 * the second test) on one task: a save based on an old version is refused (409) and the stale one
 * shows both versions; merge keeps both sides' marks, keep mine saves this side's document on top,
 * take the server's shows the other side's document. Never a silent overwrite.
 */
async function markAt(page: Page, frame: number, fps: number) {
  await clickTimelineAt(page, (frame + 0.5) / fps);
  expect(await settledFrame(page)).toBe(frame);
  await page.keyboard.press("m");
  await expect(page.getByTestId("selection-frames")).toHaveText(new RegExp(`frame ${frame} `));
}

test("two devices on one task: conflict dialog with both versions; merge, keep mine, take the server's", async ({ browser }) => {
  const context = await browser.newContext();
  const a = await context.newPage();
  await signIn(a, "ANNOTATOR");
  const taskId = await annotatorTaskId(a.request, "demo-cfr30-snap");
  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  await signIn(b, "ANNOTATOR");
  await openWorkspace(a, taskId);
  await openWorkspace(b, taskId);
  const before = momentsOf((await storedDocument(a.request, taskId)).data);
  // O1-Snap: "m" places a query point; use the stored query points (kept in time order).
  const qp = async () => {
    const d = (await storedDocument(a.request, taskId)).data;
    return d.benchmark === "VCBENCH" ? d.queryPoints.map((q) => q.at.frame) : [];
  };
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const qp0 = await qp();
  expect(before).toEqual([]);

  // Tab A saves first.
  await markAt(a, 20, 30);
  const vA = await waitSaved(a);
  expect(await qp()).toEqual(sorted([...qp0, 20]));

  // Tab B, still on the old version, edits: 409 → the dialog shows both versions.
  await markAt(b, 40, 30);
  const dialog = b.getByTestId("conflict-dialog");
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(b.getByTestId("save-status")).toHaveAttribute("data-status", "conflict");
  await expect(dialog.getByTestId("conflict-mine")).toContainText("frame 40");
  await expect(dialog.getByTestId("conflict-mine")).not.toContainText("frame 20");
  await expect(dialog.getByTestId("conflict-theirs")).toContainText("frame 20");
  await expect(dialog).toContainText(`version ${vA}`);
  expect(await qp()).toEqual(sorted([...qp0, 20])); // nothing overwritten

  // Merge: both tabs' points are kept.
  await dialog.getByRole("button", { name: "Merge both" }).click();
  await expect(dialog).toBeHidden();
  const vMerged = await waitSaved(b);
  expect(vMerged).toBeGreaterThan(vA);
  expect(await qp()).toEqual(sorted([...qp0, 20, 40]));

  // Tab A is stale now: its next edit conflicts; keep mine saves A's document on top.
  await markAt(a, 60, 30);
  const dialogA = a.getByTestId("conflict-dialog");
  await expect(dialogA).toBeVisible({ timeout: 10_000 });
  await dialogA.getByRole("button", { name: "Keep mine" }).click();
  await expect(dialogA).toBeHidden();
  const vMine = await waitSaved(a);
  expect(vMine).toBe(vMerged + 1);
  expect(await qp()).toEqual(sorted([...qp0, 20, 60]));

  // Tab B is stale: take the server's shows A's document and saves nothing new.
  await markAt(b, 80, 30);
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole("button", { name: "Take the server's" }).click();
  await expect(dialog).toBeHidden();
  expect(await waitSaved(b)).toBe(vMine);
  expect((await storedDocument(a.request, taskId)).version).toBe(vMine);
  expect(await qp()).toEqual(sorted([...qp0, 20, 60]));
  // B shows the server's points (no 80), and its own work is one undo away.
  await b.keyboard.press("Control+z");
  const vAfterUndo = await waitSaved(b);
  expect(vAfterUndo).toBe(vMine + 1);
  expect(await qp()).toEqual(sorted([...qp0, 20, 40, 80]));
  await context.close();
  await contextB.close();
});

test("two tabs of one browser: a save in one is shown in the other at once, not at its next save", async ({ browser }) => {
  const context = await browser.newContext();
  const a = await context.newPage();
  await signIn(a, "ANNOTATOR");
  const taskId = await annotatorTaskId(a.request, "demo-cfr30-snap");
  const b = await context.newPage();
  await openWorkspace(a, taskId);
  await openWorkspace(b, taskId);
  const qp = async () => {
    const d = (await storedDocument(a.request, taskId)).data;
    return d.benchmark === "VCBENCH" ? d.queryPoints.map((q) => q.at.frame).sort((x, y) => x - y) : [];
  };
  const before = await qp();

  await markAt(a, 25, 30);
  const vA = await waitSaved(a);
  // Tab B had nothing unsaved: it takes version vA over without saving anything itself.
  await expect(b.getByText(`Updated to version ${vA}, saved in another tab.`)).toBeVisible({ timeout: 5_000 });
  await expect(b.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
  // B's next point builds on A's: both are stored, no conflict dialog.
  await markAt(b, 50, 30);
  expect(await waitSaved(b)).toBe(vA + 1);
  await expect(b.getByTestId("conflict-dialog")).toHaveCount(0);
  expect(await qp()).toEqual([...before, 25, 50].sort((x, y) => x - y));
  // and A, in turn, shows B's point at once
  await expect(a.getByText(`Updated to version ${vA + 1}, saved in another tab.`)).toBeVisible({ timeout: 5_000 });
  await context.close();
});
