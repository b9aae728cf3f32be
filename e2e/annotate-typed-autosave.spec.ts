import { expect, test } from "@playwright/test";
import type { VcbenchDocument, VsasDocument } from "@/lib/annotation/document";
import { claimNext, importForAnnotator } from "./support/forms";
import { signIn } from "./support/sign-in";
import { openWorkspace, storedDocument, waitSaved } from "./support/workspace";

/**
 * Issue 19.1: what is typed is saved as it is typed, not when the field is left. A count typed
 * into an O1-Snap query-point box (the cursor staying in the box) reaches the server; the status
 * says "saved" only once it has; a reload then keeps it. Text that cannot be saved ("abc" in a
 * count) is named in the status, never "saved". The same for the selection editor's label and the
 * VSAS caption editor (text fields that used to be written on blur).
 */
const snap = {
  id: "snap-typed",
  source_dataset: "Demo",
  video_path: "demo-cfr30.mp4",
  question: "How many objects are visible now?",
  counting_type: "O1",
  counting_subtype: "O1-Snap",
  occurrence_times: [],
  query_points: { time: [2.0, 5.0, 8.0], count: [1, 2, 1] },
};

test("O1-Snap: a count typed and left in its box is saved, the status waits for it, a reload keeps it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { admin, projectId } = await importForAnnotator(browser, "vcbench", "snap.jsonl", `${JSON.stringify(snap)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vcbench-panel");
  const status = page.getByTestId("save-status");
  await waitSaved(page);

  const counts = [3, 1, 4];
  for (const [i, n] of counts.entries()) {
    const box = panel.getByRole("textbox", { name: `count at query point ${i + 1}` });
    await box.click();
    await box.pressSequentially(String(n));
    // The edit is pending at once: never "saved" while it is not.
    await expect(status).not.toHaveAttribute("data-status", "saved", { timeout: 500 });
  }
  // The cursor is still in the last box (never blurred).
  await expect(panel.getByRole("textbox", { name: "count at query point 3" })).toBeFocused();
  await waitSaved(page);
  const stored = (await storedDocument(page.request, taskId)).data as VcbenchDocument;
  expect(stored.queryPoints.map((q) => q.count)).toEqual(counts);

  // Closing right after typing (no blur, no wait): the count is kept (in the browser, then sent).
  const box = panel.getByRole("textbox", { name: "count at query point 2" });
  await box.click();
  await box.press("Backspace");
  await box.pressSequentially("7");
  await page.reload();
  await openWorkspace(page, taskId);
  await expect(panel.getByRole("textbox", { name: "count at query point 2" })).toHaveValue("7");
  await waitSaved(page);
  expect(((await storedDocument(page.request, taskId)).data as VcbenchDocument).queryPoints.map((q) => q.count)).toEqual([3, 7, 4]);

  // Text that is not a count: named in the status, not "saved", and nothing written.
  const first = panel.getByRole("textbox", { name: "count at query point 1" });
  await first.click();
  await first.press("End");
  await first.pressSequentially("x");
  await expect(status).toHaveAttribute("data-status", "unsaved");
  await expect(status).toContainText("count at query point 1: must be a number");
  await page.waitForTimeout(1500);
  await expect(status).not.toHaveAttribute("data-status", "saved");
  await first.press("Backspace");
  await waitSaved(page);
  expect(((await storedDocument(page.request, taskId)).data as VcbenchDocument).queryPoints.map((q) => q.count)).toEqual([3, 7, 4]);
  await admin.context.close();
});

test("the selection editor's label and the VSAS caption editor save while the cursor is still in them", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const e1 = { ...snap, id: "e1-typed", counting_type: "E1", counting_subtype: "E1-Action", question: "How many times?", occurrence_times: [1.0], query_points: { time: [2.0, 5.0, 8.0], count: [1, 1, 1] } };
  const { admin, projectId } = await importForAnnotator(browser, "vcbench", "e1.jsonl", `${JSON.stringify(e1)}\n`);
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("m");
  const label = page.getByTestId("selection-label");
  await label.click();
  await label.pressSequentially("clap");
  await expect(page.getByTestId("save-status")).not.toHaveAttribute("data-status", "saved", { timeout: 500 });
  await expect(label).toBeFocused();
  await waitSaved(page);
  expect(((await storedDocument(page.request, taskId)).data as VcbenchDocument).moments.map((m) => m.label)).toEqual(["clap"]);

  const vsasTask = { task_id: "vsas-typed", video: "demo-cfr30.mp4", task_type: "Present", prompt: "Say what you see.", fps: 1, captions: Array.from({ length: 4 }, (_, s) => `caption ${s}`) };
  const vsas = await importForAnnotator(browser, "vsas", "tasks.jsonl", `${JSON.stringify(vsasTask)}\n`);
  const vsasTaskId = await claimNext(page.request, vsas.projectId);
  await openWorkspace(page, vsasTaskId);
  const rows = page.getByTestId("caption-row");
  await rows.nth(1).getByRole("button", { name: "edit second 1" }).click();
  const editor = page.getByRole("textbox", { name: "caption of second 1" });
  await expect(editor).toBeFocused();
  await editor.press("End");
  await editor.pressSequentially(" and a dog");
  await expect(editor).toBeFocused();
  await waitSaved(page);
  expect(((await storedDocument(page.request, vsasTaskId)).data as VsasDocument).captions[1].text).toBe("caption 1 and a dog");
  await admin.context.close();
  await vsas.admin.context.close();
});
