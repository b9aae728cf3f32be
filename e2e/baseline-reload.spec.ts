import { expect, test } from "@playwright/test";
import {
  adminSession,
  DEMO_PROJECT,
  demoItem,
  itemIds,
  joinStudy,
  openStudy,
  projectIdByName,
  serveLog,
  servedSegments,
  VIDEO,
  waitForQuestion,
} from "./support/baseline";
import { displayedFrameIndex, recordedFrameIndices, settledFrameIndex, startFrameRecorder } from "./support/frame-index";
import { signIn } from "./support/sign-in";

/**
 * Reloading a streaming session never costs the participant video (issue 13):
 * - before "Start the video" nothing is served, so after a reload the first stretch still plays
 *   in full, from frame 0 (read from the picture), and the answer is accepted as usual;
 * - at a pause the player shows the paused frame as a still picture: exactly the query point's
 *   frame (the last frame of the segment served up to it; rule: ±0 frames), never a black player,
 *   and nothing that can play or rewind.
 * Demo video demo-cfr30.mp4 (30 fps): query points at frames 120, 175, 220, 265, 294, 295.
 */
const SNAP = demoItem("demo-cfr30-snap");
const STILL = '[data-testid="baseline-still"]';

test("reload before Start the video: the first stretch plays from frame 0, the answer is accepted", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, { projectId, protocol: "STREAMING", itemIds: [ids.get(SNAP.externalId)!] });

  await signIn(page, "PARTICIPANT");
  const sessionId = await joinStudy(page, studyId);
  await expect(page.getByTestId("baseline-start")).toHaveText("Start the video");
  await page.waitForLoadState("networkidle");
  // An open page is served no video before the participant starts it.
  expect(servedSegments(await serveLog(admin.request, studyId, sessionId))).toEqual([]);

  await page.reload();
  await expect(page.getByTestId("baseline-start")).toHaveText("Start the video");
  await expect(page.getByTestId("question")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(servedSegments(await serveLog(admin.request, studyId, sessionId))).toEqual([]);

  await page.locator(VIDEO).waitFor({ state: "attached" });
  await startFrameRecorder(page, VIDEO);
  await page.getByTestId("baseline-start").click();
  await waitForQuestion(page);
  expect(await settledFrameIndex(page, VIDEO)).toBe(SNAP.queryFrames[0]);
  const frames = (await recordedFrameIndices(page)).filter((f): f is number => f !== null);
  // (Recording costs the page time: on a loaded machine some frames are not captured.)
  expect(frames.length, "frames presented while the first stretch played").toBeGreaterThan(5);
  expect(frames[0], "the first stretch starts at the start of the video").toBeLessThanOrEqual(10);
  for (let i = 1; i < frames.length; i++) expect(frames[i], `frame ${i} of the stretch`).toBeGreaterThanOrEqual(frames[i - 1]);
  // (The exact pause frame is checked on the picture above; a loaded machine may not record the last frames.)
  expect(frames[frames.length - 1]).toBeLessThanOrEqual(SNAP.queryFrames[0]);

  await page.getByTestId("answer-integer").fill(String(SNAP.counts[0]));
  await page.getByTestId("answer-submit").click();
  await expect(page.getByText(`1 of ${SNAP.queryFrames.length} answered`)).toBeVisible();
  const log = (await (await admin.request.get(`/api/studies/${studyId}/sessions/${sessionId}/log`)).json()) as { events: { kind: string; value?: unknown }[] };
  expect(log.events.filter((e) => e.kind === "answer").map((e) => e.value)).toEqual([SNAP.counts[0]]);
  await admin.context.close();
});

test("reload at a pause shows the paused frame as a still (the query point's frame), then plays on", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, { projectId, protocol: "STREAMING", itemIds: [ids.get(SNAP.externalId)!] });

  await signIn(page, "PARTICIPANT");
  const sessionId = await joinStudy(page, studyId);
  await page.getByTestId("baseline-start").click();
  await waitForQuestion(page);
  expect(await settledFrameIndex(page, VIDEO)).toBe(SNAP.queryFrames[0]);
  const served = servedSegments(await serveLog(admin.request, studyId, sessionId));

  await page.reload();
  await waitForQuestion(page);
  const still = page.locator(STILL);
  await expect(still).toBeVisible();
  await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await displayedFrameIndex(page, STILL), "the still is exactly the query point's frame").toBe(SNAP.queryFrames[0]);
  // A picture, not a video: nothing to play or rewind; and no more video was served for it.
  await expect(page.locator(VIDEO)).toBeHidden();
  await expect(page.getByTestId("baseline-start")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(servedSegments(await serveLog(admin.request, studyId, sessionId))).toEqual(served);

  // Answering from the still plays the next stretch in the video.
  await page.getByTestId("answer-integer").fill(String(SNAP.counts[0]));
  await page.getByTestId("answer-submit").click();
  await expect(page.getByText(`1 of ${SNAP.queryFrames.length} answered`)).toBeVisible();
  await waitForQuestion(page);
  await expect(still).toHaveCount(0);
  expect(await settledFrameIndex(page, VIDEO)).toBe(SNAP.queryFrames[1]);
  await admin.context.close();
});
