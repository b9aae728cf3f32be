import { expect, type Page } from "@playwright/test";

/**
 * "Nothing may overlay the frame" (issue 19.5): every element drawn over the box of the player's
 * picture (the `<video>` inside [data-testid=video-player]) that is neither the video itself nor one
 * of its ancestors. Two checks, both in the page:
 * - hit testing: `document.elementsFromPoint` on a 9 × 9 grid of points inside the video box, every
 *   element above the video at a point;
 * - geometry: every rendered element (display and visibility not hidden, transparent ones included:
 *   an invisible layer still takes the clicks and shows on hover) whose box intersects the video box.
 * Returns one description per offending element (tag, classes, test id), empty when the picture is free.
 */
export async function elementsOverVideo(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="video-player"] video');
    if (!video) return ["no <video> in [data-testid=video-player]"];
    const box = video.getBoundingClientRect();
    if (box.width < 10 || box.height < 10) return [`the video box is ${box.width}×${box.height}`];
    const describe = (el: Element) => {
      const cls = typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      const id = el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : "";
      return `${el.tagName.toLowerCase()}${cls}${id}`;
    };
    const isAncestorOrSelf = (el: Element) => el === video || el.contains(video);
    const found = new Set<string>();
    const n = 9;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const x = box.left + 1 + ((box.width - 2) * (i + 0.5)) / n;
        const y = box.top + 1 + ((box.height - 2) * (j + 0.5)) / n;
        for (const el of document.elementsFromPoint(x, y)) {
          if (el === video) break;
          if (!isAncestorOrSelf(el) && !video.contains(el)) found.add(`${describe(el)} (over the point ${Math.round(x)},${Math.round(y)})`);
        }
      }
    }
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (isAncestorOrSelf(el) || video.contains(el)) continue;
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden" || style.visibility === "collapse") continue;
      const r = el.getBoundingClientRect();
      const w = Math.min(r.right, box.right) - Math.max(r.left, box.left);
      const h = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
      if (r.width > 0 && r.height > 0 && w > 1 && h > 1) found.add(`${describe(el)} (box ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)})`);
    }
    return [...found];
  });
}

/** Asserts that nothing covers the picture `when` (a step of the check, for the message). */
export async function expectVideoUncovered(page: Page, when: string): Promise<void> {
  expect(await elementsOverVideo(page), `elements over the video ${when}`).toEqual([]);
}

/**
 * The picture stays free through a whole use of the player: before playing, hovered, playing
 * (with our own play / pause button), hovered while playing, paused again, hovered while paused.
 */
export async function expectVideoUncoveredThroughPlayback(page: Page): Promise<void> {
  const player = page.getByTestId("video-player");
  const video = player.locator("video");
  await expect(page.getByTestId("player-status")).toHaveText(/paused/, { timeout: 20_000 });
  await expectVideoUncovered(page, "before playing");
  await video.hover();
  await expectVideoUncovered(page, "hovered before playing");
  await player.getByRole("button", { name: /play/i }).click();
  await expect(page.getByTestId("player-status")).toHaveText("playing");
  await video.hover();
  await page.waitForTimeout(300);
  await expectVideoUncovered(page, "while playing, hovered");
  await player.getByRole("button", { name: /play/i }).click();
  await expect(page.getByTestId("player-status")).toHaveText("paused");
  await video.hover();
  await page.waitForTimeout(300);
  await expectVideoUncovered(page, "paused after playing, hovered");
  await page.mouse.move(0, 0);
  await expectVideoUncovered(page, "paused after playing, pointer away");
}
