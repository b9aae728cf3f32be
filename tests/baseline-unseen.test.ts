import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as segmentRoute } from "@/app/api/segments/[sessionId]/[index]/route";
import { POST as answerRoute } from "@/app/api/sessions/[id]/answers/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as playlistRoute } from "@/app/api/sessions/[id]/playlist.m3u8/route";
import { GET as stateRoute } from "@/app/api/sessions/[id]/route";
import { GET as stillRoute } from "@/app/api/sessions/[id]/still/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { GET as exportRoute } from "@/app/api/studies/[studyId]/export/route";
import { POST as rescoreRoute } from "@/app/api/studies/[studyId]/rescore/route";
import { GET as resultsRoute } from "@/app/api/studies/[studyId]/results/route";
import { buildLeaderboard } from "@/lib/leaderboard/build-leaderboard";
import { signedResourcePath } from "@/lib/protocol/sign-segment-url";
import { runProcess } from "@/lib/video/run-process";
import { decodeFrameIndex } from "@/lib/video/frame-code";
import { createItems, createOpenStudy, createProject, enterAsProlific, ingestTestVideo, pathOf, playlistUris, sleep } from "./baseline-fixtures";
import { refreshHumanRuns } from "./support/human-runs";
import { call, makeRequest, routeContext } from "./support/requests";
import { createTestUser } from "./support/users";

/**
 * An answer to a query point whose stretch was never fully served (issue 13, "reload before
 * Start the video"): refused with 409 `stretch_not_served` while the rest of the stretch can
 * still be served; recorded and flagged `unseen` once it never can be (a later segment was
 * served, so the served-once rule withholds the skipped one for ever), left out of the scores
 * and counted on the results page and the human leaderboard row.
 *
 * One VCBench item, query points at frames 29 and 130 of a 150-frame 30 fps video; segments
 * 0:[0,30) 1:[30,90) 2:[90,131) 3:[131,150). Ask 0 = stretch [0], ask 1 = stretch [1, 2].
 */
const RATE = 2;
const TAB = "tab-unseen-aaaaaaaa";
const ctx = {} as { studyId: string; sessionId: string; cookie: string; userId: string; version: number; projectId: string; itemId: string };
const as = (cookie: string) => ({ headers: { cookie } });

async function fetchUri(uri: string) {
  const { path, query } = pathOf(uri);
  const [, , , sessionId, index] = path.split("/");
  return call(segmentRoute, path, { ...as(ctx.cookie), query, params: { sessionId, index } });
}
async function signed(index: number | "init") {
  const { signingKey } = await db.baselineSession.findUniqueOrThrow({ where: { id: ctx.sessionId }, select: { signingKey: true } });
  return signedResourcePath(signingKey, { sessionId: ctx.sessionId, userId: ctx.userId, resource: index, exp: Math.floor(Date.now() / 1000) + 60 });
}
async function answer(askIndex: number, value: unknown) {
  return call(answerRoute, `/api/sessions/${ctx.sessionId}/answers`, {
    ...as(ctx.cookie),
    json: { askIndex, tabId: TAB, version: ctx.version, answer: value },
    params: { id: ctx.sessionId },
  });
}
async function still() {
  return call(stillRoute, `/api/sessions/${ctx.sessionId}/still`, { ...as(ctx.cookie), params: { id: ctx.sessionId } });
}
/** The still's bytes (the request helper reads bodies as text). */
async function stillPng(): Promise<Buffer> {
  const res = await stillRoute(await makeRequest(`/api/sessions/${ctx.sessionId}/still`, as(ctx.cookie)), routeContext({ id: ctx.sessionId }));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
/** The frame index drawn into a still (PNG → RGBA with ffmpeg, then the frame-code decoder). */
async function stillFrameIndex(png: Buffer): Promise<number | null> {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const r = await runProcess("ffmpeg", ["-v", "error", "-f", "png_pipe", "-i", "pipe:0", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"], { input: png });
  expect(r.code, r.stderr).toBe(0);
  return decodeFrameIndex(new Uint8ClampedArray(r.stdout), width, height);
}
async function claim() {
  const r = await call(claimRoute, `/api/sessions/${ctx.sessionId}/claim`, { ...as(ctx.cookie), json: { tabId: TAB }, params: { id: ctx.sessionId } });
  expect(r.status, r.text).toBe(200);
  ctx.version = r.json.version;
  return r;
}
async function state() {
  return call(stateRoute, `/api/sessions/${ctx.sessionId}`, { ...as(ctx.cookie), query: { tabId: TAB }, params: { id: ctx.sessionId } });
}

describe("answers to a stretch that was never fully served", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const video = await ingestTestVideo(150);
    const project = await createProject("VCBENCH");
    const items = await createItems(project.id, video.id, [
      { externalId: "U", format: "count", labels: { subtype: "O2-Unique" }, truth: [1, 3], queryFrames: [29, 130] },
    ]);
    const { studyId } = await createOpenStudy(admin, project.id, "STREAMING", [{ itemId: items[0].id }], { segmentSeconds: 3, playbackRate: RATE });
    const seg = await db.segmentation.findFirstOrThrow({ where: { videoId: video.id } });
    expect((seg.segments as { startFrame: number; endFrameExclusive: number }[]).map((s) => [s.startFrame, s.endFrameExclusive])).toEqual([
      [0, 30],
      [30, 90],
      [90, 131],
      [131, 150],
    ]);
    const p = await enterAsProlific(studyId, "UNSEEN0000000000000000001");
    const consent = await call(consentRoute, `/api/studies/${studyId}/consent`, { ...as(p.cookie), method: "POST", params: { studyId } });
    expect(consent.status, consent.text).toBe(200);
    Object.assign(ctx, { studyId, projectId: project.id, itemId: items[0].id, cookie: p.cookie, userId: p.userId, sessionId: consent.json.sessionId });
    const claimed = await call(claimRoute, `/api/sessions/${ctx.sessionId}/claim`, { ...as(ctx.cookie), json: { tabId: TAB }, params: { id: ctx.sessionId } });
    expect(claimed.status, claimed.text).toBe(200);
    ctx.version = claimed.json.version;
  }, 600_000);

  it("refuses the answer (409 stretch_not_served) while the stretch has not been served; a reload still offers all of it", async () => {
    const none = await answer(0, 1);
    expect(none.status).toBe(409);
    expect(none.json.error.code).toBe("stretch_not_served");
    // The player loaded the playlist but no segment (reload before "Start the video"): the stretch
    // is still offered in full, and the answer is still refused.
    const pl = await call(playlistRoute, "/playlist.m3u8", { ...as(ctx.cookie), params: { id: ctx.sessionId } });
    expect(pl.status).toBe(200);
    const { init, segments } = playlistUris(pl.text);
    expect((await fetchUri(init)).status).toBe(200);
    const reloaded = await state();
    expect(reloaded.json.streaming.stretch).toEqual({ startSec: 0, durationSec: 1 });
    expect(reloaded.json.streaming.playlistUrl).not.toBeNull();
    expect((await answer(0, 1)).json.error.code).toBe("stretch_not_served");
    expect(await db.answer.count({ where: { sessionId: ctx.sessionId } })).toBe(0);

    // No still of the query point before its segment was served.
    const early = await still();
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("not_reached");
    expect((await fetchUri(segments[0])).status).toBe(200);
    // A reload at the pause gets the paused frame as a still: exactly the query point's frame.
    const pic = await still();
    expect(pic.status, pic.text).toBe(200);
    expect(pic.headers.get("content-type")).toBe("image/png");
    expect(pic.headers.get("cache-control")).toMatch(/no-store/);
    expect(await stillFrameIndex(await stillPng())).toBe(29);
    await sleep(1000 / RATE + 100);
    const ok = await answer(0, 1);
    expect(ok.status, ok.text).toBe(200);
    ctx.version = ok.json.version;
    expect((await db.answer.findFirstOrThrow({ where: { sessionId: ctx.sessionId } })).unseen).toBe(false);
  });

  it("records the answer flagged unseen when a skipped segment can never be served", async () => {
    expect((await answer(1, 3)).json.error.code).toBe("stretch_not_served");
    // Segment 2 (ending at the query point) is fetched without segment 1.
    expect((await fetchUri(await signed(2))).status).toBe(200);
    expect(await stillFrameIndex(await stillPng())).toBe(130);
    const gone = await fetchUri(await signed(1));
    expect(gone.status).toBe(410);
    expect(gone.json.error.code).toBe("already_served");
    await sleep((41 / 30 / RATE) * 1000 + 100);
    const r = await answer(1, 3);
    expect(r.status, r.text).toBe(200);
    expect(r.json.completed).toBe(true);
    expect((await still()).status).toBe(410);
    const stored = await db.answer.findMany({ where: { sessionId: ctx.sessionId }, orderBy: { createdAt: "asc" } });
    expect(stored.map((a) => [a.value, a.unseen])).toEqual([
      [1, false],
      [3, true],
    ]);
  });

  it("leaves unseen answers out of the scores and counts them on the results page and the human row", async () => {
    const session = await db.baselineSession.findUniqueOrThrow({ where: { id: ctx.sessionId } });
    expect(session.status).toBe("COMPLETED");
    expect((session.flags as { unseen_answers: number }).unseen_answers).toBe(1);
    const item = (session.scores as { items: Record<string, { raw: unknown[] }> }).items;
    expect(Object.values(item)[0].raw).toEqual([1, null]);

    const admin = await createTestUser({ role: "ADMIN" });
    const results = await call(resultsRoute, `/api/studies/${ctx.studyId}/results`, { as: admin, params: { studyId: ctx.studyId } });
    expect(results.status).toBe(200);
    expect(results.json.summary.unseenAnswers).toBe(1);
    const mine = results.json.participants.find((p: { sessions: unknown[] }) => p.sessions.length);
    expect(mine.sessions[0].unseenAnswers).toBe(1);
    expect(mine.flags).toContain("1 unseen answer");

    // Re-scoring keeps them out.
    const rescored = await call(rescoreRoute, "/rescore", { as: admin, method: "POST", params: { studyId: ctx.studyId } });
    expect(rescored.status, rescored.text).toBe(200);
    const again = await db.baselineSession.findUniqueOrThrow({ where: { id: ctx.sessionId } });
    expect(Object.values((again.scores as { items: Record<string, { raw: unknown[] }> }).items)[0].raw).toEqual([1, null]);

    // Exports: the native prediction file leaves it out (as the scores do); the CSV keeps it, flagged.
    const native = await call(exportRoute, "/export", { as: admin, query: { format: "native" }, params: { studyId: ctx.studyId } });
    expect(native.text.trim().split("\n").map((l) => JSON.parse(l))).toEqual([{ id: "U", predictions: [1, null] }]);
    const csvRows = (await call(exportRoute, "/export", { as: admin, query: { format: "csv" }, params: { studyId: ctx.studyId } })).text.trim().split("\n");
    const unseenColumn = csvRows[0].split(",").indexOf("unseen");
    expect(unseenColumn).toBeGreaterThan(0);
    expect(csvRows.slice(1).map((r) => r.split(",")[unseenColumn])).toEqual(["0", "1"]);

    await refreshHumanRuns();
    const run = await db.modelRun.findFirstOrThrow({ where: { source: `study:${ctx.studyId}`, kind: "HUMAN" } });
    expect((run.aggregates as { n_unseen: number }).n_unseen).toBe(1);
    const board = await buildLeaderboard(ctx.projectId, { ensureChance: false });
    const human = board.rows.find((r) => r.kind === "HUMAN");
    expect(human?.unseenAnswers).toBe(1);
  });
});

describe("a reload while the stretch plays loses what was buffered but not shown", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const { studyId } = await createOpenStudy(admin, ctx.projectId, "STREAMING", [{ itemId: ctx.itemId }], { segmentSeconds: 3, playbackRate: RATE });
    const p = await enterAsProlific(studyId, "UNSEEN0000000000000000002");
    const consent = await call(consentRoute, `/api/studies/${studyId}/consent`, { ...as(p.cookie), method: "POST", params: { studyId } });
    expect(consent.status, consent.text).toBe(200);
    Object.assign(ctx, { studyId, cookie: p.cookie, userId: p.userId, sessionId: consent.json.sessionId });
    await claim();
  }, 600_000);

  it("a reload right after the stretch was served (buffered, not yet shown): flagged unseen, the participant is told", async () => {
    const pl = await call(playlistRoute, "/playlist.m3u8", { ...as(ctx.cookie), params: { id: ctx.sessionId } });
    const { init, segments } = playlistUris(pl.text);
    expect((await fetchUri(init)).status).toBe(200);
    expect((await fetchUri(segments[0])).status).toBe(200);
    // Reload at once: the 1 s stretch (0.5 s at rate 2) cannot have been shown yet.
    const reloaded = await claim();
    expect(reloaded.json.streaming.playlistUrl).toBeNull();
    expect(reloaded.json.streaming.unseen).toBe(true);
    await sleep(1000 / RATE + 100);
    const r = await answer(0, 1);
    expect(r.status, r.text).toBe(200);
    ctx.version = r.json.version;
    expect((await db.answer.findFirstOrThrow({ where: { sessionId: ctx.sessionId } })).unseen).toBe(true);
  });

  it("a reload at the pause (everything served could have been shown) loses nothing", async () => {
    const pl = await call(playlistRoute, "/playlist.m3u8", { ...as(ctx.cookie), params: { id: ctx.sessionId } });
    const { segments } = playlistUris(pl.text);
    expect(segments).toHaveLength(2);
    for (const uri of segments) expect((await fetchUri(uri)).status).toBe(200);
    await sleep(((131 - 30) / 30 / RATE) * 1000 + 150);
    const reloaded = await claim();
    expect(reloaded.json.streaming.unseen).toBe(false);
    const r = await answer(1, 3);
    expect(r.status, r.text).toBe(200);
    const stored = await db.answer.findMany({ where: { sessionId: ctx.sessionId }, orderBy: { createdAt: "asc" } });
    expect(stored.map((a) => a.unseen)).toEqual([true, false]);
  });
});
