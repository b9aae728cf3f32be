import { expect, test } from "@playwright/test";
import { WORKSPACE_SHORTCUTS } from "@/lib/player/shortcuts";
import { signIn } from "./support/sign-in";
import { annotatorTaskId, clickTimelineAt, momentsOf, openWorkspace, settledFrame, storedDocument, waitSaved } from "./support/workspace";

/**
 * Annotation workspace, keyboard-first: the "?" help lists every shortcut of the registry; frame
 * stepping lands on exactly the frame in the picture (in-picture frame index of the demo video);
 * a mark goes to the current frame, is stored with frame and seconds, survives a reload, and the
 * reload resumes at the same frame and zoom; keys typed into a field are text, not shortcuts;
 * clicking the timeline seeks to exactly that frame; undo / redo.
 */
test("workspace shortcuts: help overlay, frame-exact stepping, marks, undo, resume after reload", async ({ page }) => {
  await signIn(page, "ANNOTATOR");
  const taskId = await annotatorTaskId(page.request, "demo-cfr30-gone");
  await openWorkspace(page, taskId);

  // Help overlay from the registry.
  await page.keyboard.press("Shift+?");
  const help = page.getByTestId("shortcut-help");
  await expect(help).toBeVisible();
  await expect(help.locator("tr[data-shortcut]")).toHaveCount(WORKSPACE_SHORTCUTS.length);
  await expect(help).toContainText("Add a mark at the current frame");
  await expect(help).toContainText("10 seconds forward");
  await page.keyboard.press("m"); // ignored while the help is open
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // Frame-exact stepping (30 fps CFR): ±1 frame, ±1 s.
  await clickTimelineAt(page, 10.5 / 30);
  expect(await settledFrame(page)).toBe(10);
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  expect(await settledFrame(page)).toBe(15);
  await page.keyboard.press("Shift+ArrowRight");
  expect(await settledFrame(page)).toBe(45);
  await page.keyboard.press("ArrowLeft");
  expect(await settledFrame(page)).toBe(44);

  // A mark at the current frame, stored as frame and seconds.
  const before = momentsOf((await storedDocument(page.request, taskId)).data);
  await page.keyboard.press("m");
  await expect(page.getByTestId("selection-frames")).toHaveText(/frame 44 \(1\.467 s\)/);
  await waitSaved(page);
  let stored = await storedDocument(page.request, taskId);
  expect(momentsOf(stored.data)).toEqual([...before, 44]);
  const mark = stored.data.benchmark === "VCBENCH" ? stored.data.moments.at(-1)! : null;
  expect(mark!.at.sec).toBeCloseTo(44 / 30, 5);

  // Typing in a field is text, not a shortcut.
  const label = page.getByTestId("selection-label");
  await label.fill("");
  await label.pressSequentially("mn ijlo");
  await label.press("Enter");
  await waitSaved(page);
  stored = await storedDocument(page.request, taskId);
  expect(momentsOf(stored.data)).toEqual([...before, 44]);
  expect(stored.data.benchmark === "VCBENCH" && stored.data.moments.at(-1)!.label).toBe("mn ijlo");

  // Nudge the selected mark one frame forward; undo; redo.
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press(".");
  await expect(page.getByTestId("selection-frames")).toHaveText(/frame 45/);
  await page.keyboard.press("Control+z");
  await expect(page.getByTestId("selection-frames")).toHaveText(/frame 44/);
  await page.keyboard.press("Control+Shift+z");
  await expect(page.getByTestId("selection-frames")).toHaveText(/frame 45/);
  await waitSaved(page);
  expect(momentsOf((await storedDocument(page.request, taskId)).data)).toEqual([...before, 45]);

  // Zoom in around the playhead, move to another frame, reload: same frame, same zoom.
  await page.keyboard.press("=");
  await page.keyboard.press("=");
  await clickTimelineAt(page, 50.5 / 30);
  expect(await settledFrame(page)).toBe(50);
  const host = page.getByTestId("edit-timeline");
  const view = [Number(await host.getAttribute("data-view-start")), Number(await host.getAttribute("data-view-end"))];
  expect(view[1] - view[0]).toBeLessThan(5);
  await page.waitForTimeout(600); // resume state is written at most every 400 ms
  await page.reload();
  await expect(page.getByTestId("edit-timeline-canvas")).toBeVisible();
  await expect(page.getByTestId("frame-index")).toHaveText("50", { timeout: 15_000 });
  expect(await settledFrame(page)).toBe(50);
  expect(Number(await host.getAttribute("data-view-start"))).toBeCloseTo(view[0], 3);
  expect(Number(await host.getAttribute("data-view-end"))).toBeCloseTo(view[1], 3);

  // Next / previous mark jump to exactly the mark's frame.
  await page.keyboard.press("p");
  expect(await settledFrame(page)).toBe(45);
  await page.keyboard.press("Delete"); // nothing selected: nothing deleted
  await waitSaved(page);
  expect(momentsOf((await storedDocument(page.request, taskId)).data)).toEqual([...before, 45]);
});
