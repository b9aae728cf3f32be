import { expect, test, type Page } from "@playwright/test";
import { displayedFrameIndex } from "./support/frame-index";
import { DEMO_VIDEOS, expectFrame, findLibraryVideo, openPlayer, originalPtsTable, settledPicture, type PtsJson } from "./support/library-video";
import { signIn } from "./support/sign-in";

/**
 * Playback and seeking in the video page's player: playing advances the frame decoded from the
 * picture; after a pause the picture and the read-out show the same frame (and the next step
 * starts from it); the video.js seek bar lands on the frame its time falls in, with picture and
 * read-out agreeing. (The library player has no separate jump-to-frame control.)
 */

const VIDEO = "video[data-testid=video]";

/** The frame displayed at browser time t (last frame whose start is <= t; the playback copy's table). */
function frameAt(table: PtsJson, t: number): number {
  const ticks = (t * table.timeBase.den) / table.timeBase.num + 1e-4 * (table.timeBase.den / table.timeBase.num);
  let i = 0;
  while (i + 1 < table.pts.length && table.pts[i + 1] <= ticks) i++;
  return i;
}

async function readout(page: Page): Promise<number> {
  return Number(await page.getByTestId("frame-index").textContent());
}

/** Waits until the paused player shows one frame in both the picture and the read-out; returns it. */
async function pausedFrame(page: Page): Promise<number> {
  let last = -1;
  await expect
    .poll(async () => {
      const picture = await settledPicture(page);
      const shown = await readout(page);
      last = shown;
      return picture === shown ? "agree" : `picture ${picture} vs read-out ${shown}`;
    }, { message: "picture and read-out agree after the pause" })
    .toBe("agree");
  return last;
}

async function playbackTable(page: Page, id: string): Promise<PtsJson> {
  const res = await page.request.get(`/api/videos/${encodeURIComponent(id)}/pts?format=json`);
  expect(res.status()).toBe(200);
  return (await res.json()) as PtsJson;
}

test.describe("playback and seeking", () => {
  for (const name of ["cfr30", "vfr"] as const) {
    test(`${name}: playing advances the picture; a pause shows the read-out's frame and steps from it`, async ({ page }) => {
      await signIn(page, "ANNOTATOR");
      const video = await findLibraryVideo(page.request, DEMO_VIDEOS[name]);
      const table = await originalPtsTable(page.request, video.id);
      await openPlayer(page, video.id);
      const player = page.getByTestId("video-player");
      await player.focus();
      expect(await settledPicture(page)).toBe(0);

      let previous = 0;
      for (let round = 0; round < 2; round++) {
        await page.keyboard.press("Space");
        await expect(page.getByTestId("player-status")).toHaveText("playing");
        // The picture moves on while playing.
        await expect
          .poll(async () => (await displayedFrameIndex(page, VIDEO)) ?? -1, { message: "decoded frame advances during playback" })
          .toBeGreaterThan(previous + 5);
        await page.getByRole("button", { name: "Play / pause" }).click();
        await expect(page.getByTestId("player-status")).not.toHaveText("playing");
        const shown = await pausedFrame(page);
        expect(shown).toBeGreaterThan(previous);
        // Still the same frame a moment later (the pause snap does not move the picture on).
        await page.waitForTimeout(300);
        expect(await settledPicture(page)).toBe(shown);
        await expectFrame(page, table, shown, `${name}: paused at ${shown}`);
        // The next step starts from the frame on screen.
        await player.focus();
        await page.keyboard.press("ArrowRight");
        await expectFrame(page, table, shown + 1, `${name}: step after the pause`);
        previous = shown + 1;
      }
    });
  }

  test("the seek bar lands on the frame its time falls in, on the offset video too", async ({ page }) => {
    await signIn(page, "ANNOTATOR");
    for (const name of ["cfr30", "offset"] as const) {
      const video = await findLibraryVideo(page.request, DEMO_VIDEOS[name]);
      const original = await originalPtsTable(page.request, video.id);
      const playback = await playbackTable(page, video.id);
      await openPlayer(page, video.id);
      // video.js shows its control bar once playback has started: play, then pause.
      await page.getByTestId("video-player").focus();
      await page.keyboard.press("Space");
      await expect(page.getByTestId("player-status")).toHaveText("playing");
      await page.keyboard.press("Space");
      await pausedFrame(page);
      const bar = page.locator(".vjs-progress-holder");
      for (const fraction of [0.5, 0.2, 0.85]) {
        await page.locator(".video-js").hover();
        const box = await bar.boundingBox();
        if (!box) throw new Error("no seek bar");
        await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
        const picture = await settledPicture(page);
        const time = await page.evaluate((sel) => (document.querySelector(sel) as HTMLVideoElement).currentTime, VIDEO);
        const expected = frameAt(playback, time);
        // Roughly where the click was (the bar maps x to time), exactly the frame of that time.
        expect(Math.abs(expected - fraction * video.frameCount), `${name} at ${fraction}`).toBeLessThan(video.frameCount * 0.05);
        expect(picture, `${name}: picture after seeking to ${time}`).toBe(expected);
        await expectFrame(page, original, expected, `${name}: seek bar at ${fraction}`);
      }
    }
  });
});
