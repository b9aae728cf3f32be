import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { signedResourcePath } from "@/lib/protocol/sign-segment-url";
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
import { e2eDataDir } from "./support/e2e-data";
import { settledFrameIndex } from "./support/frame-index";
import { signIn } from "./support/sign-in";

/**
 * Everything a participant might try in a streaming session must fail, in the browser and at the
 * HTTP level, and leave no trace in what is served: seeking by keyboard and by setting
 * `currentTime` (picture, position and served segments unchanged), a segment past the unlocked
 * point (even correctly signed: 403, no bytes), altered signed URLs (403), re-requesting a played or
 * answered segment (410), the full video through the media routes (403), answering twice (409,
 * stored answer unchanged) and answering a query point not reached yet (409).
 */

const SNAP = demoItem("demo-cfr30-snap");

const segmentIndexOf = (url: string) => {
  const m = /\/api\/segments\/[^/]+\/(\d+)\?/.exec(url);
  return m ? Number(m[1]) : null;
};

function signingKey(sessionId: string): { key: string; userId: string } {
  const db = new Database(`${e2eDataDir}/playhead.db`, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(`SELECT s."signingKey" AS key, p."userId" AS userId FROM "BaselineSession" s JOIN "StudyParticipant" p ON p.id = s."participantId" WHERE s.id = ?`)
      .get(sessionId) as { key: string; userId: string } | undefined;
    if (!row) throw new Error(`no session ${sessionId}`);
    return row;
  } finally {
    db.close();
  }
}

async function videoState(page: Page) {
  return page.locator(VIDEO).evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, rate: v.playbackRate, paused: v.paused }));
}

test("attempts to rewind, skip ahead, replay, peek or re-answer all fail", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await adminSession(browser);
  const projectId = await projectIdByName(admin.request, DEMO_PROJECT);
  const ids = await itemIds(admin.request, projectId);
  const studyId = await openStudy(admin.request, { projectId, protocol: "STREAMING", itemIds: [ids.get(SNAP.externalId)!] });
  const videos = ((await (await admin.request.get("/api/videos?pageSize=100")).json()) as { videos: { id: string; originalName: string }[] }).videos;
  const videoId = videos.find((v) => v.originalName === SNAP.videoFile)!.id;

  const segmentUrls = new Map<number, string>();
  const playlists: string[] = [];
  page.on("request", (r) => {
    const i = segmentIndexOf(r.url());
    if (i !== null && !segmentUrls.has(i)) segmentUrls.set(i, r.url());
  });
  page.on("response", async (r) => {
    if (r.url().includes("/playlist.m3u8") && r.status() === 200) playlists.push(await r.text());
  });

  await signIn(page, "PARTICIPANT");
  const sessionId = await joinStudy(page, studyId);
  const tabId = (await page.evaluate((sid) => sessionStorage.getItem(`playhead-tab-${sid}`), sessionId))!;
  expect(tabId).toBeTruthy();
  const version = async () => ((await (await page.request.get(`/api/sessions/${sessionId}?tabId=${tabId}`)).json()) as { version: number }).version;
  const answer = (askIndex: number, value: unknown, v: number) =>
    page.request.post(`/api/sessions/${sessionId}/answers`, { data: { askIndex, tabId, version: v, answer: value } });

  // No seek bar, no time display, no rate menu.
  await expect(page.locator(".vjs-progress-control, .vjs-duration, .vjs-remaining-time, .vjs-playback-rate")).toHaveCount(0);

  await test.step("answering before the query point is reached is refused", async () => {
    const v = await version();
    // The current question: its stretch was not served yet (and still can be); a later one: not reached.
    for (const [askIndex, code] of [[0, "stretch_not_served"], [1, "not_reached"]] as const) {
      const r = await answer(askIndex, 1, v);
      expect(r.status()).toBe(409);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe(code);
    }
  });

  await page.getByTestId("baseline-start").click();
  await expect.poll(async () => (await videoState(page)).t, { timeout: 15_000 }).toBeGreaterThan(1.5);

  await test.step("seeking by keyboard and by currentTime does not move the picture or fetch anything", async () => {
    await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => v.pause()); // voluntary pause is allowed
    const frame0 = await settledFrameIndex(page, VIDEO);
    const { t: t0 } = await videoState(page);
    expect(frame0).not.toBeNull();
    const servedBefore = servedSegments(await serveLog(admin.request, studyId, sessionId));

    await page.locator(".video-js").focus();
    for (const key of ["ArrowLeft", "ArrowRight", "Home", "End", "PageDown", "j", "l", "0", "5", "9", ">"]) {
      await page.keyboard.press(key);
    }
    expect((await videoState(page)).t).toBeCloseTo(t0, 2);
    expect(await settledFrameIndex(page, VIDEO)).toBe(frame0);

    for (const target of [0, t0 - 1, t0 + 1, 9.5]) {
      await page.locator(VIDEO).evaluate((v: HTMLVideoElement, t) => void (v.currentTime = t), target);
      expect(await settledFrameIndex(page, VIDEO), `after currentTime = ${target}`).toBe(frame0);
      expect((await videoState(page)).t).toBeCloseTo(t0, 1);
    }
    await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => void (v.playbackRate = 4));
    expect((await videoState(page)).rate).toBe(1);

    const servedAfter = servedSegments(await serveLog(admin.request, studyId, sessionId));
    const stretch = playlists[0].split("\n").map(segmentIndexOf).filter((i): i is number => i !== null);
    expect(servedAfter.every((i) => stretch.includes(i)), `served ${servedAfter} within the stretch ${stretch}`).toBe(true);
    expect(servedAfter.slice(0, servedBefore.length)).toEqual(servedBefore);
  });

  await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => void v.play());
  await waitForQuestion(page);
  expect(await settledFrameIndex(page, VIDEO)).toBe(SNAP.queryFrames[0]);

  const stretch0 = [...segmentUrls.keys()].sort((a, b) => a - b);
  const lastOfStretch = stretch0[stretch0.length - 1];
  const { key, userId } = signingKey(sessionId);
  const exp = Math.floor(Date.now() / 1000) + 600;

  const refused = async (url: string, status: number) => {
    const r = await page.request.get(url);
    expect(r.status(), url).toBe(status);
    expect(r.headers()["content-type"] ?? "").not.toContain("video");
    const body = await r.body();
    expect(body.length).toBeLessThan(1000);
    return ((JSON.parse(body.toString()) as { error: { code: string } }).error ?? {}).code;
  };

  await test.step("a segment past the unlocked point is refused, even correctly signed", async () => {
    const next = signedResourcePath(key, { sessionId, userId, resource: lastOfStretch + 1, exp });
    expect(await refused(next, 403)).toBe("beyond_unlocked");
    const far = signedResourcePath(key, { sessionId, userId, resource: lastOfStretch + 3, exp });
    expect(await refused(far, 403)).toBe("beyond_unlocked");
  });

  await test.step("altered signed URLs are refused", async () => {
    const url = segmentUrls.get(lastOfStretch)!;
    const u = new URL(url);
    expect(await refused(url.replace(`/${lastOfStretch}?`, `/${lastOfStretch + 1}?`), 403)).toBe("bad_signature");
    const sig = u.searchParams.get("sig")!;
    const flipped = new URL(url);
    flipped.searchParams.set("sig", (sig[0] === "A" ? "B" : "A") + sig.slice(1));
    expect(await refused(flipped.toString(), 403)).toBe("bad_signature");
    const later = new URL(url);
    later.searchParams.set("exp", String(Number(u.searchParams.get("exp")) + 3600));
    expect(await refused(later.toString(), 403)).toBe("bad_signature");
    const otherId = sessionId.slice(0, -1) + (sessionId.endsWith("x") ? "y" : "x");
    const otherSession = url.replace(`/api/segments/${sessionId}/`, `/api/segments/${otherId}/`);
    expect([403, 404]).toContain((await page.request.get(otherSession)).status());
  });

  await test.step("a segment already played is not served again", async () => {
    expect(await refused(segmentUrls.get(stretch0[0])!, 410)).toBe("already_served");
  });

  await test.step("the full video is closed to participants", async () => {
    for (const url of [`/api/media/${videoId}`, `/api/videos/${videoId}`, `/api/videos/${videoId}/pts?format=json`]) {
      const r = await page.request.get(url, { headers: { range: "bytes=0-" } });
      expect(r.status(), url).toBe(403);
      expect(r.headers()["content-type"] ?? "").not.toContain("video");
    }
    const media = signedResourcePath(key, { sessionId, userId, resource: "media", exp });
    expect((await page.request.get(media)).status()).toBe(403);
  });

  // The real answer, through the form.
  await page.getByTestId("answer-integer").fill(String(SNAP.counts[0]));
  await page.getByTestId("answer-submit").click();
  await expect(page.getByText(`1 of ${SNAP.queryFrames.length} answered`)).toBeVisible();

  await test.step("an answered segment is not served again", async () => {
    for (const i of stretch0) expect(await refused(segmentUrls.get(i)!, 410)).toBe("already_answered");
  });

  await test.step("answering twice is refused and changes nothing", async () => {
    const r = await answer(0, SNAP.counts[0] + 7, await version());
    expect(r.status()).toBe(409);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("already_answered");
  });

  await test.step("answering a query point not reached yet is refused", async () => {
    const v = await version();
    // Ask 1 is the current question now: refused as `stretch_not_served` while none of its
    // stretch has been fetched yet, `not_reached` once the player has fetched it but not played
    // it (which one depends on how fast the player starts; the CI run that retried this saw the
    // first). Asks 2 and 5 lie beyond the unlocked point: always `not_reached`.
    for (const [askIndex, codes] of [[1, ["stretch_not_served", "not_reached"]], [2, ["not_reached"]], [5, ["not_reached"]]] as const) {
      const r = await answer(askIndex, 1, v);
      expect(r.status(), `ask ${askIndex}`).toBe(409);
      expect(codes as readonly string[], `ask ${askIndex}`).toContain(((await r.json()) as { error: { code: string } }).error.code);
    }
  });

  // The log: one stored answer (the form's), every segment served at most once, the refusals recorded.
  const log = await admin.request.get(`/api/studies/${studyId}/sessions/${sessionId}/log`);
  const events = ((await log.json()) as { events: { kind: string; value?: unknown; allowed?: boolean; reason?: string }[] }).events;
  const answers = events.filter((e) => e.kind === "answer");
  expect(answers.map((a) => a.value)).toEqual([SNAP.counts[0]]);
  const served = servedSegments(await serveLog(admin.request, studyId, sessionId));
  expect(new Set(served).size).toBe(served.length);
  const reasons = new Set(events.filter((e) => e.kind === "serve" && !e.allowed).map((e) => e.reason));
  for (const reason of ["beyond_unlocked", "bad_signature", "already_served", "already_answered"]) expect(reasons).toContain(reason);
  await admin.context.close();
});
