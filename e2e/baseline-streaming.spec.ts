import { expect, test } from "@playwright/test";
import { scoreVcbench } from "@/lib/metrics/vcbench";
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
 * A complete streaming (VCBench) session in Chromium on the demo video demo-cfr30.mp4 (10 s,
 * 30 fps, frame index drawn into every picture): two demo questions with query points at frames
 * 120, 175, 220, 265, 294 and 295. At every question the player must be paused on exactly the
 * query point's frame (decoded from the picture, checked against the PTS table), the form is
 * shown, an accepted answer resumes playback, and the admin's score equals lib/metrics on the
 * same answers.
 */

const UNIQUE = demoItem("demo-cfr30-unique");
const GONE = demoItem("demo-cfr30-gone");
/** What the participant answers per query point: one slip (a decrease) on the "unique" question. */
const ANSWERS: Record<string, number[]> = {
  [UNIQUE.externalId]: [2, 2, 4, 3, 3, 3],
  [GONE.externalId]: [0, 1, 1, 2, 3, 3],
};
const pct = (v: number | null) => (v === null ? "–" : (v * 100).toFixed(1));

test("a participant streams a VCBench video: pauses on each query-point frame, answers resume, the score matches lib/metrics", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyName = `e2e streaming ${Date.now()}`;
  const studyId = await openStudy(admin.request, {
    projectId,
    name: studyName,
    protocol: "STREAMING",
    itemIds: [ids.get(UNIQUE.externalId)!, ids.get(GONE.externalId)!],
    settings: { consentText: "E2E streaming consent.", completionCode: "E2E-STREAM-OK" },
  });

  // The query points' frames are where the PTS table puts their times.
  const videos = await admin.request.get("/api/videos?pageSize=100");
  expect(videos.status()).toBe(200);
  const videoList = ((await videos.json()) as { videos: { id: string; originalName: string }[] }).videos;
  const videoId = videoList.find((v) => v.originalName === UNIQUE.videoFile)?.id;
  expect(videoId, "demo video in the library").toBeTruthy();
  const ptsRes = await admin.request.get(`/api/videos/${videoId}/pts?format=json`);
  expect(ptsRes.status()).toBe(200);
  const pts = (await ptsRes.json()) as { timeBase: { num: number; den: number }; pts: number[] };
  const frameAt = (t: number) => {
    const secs = pts.pts.map((p) => ((p - pts.pts[0]) * pts.timeBase.num) / pts.timeBase.den);
    return secs.findIndex((s) => Math.abs(s - t) < 1e-3);
  };
  expect(UNIQUE.queryTimes.map(frameAt)).toEqual(UNIQUE.queryFrames);

  // Requests for the playlist route: only the first stretch's ("Start"); every later stretch comes
  // with the answer that unlocked it and plays from that (SessionState `streaming.playlist`).
  const playlistRequests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.endsWith("/playlist.m3u8")) playlistRequests.push(r.url());
  });

  await signIn(page, "PARTICIPANT");
  const sessionId = await joinStudy(page, studyId);

  // No seek bar, no time display: the participant cannot see where the video is going.
  await expect(page.locator(".vjs-progress-control")).toHaveCount(0);
  await expect(page.locator(".vjs-duration, .vjs-remaining-time")).toHaveCount(0);
  await page.getByTestId("baseline-start").click();

  const asked = new Map<string, number>();
  const totalAsks = UNIQUE.queryFrames.length + GONE.queryFrames.length;
  for (let k = 0; k < totalAsks; k++) {
    await waitForQuestion(page);
    const questionBox = page.getByTestId("question");
    const text = (await questionBox.locator("p").first().textContent()) ?? "";
    const item = text.includes(UNIQUE.question) ? UNIQUE : text.includes(GONE.question) ? GONE : null;
    expect(item, `question text "${text}"`).not.toBeNull();
    const ordinal = asked.get(item!.externalId) ?? 0;
    asked.set(item!.externalId, ordinal + 1);

    await expect.poll(() => page.locator(VIDEO).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(await settledFrameIndex(page, VIDEO), `frame shown at ask ${k} (${item!.externalId} #${ordinal})`).toBe(item!.queryFrames[ordinal]);
    await expect(page.getByText(`${k} of ${totalAsks} answered`)).toBeVisible();

    await questionBox.getByTestId("answer-integer").fill(String(ANSWERS[item!.externalId][ordinal]));
    await questionBox.getByTestId("answer-submit").click();
    if (k < totalAsks - 1) {
      await expect(page.getByText(`${k + 1} of ${totalAsks} answered`)).toBeVisible();
    }
    // The next stretch plays (unless the next query point is on the same frame).
    const nextFrame = nextAskFrame(k + 1);
    if (nextFrame !== null && nextFrame > item!.queryFrames[ordinal]) {
      await expect.poll(() => page.locator(VIDEO).evaluate((v: HTMLVideoElement) => !v.paused || v.ended), { timeout: 10_000 }).toBe(true);
    }
  }
  await expect(page.getByTestId("session-finished")).toBeVisible();
  expect(Object.fromEntries(asked)).toEqual({ [UNIQUE.externalId]: 6, [GONE.externalId]: 6 });

  // Nothing after the last query point was ever served; every served segment once.
  const log = await serveLog(admin.request, studyId, sessionId);
  const served = servedSegments(log);
  expect(new Set(served).size).toBe(served.length);
  // The init segment (codec setup, no picture) has one URL for every stretch and the browser keeps
  // it: the server served it once for the whole session, not once per stretch.
  expect(log.filter((r) => r.allowed && r.segmentIndex === -1)).toHaveLength(1);
  // One playlist request (the first stretch); the later stretches' playlists came with the answers,
  // each logged as served: one per stretch with video (the same-frame query points have none).
  expect(playlistRequests).toHaveLength(1);
  const stretchesWithVideo = new Set([...UNIQUE.queryFrames, ...GONE.queryFrames]).size;
  expect(log.filter((r) => r.allowed && r.segmentIndex === -2)).toHaveLength(stretchesWithVideo);

  // The completion page shows the configured code.
  await page.getByRole("link", { name: "Finish" }).click();
  await expect(page.getByTestId("completion-code")).toHaveText("E2E-STREAM-OK");

  // The admin sees the score lib/metrics computes on the same answers.
  const expected = scoreVcbench(
    [UNIQUE, GONE].map((i) => ({ id: i.externalId, subtype: i.subtype, times: i.queryTimes, counts: i.counts })),
    new Map(Object.entries(ANSWERS)),
  );
  const summary = `GPA ${pct(expected.overall.gpa)} · MoC ${pct(expected.overall.moc)} · UDA ${pct(expected.overall.uda)}`;
  expect(expected.overall.moc).not.toBe(1); // the slip counts
  await admin.page.goto(`/admin/studies/${studyId}`);
  await expect(admin.page.locator("p", { hasText: "Human row:" })).toContainText(summary);
  await expect(admin.page.locator("td", { hasText: summary })).toHaveCount(1);
  await expect(admin.page.locator("td").getByText("COMPLETED")).toBeVisible();

  // Exports: VCBench's own prediction format scores the same; the full CSV has every answer with timings.
  const native = await admin.request.get(`/api/studies/${studyId}/export?format=native`);
  expect(native.status()).toBe(200);
  const records = (await native.text()).trim().split("\n").map((l) => JSON.parse(l) as { id: string; predictions: unknown[] });
  const rescored = scoreVcbench(
    [UNIQUE, GONE].map((i) => ({ id: i.externalId, subtype: i.subtype, times: i.queryTimes, counts: i.counts })),
    new Map(records.map((r) => [r.id, r.predictions])),
  );
  expect(rescored.overall).toEqual(expected.overall);
  const csv = (await (await admin.request.get(`/api/studies/${studyId}/export?format=csv`)).text()).trim().split("\n");
  expect(csv).toHaveLength(1 + 12);
  expect(csv[0]).toMatch(/latency/i);

  // The human row on the project leaderboard.
  await admin.page.goto(`/projects/${projectId}/leaderboard`);
  const humanRow = admin.page.locator("tr", { hasText: `Human baseline: ${studyName}` });
  await expect(humanRow).toHaveCount(1);
  await expect(humanRow).toContainText(pct(expected.overall.gpa));
  await admin.context.close();

  function nextAskFrame(k: number): number | null {
    const frames = [...UNIQUE.queryFrames, ...GONE.queryFrames].sort((a, b) => a - b);
    return k < frames.length ? frames[k] : null;
  }
});
