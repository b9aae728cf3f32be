import { expect, test } from "@playwright/test";
import { SERVE_INDEX } from "@/lib/protocol/serve-codes";
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
import { settledFrameIndex } from "./support/frame-index";
import { signIn } from "./support/sign-in";

/**
 * Reloading a streaming session at a query point resumes at that question without serving any
 * more video (checked in the admin's playback log), and two tabs of one session cannot both
 * advance it: the newest tab holds it, the other is told so and its answer is refused. Demo video
 * demo-offset.mp4 (25 fps, first presentation time 2.5 s): query points at frames 50, 112, 187, 245.
 */

const SNAP = demoItem("demo-offset-snap");

test("reload resumes at the current query point without more video; two tabs cannot both advance", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, { projectId, protocol: "STREAMING", itemIds: [ids.get(SNAP.externalId)!] });
  const n = SNAP.queryFrames.length;

  await signIn(page, "PARTICIPANT");
  const sessionId = await joinStudy(page, studyId);
  const sessionUrl = page.url();
  await page.getByTestId("baseline-start").click();
  await waitForQuestion(page);
  expect(await settledFrameIndex(page, VIDEO)).toBe(SNAP.queryFrames[0]);
  await expect(page.getByText(`0 of ${n} answered`)).toBeVisible();

  // Allowed media requests (not the claims of the tabs, nor the still picture shown at a pause after a reload).
  const allowed = async () =>
    (await serveLog(admin.request, studyId, sessionId)).filter((r) => r.allowed && r.segmentIndex !== SERVE_INDEX.still && r.segmentIndex !== SERVE_INDEX.claim);
  const before = await allowed();
  expect(servedSegments(before).length).toBeGreaterThan(0);

  await test.step("reload: the question again, no video served", async () => {
    await page.reload();
    await waitForQuestion(page);
    await expect(page.getByTestId("baseline-start")).toHaveCount(0);
    await expect(page.getByText(`0 of ${n} answered`)).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect((await allowed()).length).toBe(before.length);
    // The playlist has nothing left to give either.
    const pl = await page.request.get(`/api/sessions/${sessionId}/playlist.m3u8`);
    expect(pl.status()).toBe(409);
  });

  const tab2 = await page.context().newPage();
  await test.step("a second tab takes the session over, without more video", async () => {
    await tab2.goto(sessionUrl);
    await waitForQuestion(tab2);
    await tab2.waitForLoadState("networkidle");
    expect((await allowed()).length).toBe(before.length);
  });

  await test.step("the first tab can no longer answer", async () => {
    await page.getByTestId("answer-integer").fill(String(SNAP.counts[0] + 5));
    await page.getByTestId("answer-submit").click();
    await expect(page.getByText("This session continues in another tab or window")).toBeVisible();
    const log = await admin.request.get(`/api/studies/${studyId}/sessions/${sessionId}/log`);
    const events = ((await log.json()) as { events: { kind: string }[] }).events;
    expect(events.filter((e) => e.kind === "answer")).toHaveLength(0);
  });

  await test.step("the second tab answers and plays on to the next query point", async () => {
    await tab2.getByTestId("answer-integer").fill(String(SNAP.counts[0]));
    await tab2.getByTestId("answer-submit").click();
    await expect(tab2.getByText(`1 of ${n} answered`)).toBeVisible();
    await expect(tab2.getByTestId("answer-integer")).toHaveCount(0);
    await waitForQuestion(tab2);
    expect(await settledFrameIndex(tab2, VIDEO)).toBe(SNAP.queryFrames[1]);
  });

  await test.step("taking the session back in the first tab shows the question, again without more video", async () => {
    const served = (await allowed()).length;
    await page.getByRole("button", { name: "Continue in this tab" }).click();
    await waitForQuestion(page);
    await expect(page.getByText(`1 of ${n} answered`)).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect((await allowed()).length).toBe(served);
    await tab2.getByTestId("answer-integer").fill(String(SNAP.counts[1]));
    await tab2.getByTestId("answer-submit").click();
    await expect(tab2.getByText("This session continues in another tab or window")).toBeVisible();
  });

  const segments = servedSegments(await allowed());
  expect(new Set(segments).size).toBe(segments.length);
  const answers = ((await (await admin.request.get(`/api/studies/${studyId}/sessions/${sessionId}/log`)).json()) as {
    events: { kind: string; value?: unknown }[];
  }).events.filter((e) => e.kind === "answer");
  expect(answers.map((a) => a.value)).toEqual([SNAP.counts[0]]);
  await admin.context.close();
});
