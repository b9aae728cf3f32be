import { expect, test } from "@playwright/test";
import { itemDetail, submit } from "./support/forms";
import { doubleReviewSetup, markFrames } from "./support/double-review";
import { momentsOf, openWorkspace, storedDocument } from "./support/workspace";

/**
 * Blind double review in two browsers: the two demo annotators each hold one pass of the same
 * item (k = 2) and mark it in the workspace; neither workspace ever shows the other's marks; the
 * first submit writes nothing; after the second the item is compared (one mark 40 frames apart:
 * disputed) and the admin's item page says so, the truth untouched.
 */

test("two annotators annotate the same item blind; after both submit the admin sees it disputed", async ({ browser }) => {
  test.setTimeout(240_000);
  const { admin, projectId, itemId, a, b } = await doubleReviewSetup(browser, `double-${Date.now()}`);
  const truthBefore = (await itemDetail(admin.request, projectId, itemId)).truth;

  await markFrames(a.page, a.taskId, [45, 110, 200]);
  await markFrames(b.page, b.taskId, [46, 150]);

  // Each sees only their own pass, also after a reload.
  for (const [who, frames] of [
    [a, [45, 110, 200]],
    [b, [46, 150]],
  ] as const) {
    await openWorkspace(who.page, who.taskId);
    await expect(who.page.getByTestId("vcbench-panel").getByTestId("moment-row")).toHaveCount(frames.length);
    expect(momentsOf((await storedDocument(who.page.request, who.taskId)).data).sort((x, y) => x - y)).toEqual(frames);
    const queue = (await (await who.page.request.get("/api/me/tasks")).json()) as { tasks: { id: string; item: { id: string } }[] };
    expect(queue.tasks.filter((t) => t.item.id === itemId).map((t) => t.id)).toEqual([who.taskId]);
  }
  const other = await a.page.goto(`/annotate/${b.taskId}`);
  expect(other?.status()).toBe(404);

  await openWorkspace(a.page, a.taskId);
  await submit(a.page);
  expect((await itemDetail(admin.request, projectId, itemId)).truth).toEqual(truthBefore);
  await openWorkspace(b.page, b.taskId);
  await submit(b.page);

  await admin.page.goto(`/projects/${projectId}/items/${itemId}`);
  const status = admin.page.getByTestId("review-status");
  await expect(status).toContainText("Double review");
  await expect(status).toContainText("Disputed");
  await expect(status).toContainText("moments:");
  expect((await itemDetail(admin.request, projectId, itemId)).truth).toEqual(truthBefore);

  // Still blind after the comparison: no review status on A's item page, A's workspace shows A's three marks only.
  await a.page.goto(`/projects/${projectId}/items/${itemId}`);
  await expect(a.page.getByRole("heading", { name: "Video" })).toBeVisible();
  await expect(a.page.getByTestId("review-status")).toHaveCount(0);
  await openWorkspace(a.page, a.taskId);
  await expect(a.page.getByTestId("vcbench-panel").getByTestId("moment-row")).toHaveCount(3);
  await admin.context.close();
});
