import { expect, test } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { annotatorTaskId, clickTimelineAt, openWorkspace, settledFrame, storedDocument, waitSaved } from "./support/workspace";

/**
 * Revision history: every acknowledged save is a version (who, when, what changed); restoring an
 * old version makes a NEW version with that document (history is never rewritten), and the page
 * shows it at once. A reload starts from the stored document.
 */
test("history lists every save and restores an old version as a new one", async ({ page }) => {
  await signIn(page, "ANNOTATOR");
  const taskId = await annotatorTaskId(page.request, "demo-vfr-snap");
  await openWorkspace(page, taskId);
  const points = async () => {
    const d = (await storedDocument(page.request, taskId)).data;
    return d.benchmark === "VCBENCH" ? d.queryPoints.map((q) => q.at.frame) : [];
  };
  const start = await points();
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);

  await clickTimelineAt(page, 0.5 / 30);
  const f1 = await settledFrame(page);
  await page.keyboard.press("m");
  const v1 = await waitSaved(page);
  await page.keyboard.press("Shift+ArrowRight");
  const f2 = await settledFrame(page);
  await page.keyboard.press("m");
  const v2 = await waitSaved(page);
  expect(v2).toBe(v1 + 1);
  expect(await points()).toEqual(sorted([...start, f1, f2]));

  await page.getByTestId("history-panel").locator("summary").click();
  const list = page.getByTestId("history-list");
  await expect(list.locator(`li[data-version="${v2}"]`)).toContainText("save");
  await expect(list.locator(`li[data-version="${v2}"]`)).toContainText("Ann Annotator");
  await expect(list.locator(`li[data-version="${v2}"]`)).toContainText(/query point/);
  await list.locator(`li[data-version="${v1}"]`).getByRole("button", { name: `Restore v${v1}` }).click();
  await expect(list.locator(`li[data-version="${v2 + 1}"]`)).toContainText(`restored version ${v1}`);
  expect(await waitSaved(page)).toBe(v2 + 1);
  expect(await points()).toEqual(sorted([...start, f1]));
  // The page shows the restored document: Q(n+2) is gone from the timeline's entities.
  await expect(page.getByTestId("edit-timeline")).toHaveAttribute("data-entities", String(start.length + 1));

  await page.reload();
  await expect(page.getByTestId("edit-timeline")).toHaveAttribute("data-entities", String(start.length + 1));
});
