import { expect, test } from "@playwright/test";
import { signIn } from "./support/sign-in";
import { annotatorTaskId, clickTimelineAt, momentsOf, openWorkspace, settledFrame, storedDocument, waitSaved } from "./support/workspace";

/**
 * Network loss: edits queue in the browser (localStorage) with a banner "Offline, N unsaved
 * changes" and are sent in order when the server answers again; a reload while the server is
 * unreachable keeps them (the page starts from the queued document).
 */
test("offline queue: banner with the count, sent in order when back, kept across a reload", async ({ page, context }) => {
  await signIn(page, "ANNOTATOR");
  const taskId = await annotatorTaskId(page.request, "demo-vfr-gone");
  await openWorkspace(page, taskId);
  const before = momentsOf((await storedDocument(page.request, taskId)).data);
  const vBefore = (await storedDocument(page.request, taskId)).version;
  const fps = 30; // nominal; the VFR video's frames are found by the PTS table, the click is only a seek
  const banner = page.getByTestId("save-status");

  await context.setOffline(true);
  const frames: number[] = [];
  for (const target of [12, 30, 21]) {
    await clickTimelineAt(page, (target + 0.5) / fps);
    const f = await settledFrame(page);
    frames.push(f);
    await page.keyboard.press("m");
    await expect(page.getByTestId("selection-frames")).toHaveText(new RegExp(`frame ${f} `));
  }
  await expect(banner).toHaveText(/Offline, 3 unsaved changes/, { timeout: 10_000 });
  await expect(banner).toHaveAttribute("data-status", "offline");
  expect(momentsOf((await storedDocument(page.request, taskId)).data)).toEqual(before);

  await context.setOffline(false);
  await waitSaved(page);
  const stored = await storedDocument(page.request, taskId);
  // In time order (21 before 30), however they were made: lists stay sorted as they are edited.
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  expect(momentsOf(stored.data)).toEqual(sorted([...before, ...frames]));
  expect(stored.version).toBeGreaterThan(vBefore);

  // The server unreachable (page still loads): a mark, a reload, the mark is still there and queued.
  // Routed on the context, not the page: the one last send tried while the page unloads belongs
  // to the old document, which a page route no longer sees.
  await context.route("**/api/annotations/**", (route) => route.abort("connectionrefused"));
  await clickTimelineAt(page, 40.5 / fps);
  const last = await settledFrame(page);
  await page.keyboard.press("m");
  await expect(banner).toHaveText(/Offline, 1 unsaved change\b/, { timeout: 10_000 });
  await page.reload();
  await expect(page.getByTestId("edit-timeline-canvas")).toBeVisible();
  await expect(banner).toHaveText(/Offline, 1 unsaved change\b/, { timeout: 10_000 });
  // The page is reloaded from its queue: the mark is in the document it shows and is counted as
  // unsent. (The one last send the leaving page tries may escape the test's route, since
  // requests of an unloading document are not always intercepted: so the server holds the
  // mark either not yet or once, never twice, and never anything else.)
  const during = momentsOf((await storedDocument(page.request, taskId)).data);
  expect([sorted([...before, ...frames]), sorted([...before, ...frames, last])]).toContainEqual(during);
  await context.unroute("**/api/annotations/**");
  await waitSaved(page);
  expect(momentsOf((await storedDocument(page.request, taskId)).data)).toEqual(sorted([...before, ...frames, last]));
});
