import { expect, test } from "@playwright/test";
import { seekFrame } from "./support/forms";
import { signIn } from "./support/sign-in";
import { annotatorTaskId, openWorkspace, settledFrame } from "./support/workspace";

/**
 * Issue 19.4: the player's buttons (and every button of the player / timeline / workspace chrome)
 * never keep the keys the shortcut registry owns. Click "»" (10 frames), then Space: the video
 * plays (the registry's play / pause), it does not step 10 more frames; the same for "«", the
 * timeline's zoom buttons and the header's help button. Enter still presses a focused button.
 */
test("Space after clicking a player or timeline button plays / pauses instead of pressing the button again", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "ANNOTATOR");
  const taskId = await annotatorTaskId(page.request, "demo-cfr30-unique");
  await openWorkspace(page, taskId);
  const status = page.getByTestId("player-status");

  await seekFrame(page, 20);
  const forward = page.getByRole("button", { name: "10 frames forward" });
  await forward.click();
  expect(await settledFrame(page)).toBe(30);
  await expect(forward).toBeFocused();
  await page.keyboard.press("Space");
  await expect(status).toHaveText("playing");
  await page.keyboard.press("Space");
  await expect(status).toHaveText("paused");
  const after = await settledFrame(page);
  expect(after === 40, "Space did not step another 10 frames").toBe(false);

  // « : Space plays, never steps back.
  await seekFrame(page, 100);
  const back = page.getByRole("button", { name: "10 frames back" });
  await back.click();
  expect(await settledFrame(page)).toBe(90);
  await page.keyboard.press("Space");
  await expect(status).toHaveText("playing");
  await page.keyboard.press("Space");
  await expect(status).toHaveText("paused");
  expect(await settledFrame(page)).toBeGreaterThanOrEqual(90);

  // Enter still presses the focused button.
  await seekFrame(page, 50);
  await forward.focus();
  await page.keyboard.press("Enter");
  expect(await settledFrame(page)).toBe(60);

  // The timeline's zoom button: Space plays, it does not zoom again.
  const host = page.getByTestId("edit-timeline");
  await page.getByRole("button", { name: "Zoom the timeline in" }).click();
  const width = Number(await host.getAttribute("data-view-end")) - Number(await host.getAttribute("data-view-start"));
  await page.keyboard.press("Space");
  await expect(status).toHaveText("playing");
  await page.keyboard.press("Space");
  await expect(status).toHaveText("paused");
  const widthAfter = Number(await host.getAttribute("data-view-end")) - Number(await host.getAttribute("data-view-start"));
  expect(widthAfter).toBeCloseTo(width, 3);

  // The header's help button: Space plays, the help stays closed.
  await page.getByRole("button", { name: "Shortcuts (?)" }).click();
  await expect(page.getByTestId("shortcut-help")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("shortcut-help")).toBeHidden();
  await page.getByRole("button", { name: "Shortcuts (?)" }).focus();
  await page.keyboard.press("Space");
  await expect(status).toHaveText("playing");
  await expect(page.getByTestId("shortcut-help")).toHaveCount(0);
  await page.keyboard.press("Space");
  await expect(status).toHaveText("paused");
});
