import { expect, test } from "@playwright/test";
import type { VsasDocument } from "@/lib/annotation/document";
import { claimNext, importForAnnotator, itemDetail, payloadOf, reopen, submit } from "./support/forms";
import { signIn } from "./support/sign-in";
import { clickTimelineAt, openWorkspace, settledFrame, storedDocument, waitSaved } from "./support/workspace";

/**
 * VSAS 1 FPS caption review: the caption of the second on screen is highlighted (following
 * seeks); the keyboard walks second to second (the video follows to the frame), marks a caption
 * corrected, flags an inconsistency with the next second and edits in place (letters typed are
 * text, not shortcuts); reload keeps it; submit writes the reviewed captions.
 */
const task = {
  task_id: "vsas-review",
  video: "demo-cfr30.mp4",
  task_type: "Present",
  prompt: "Say what you see.",
  fps: 1,
  captions: Array.from({ length: 10 }, (_, s) => `caption of second ${s}`),
};

test("VSAS: captions synced to the video, keyboard review, edit in place, submit", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { admin, projectId } = await importForAnnotator(browser, "vsas", "tasks.jsonl", `${JSON.stringify(task)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vsas-panel");
  const rows = panel.getByTestId("caption-row");
  await expect(rows).toHaveCount(10);
  const current = panel.locator('[data-testid="caption-row"][data-current]');

  // The highlight follows the playhead: 6.5 s -> second 6.
  await clickTimelineAt(page, 6.5);
  await settledFrame(page);
  await expect(current).toHaveAttribute("data-second", "6");

  // Keyboard: back to second 2 and the video follows to its first frame.
  const list = panel.getByTestId("caption-list");
  await list.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowUp");
  await expect(current).toHaveAttribute("data-second", "2");
  expect(await settledFrame(page)).toBe(60);
  await page.keyboard.press("c");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(rows.nth(2).getByRole("checkbox", { name: "second 2 corrected" })).toBeChecked();
  await expect(rows.nth(2).getByRole("button", { name: "second 2 inconsistent with the next second" })).toHaveAttribute("aria-pressed", "true");

  // Edit in place: typed letters (c, m, n) are text, not shortcuts.
  await page.keyboard.press("ArrowDown");
  await expect(current).toHaveAttribute("data-second", "3");
  await page.keyboard.press("Enter");
  const editor = panel.getByRole("textbox", { name: "caption of second 3" });
  await expect(editor).toBeFocused();
  await editor.fill("");
  await editor.pressSequentially("a green box comes in; nothing pops");
  await editor.press("Enter");
  await expect(rows.nth(3).getByTestId("caption-text")).toHaveText("a green box comes in; nothing pops");
  await expect(rows.nth(3)).toContainText("was: caption of second 3");
  await expect(rows.nth(3).getByRole("checkbox", { name: "second 3 corrected" })).not.toBeChecked();
  await expect(panel.getByTestId("vsas-summary")).toHaveText("10 captions · 1 corrected · 1 edited · 1 flagged");
  await waitSaved(page);

  await reopen(page, taskId);
  const doc = (await storedDocument(page.request, taskId)).data as VsasDocument;
  expect(doc.captions[2]).toMatchObject({ second: 2, corrected: true, inconsistentWith: "next", text: "caption of second 2" });
  expect(doc.captions[3]).toMatchObject({ second: 3, corrected: false, inconsistentWith: null, text: "a green box comes in; nothing pops" });
  expect(doc.captions.filter((c) => c.corrected || c.inconsistentWith)).toHaveLength(1);
  await expect(panel.getByTestId("vsas-summary")).toHaveText("10 captions · 1 corrected · 1 edited · 1 flagged");

  const { item } = await payloadOf(page.request, taskId);
  await submit(page);
  const detail = await itemDetail(admin.request, projectId, item.id);
  const captions = detail.truth?.answer as { t: number; text: string }[];
  expect(captions).toHaveLength(10);
  expect(captions[3]).toEqual({ t: 3, text: "a green box comes in; nothing pops" });
  expect(captions[4]).toEqual({ t: 4, text: "caption of second 4" });
  await admin.context.close();
});
