import { expect, test, type Page } from "@playwright/test";
import { adminSession, DEMO_PROJECT, demoItem, itemIds, joinStudy, openStudy, projectIdByName, VIDEO, waitForQuestion } from "./support/baseline";
import { recordedFrameIndices, settledFrameIndex, startFrameRecorder } from "./support/frame-index";
import { signIn } from "./support/sign-in";

/**
 * The streaming player offers nothing that replays or rewinds (issue 13, "replay button"): at a
 * pause no button is left in the player (video.js's replay / big play buttons are gone), and no
 * click, key (Space, arrows, Home/End, J/K/L, digits, media keys) or Media Session action
 * (captured as the page registers them, then invoked) brings back an earlier frame: every frame
 * the video presents, read from the picture, is at or after the one before. Demo video
 * demo-cfr30.mp4, query points at frames 120 and 175 first.
 */
const GONE = demoItem("demo-cfr30-gone");
const KEYS = ["Space", "k", "Enter", "ArrowLeft", "ArrowUp", "Home", "End", "PageUp", "j", "l", "0", "5", "Shift+ArrowLeft", ",", "<", "MediaPlayPause", "MediaTrackPrevious"];

async function assertPausedOn(page: Page, frame: number, what: string) {
  await page.waitForTimeout(300);
  expect(await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => v.paused), `${what}: still paused`).toBe(true);
  expect(await settledFrameIndex(page, VIDEO), `${what}: frame on screen`).toBe(frame);
}

test("no button, click, key or media-session action replays or rewinds the stream", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Keep the Media Session handlers the page registers, to invoke them as the browser would.
  await page.addInitScript(() => {
    const session = navigator.mediaSession;
    if (!session) return;
    const w = window as unknown as { __mediaHandlers: Record<string, ((d: object) => void) | null> };
    w.__mediaHandlers = {};
    const original = session.setActionHandler.bind(session);
    session.setActionHandler = (action, handler) => {
      w.__mediaHandlers[action] = handler as ((d: object) => void) | null;
      original(action, handler);
    };
  });
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, { projectId, protocol: "STREAMING", itemIds: [ids.get(GONE.externalId)!] });
  await signIn(page, "PARTICIPANT");
  await joinStudy(page, studyId);
  await page.locator(VIDEO).waitFor({ state: "attached" });
  await startFrameRecorder(page, VIDEO);
  await page.getByTestId("baseline-start").click();
  await waitForQuestion(page);
  const q0 = GONE.queryFrames[0];
  await assertPausedOn(page, q0, "at the first pause");

  await test.step("no button is left in the player at the pause (no replay, no big play button)", async () => {
    await expect(page.getByTestId("baseline-video-frame").locator("button:visible")).toHaveCount(0);
    await expect(page.locator(".vjs-big-play-button")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /replay|play/i })).toHaveCount(0);
  });

  await test.step("clicks on the picture", async () => {
    for (const target of [VIDEO, ".video-js"]) {
      await page.locator(target).first().dispatchEvent("click");
      await page.locator(target).first().dispatchEvent("dblclick");
      await assertPausedOn(page, q0, `click on ${target}`);
    }
    await page.locator(".video-js").first().click({ force: true });
    await assertPausedOn(page, q0, "a real click");
  });

  await test.step("keys in the player", async () => {
    await page.locator(".video-js").first().focus();
    for (const key of KEYS) {
      await page.keyboard.press(key);
      await assertPausedOn(page, q0, `key ${key}`);
    }
  });

  await test.step("media-session actions", async () => {
    const actions = await page.evaluate(() => Object.keys((window as unknown as { __mediaHandlers: object }).__mediaHandlers ?? {}));
    for (const needed of ["play", "seekbackward", "seekto", "previoustrack"]) expect(actions, "handlers the page registered").toContain(needed);
    for (const action of ["play", "seekbackward", "seekto", "previoustrack", "seekforward", "nexttrack"]) {
      await page.evaluate((a) => {
        const h = (window as unknown as { __mediaHandlers: Record<string, ((d: object) => void) | null> }).__mediaHandlers[a];
        h?.({ action: a, seekTime: 0, seekOffset: 10 });
      }, action);
      await assertPausedOn(page, q0, `media session ${action}`);
    }
  });

  await test.step("the page's own play() and a seek to 0", async () => {
    await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => void v.play().catch(() => {}));
    await assertPausedOn(page, q0, "video.play()");
    await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => void (v.currentTime = 0));
    await assertPausedOn(page, q0, "currentTime = 0");
  });

  await test.step("keys while the next stretch plays do not rewind it either", async () => {
    await page.getByTestId("answer-integer").fill(String(GONE.counts[0]));
    await page.getByTestId("answer-submit").click();
    await expect.poll(() => page.locator(VIDEO).evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await page.locator(".video-js").first().focus();
    for (const key of ["ArrowLeft", "Home", "j", "0"]) await page.keyboard.press(key);
    await waitForQuestion(page);
    expect(await settledFrameIndex(page, VIDEO)).toBe(GONE.queryFrames[1]);
  });

  const frames = (await recordedFrameIndices(page)).filter((f): f is number => f !== null);
  expect(frames.length).toBeGreaterThan(5);
  for (let i = 1; i < frames.length; i++) expect(frames[i], `presented frame ${i} (after ${frames[i - 1]})`).toBeGreaterThanOrEqual(frames[i - 1]);
  expect(frames[frames.length - 1]).toBeLessThanOrEqual(GONE.queryFrames[1]);
  await admin.context.close();
});
