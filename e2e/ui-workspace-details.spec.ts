import { expect, test, type Locator, type Page } from "@playwright/test";
import { claimNext, importForAnnotator, seekFrame } from "./support/forms";
import { signIn } from "./support/sign-in";
import { annotatorTaskId, openWorkspace } from "./support/workspace";

/**
 * Issue 19.8, the annotation workspace's smaller faults:
 * - the "?" dialog keeps every group's descriptions readable (no one-word-per-line column) and no
 *   group runs into the next (the long Editing key chips next to the Timeline group);
 * - "New individual first seen here" selects the new first appearance, as the M key does (so the
 *   nudge keys act on it at once);
 * - the timeline's last tick label is drawn whole, not cut off at the right edge.
 */

test("the shortcut help: descriptions stay readable and no group overlaps another", async ({ page }) => {
  await signIn(page, "ANNOTATOR");
  await openWorkspace(page, await annotatorTaskId(page.request, "demo-cfr30-gone"));
  await page.keyboard.press("Shift+?");
  const dialog = page.getByTestId("shortcut-help");
  await expect(dialog).toBeVisible();
  const sections = dialog.locator("section");
  const n = await sections.count();
  expect(n).toBeGreaterThanOrEqual(5);
  const boxes = await Promise.all(Array.from({ length: n }, (_, i) => sections.nth(i).boundingBox()));
  for (let i = 0; i < n; i++) {
    const title = await sections.nth(i).locator("h3").textContent();
    const a = boxes[i]!;
    for (let j = i + 1; j < n; j++) {
      const b = boxes[j]!;
      const overlap = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;
      expect(overlap, `group "${title}" overlaps group ${j}`).toBe(false);
    }
    // Every cell stays inside its group, and a description takes at most two lines.
    const rows = sections.nth(i).locator("tr[data-shortcut]");
    for (let r = 0; r < (await rows.count()); r++) {
      const cells = rows.nth(r).locator("td");
      for (let c = 0; c < (await cells.count()); c++) {
        const box = (await cells.nth(c).boundingBox())!;
        expect(box.x + box.width, `${title}, row ${r + 1}, cell ${c + 1} stays in its group`).toBeLessThanOrEqual(a.x + a.width + 1);
      }
      // The description column keeps a readable width: at least 40 % of the group, and about three
      // words a line or more (it was one word per line next to the Editing group's long key chips).
      const description = cells.last();
      const dbox = (await description.boundingBox())!;
      expect(dbox.width, `${title}: the description column is wide enough`).toBeGreaterThanOrEqual(0.4 * a.width);
      const text = (await description.textContent()) ?? "";
      // Lines of the text itself (the cell is as tall as its row's key chips).
      const lines = await description.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      });
      expect(lines, `${title}: "${text}" is not squeezed`).toBeLessThanOrEqual(Math.max(2, Math.ceil(text.split(/\s+/).length / 3)));
    }
  }
});

const O2_RECORD = {
  id: "o2-select",
  source_dataset: "Demo",
  video_path: "demo-cfr30.mp4",
  question: "How many different objects have appeared so far?",
  counting_type: "O2",
  counting_subtype: "O2-Unique",
  occurrence_times: [1.0, 3.0, 6.666667],
  query_points: { time: [2.0, 5.0, 8.0], count: [1, 2, 3] },
};

test("New individual first seen here selects the new first appearance, as M does", async ({ page, browser }) => {
  const { admin, projectId } = await importForAnnotator(browser, "vcbench", "o2-select.jsonl", `${JSON.stringify(O2_RECORD)}\n`);
  await admin.context.close();
  await signIn(page, "ANNOTATOR");
  const taskId = await claimNext(page.request, projectId);
  await openWorkspace(page, taskId);
  const panel = page.getByTestId("vcbench-panel");
  await seekFrame(page, 90);
  await panel.getByRole("button", { name: "New individual first seen here" }).click();
  await expect(panel.getByTestId("identity-row")).toHaveCount(1);
  await expect(page.getByTestId("selection-name")).toHaveText("#1");
  await expect(page.getByTestId("selection-frames")).toHaveText(/^frame 90 /);
  // The nudge keys act on it at once.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(".");
  await expect(page.getByTestId("selection-frames")).toHaveText(/^frame 91 /);
  // The same as the M key: a second individual by key is selected too.
  await seekFrame(page, 150);
  await page.keyboard.press("m");
  await expect(page.getByTestId("selection-name")).toHaveText("#2");
});

/** Columns of the canvas (CSS px from its right edge) in the axis band that hold any ink. */
async function inkAtRightEdge(canvas: Locator, columns: number, bandHeight: number): Promise<number> {
  return canvas.evaluate(
    (el: HTMLCanvasElement, [cols, band]) => {
      const ctx = el.getContext("2d")!;
      const dpr = el.width / el.getBoundingClientRect().width;
      const w = Math.round(cols * dpr);
      const data = ctx.getImageData(el.width - w, 0, w, Math.round(band * dpr)).data;
      let ink = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 40) ink++;
      return ink;
    },
    [columns, bandHeight] as const,
  );
}

async function waitPainted(page: Page) {
  await page.waitForTimeout(300);
}

test("the timeline's last tick label is not cut off at the right edge", async ({ page }) => {
  await signIn(page, "ANNOTATOR");
  await openWorkspace(page, await annotatorTaskId(page.request, "demo-cfr30-gone"));
  const canvas = page.getByTestId("edit-timeline-canvas");
  // The whole video (10 s: a tick at its very end). The top 13 px of the axis hold the labels;
  // tick lines start below them.
  await page.keyboard.press("0");
  await waitPainted(page);
  expect(await inkAtRightEdge(canvas, 2, 13), "ink of a tick label in the last 2 px of the axis").toBe(0);
  // The end of the video is labelled all the same.
  await expect(page.getByTestId("edit-timeline")).toHaveAttribute("data-last-tick-label", /\S/);
});
