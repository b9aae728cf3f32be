import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as mediaRoute } from "@/app/api/media/[videoId]/route";
import { GET as segmentRoute } from "@/app/api/segments/[sessionId]/[index]/route";
import { POST as answerRoute } from "@/app/api/sessions/[id]/answers/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as playlistRoute } from "@/app/api/sessions/[id]/playlist.m3u8/route";
import { GET as stateRoute } from "@/app/api/sessions/[id]/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { GET as participationRoute } from "@/app/api/studies/[studyId]/participation/route";
import { GET as exportRoute } from "@/app/api/studies/[studyId]/export/route";
import { POST as rescoreRoute } from "@/app/api/studies/[studyId]/rescore/route";
import { GET as resultsRoute } from "@/app/api/studies/[studyId]/results/route";
import { GET as logRoute } from "@/app/api/studies/[studyId]/sessions/[sessionId]/log/route";
import { scoreVcbench } from "@/lib/metrics/vcbench";
import { SERVE_INDEX } from "@/lib/protocol/serve-codes";
import { signedResourcePath } from "@/lib/protocol/sign-segment-url";
import { createItems, createOpenStudy, createProject, enterAsProlific, ingestTestVideo, pathOf, playlistUris, sleep } from "./baseline-fixtures";
import { refreshHumanRuns } from "./support/human-runs";
import { call } from "./support/requests";
import { createTestUser } from "./support/users";

/**
 * A complete streaming (VCBench) session through the route handlers on a generated 5 s, 30 fps
 * video, with every attempt that must fail asserted on the way.
 *
 * Items (query frames): A O2-Unique [29, 59], B O1-Snap [44], C E1-Action [59, 130].
 * Asks in order: A#0 (29), B#0 (44), A#1 (59), C#0 (59, same frame: empty stretch), C#1 (130).
 * Cuts after frames 29, 44, 59 and 130 plus a regular cut at 3.0 s (frame 90) → segments
 *   0:[0,30) 1:[30,45) 2:[45,60) 3:[60,90) 4:[90,131) 5:[131,150)
 */
/** Slow playback leaves a wide margin for the "too early" checks on a loaded machine. */
const RATE = 0.5;
const TAB1 = "tab-one-aaaaaaaa";
const TAB2 = "tab-two-bbbbbbbb";

type Ctx = {
  studyId: string;
  sessionId: string;
  cookie: string;
  userId: string;
  videoId: string;
  itemIds: Record<string, string>;
  version: number;
  tab: string;
  /** The init segment's URL in the first stretch's playlist: every later playlist names the same one. */
  initUri: string;
};
const ctx = {} as Ctx;

const as = (cookie: string) => ({ headers: { cookie } });

async function state(cookie = ctx.cookie, tab = ctx.tab) {
  return call(stateRoute, `/api/sessions/${ctx.sessionId}`, { ...as(cookie), query: { tabId: tab }, params: { id: ctx.sessionId } });
}
async function playlist(cookie = ctx.cookie) {
  return call(playlistRoute, `/api/sessions/${ctx.sessionId}/playlist.m3u8`, { ...as(cookie), params: { id: ctx.sessionId } });
}
async function fetchUri(uri: string, cookie: string | null = ctx.cookie) {
  const { path, query } = pathOf(uri);
  const [, , , sessionId, index] = path.split("/");
  return call(segmentRoute, path, { ...(cookie ? as(cookie) : {}), query, params: { sessionId, index } });
}
async function answer(askIndex: number, value: unknown, over: Record<string, unknown> = {}) {
  return call(answerRoute, `/api/sessions/${ctx.sessionId}/answers`, {
    ...as(ctx.cookie),
    json: { askIndex, tabId: ctx.tab, version: ctx.version, answer: value, latencyMs: 1234, ...over },
    params: { id: ctx.sessionId },
  });
}
async function signingKey(sessionId = ctx.sessionId) {
  const row = await db.baselineSession.findUniqueOrThrow({ where: { id: sessionId }, select: { signingKey: true } });
  return row.signingKey;
}
async function signed(index: number | "init", expDelta = 60, sessionId = ctx.sessionId, userId = ctx.userId) {
  return signedResourcePath(await signingKey(sessionId), { sessionId, userId, resource: index, exp: Math.floor(Date.now() / 1000) + expDelta });
}
/** Plays the current stretch: playlist (the route's, unless given), init, every segment; waits its real-time duration. */
async function playStretch(given?: string): Promise<string[]> {
  const s = await state();
  expect(s.status).toBe(200);
  // A page's state never carries the playlist itself: only the answer that unlocked the stretch does.
  expect(s.json.streaming.playlist).toBeNull();
  let text = given;
  if (text === undefined) {
    const pl = await playlist();
    expect(pl.status, pl.text).toBe(200);
    text = pl.text;
  }
  const { init, segments } = playlistUris(text);
  // The same init URL in every stretch: the browser keeps it (cache-control below) and fetches it once.
  expect(init).toBe(ctx.initUri);
  expect((await fetchUri(init)).status).toBe(200);
  for (const uri of segments) {
    const r = await fetchUri(uri);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get("content-type")).toBe("video/mp4");
  }
  await sleep((s.json.streaming.stretch.durationSec * 1000) / RATE + 60);
  return segments;
}
async function answerOk(askIndex: number, value: unknown) {
  const r = await answer(askIndex, value);
  expect(r.status, r.text).toBe(200);
  ctx.version = r.json.version;
  // the acceptance carries the next stretch (answer-to-resume without another round trip)
  expect(r.json.state.version).toBe(r.json.version);
  expect(r.json.state.streaming.askIndex).toBe(r.json.completed ? null : askIndex + 1);
  // ... with its playlist when it has video to play (none for an empty stretch or after the last answer)
  expect(typeof r.json.state.streaming.playlist).toBe(r.json.state.streaming.playlistUrl ? "string" : "object");
  if (!r.json.state.streaming.playlistUrl) expect(r.json.state.streaming.playlist).toBeNull();
  return r;
}

describe("streaming baseline session (server-side enforcement)", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const video = await ingestTestVideo(150);
    const project = await createProject("VCBENCH");
    const items = await createItems(project.id, video.id, [
      { externalId: "A", format: "count", labels: { subtype: "O2-Unique" }, truth: [1, 2], queryFrames: [29, 59] },
      { externalId: "B", format: "count", labels: { subtype: "O1-Snap" }, truth: [1], queryFrames: [44] },
      { externalId: "C", format: "count", labels: { subtype: "E1-Action" }, truth: [0, 3], queryFrames: [59, 130] },
    ]);
    const { studyId, report } = await createOpenStudy(admin, project.id, "STREAMING", items.map((i) => ({ itemId: i.id })), {
      segmentSeconds: 3,
      playbackRate: RATE,
      completionCode: "CODE123",
      redirectUrl: "https://example.org/done?cc={code}",
    });
    expect(report.videos).toHaveLength(1);
    expect(report.videos[0].segments).toBe(6);
    Object.assign(ctx, { studyId, videoId: video.id, itemIds: Object.fromEntries(items.map((i) => [i.externalId, i.id])), tab: TAB1 });
  }, 600_000);

  it("segments the video frame-exactly at every query point and records it", async () => {
    const seg = await db.segmentation.findFirstOrThrow({ where: { videoId: ctx.videoId } });
    expect(seg.status).toBe("READY");
    const segments = seg.segments as { startFrame: number; endFrameExclusive: number; file: string }[];
    expect(segments.map((s) => [s.startFrame, s.endFrameExclusive])).toEqual([[0, 30], [30, 45], [45, 60], [60, 90], [90, 131], [131, 150]]);
    expect(await db.studyVideo.count({ where: { studyId: ctx.studyId } })).toBe(1);
  });

  it("the study link signs a Prolific participant in, idempotently; consent assigns the video to one participant only", async () => {
    const p = await enterAsProlific(ctx.studyId, "5f0c0a7d1f1f1f1f1f1f1f1f");
    const again = await enterAsProlific(ctx.studyId, "5f0c0a7d1f1f1f1f1f1f1f1f");
    expect(again.userId).toBe(p.userId);
    expect(await db.studyParticipant.count({ where: { studyId: ctx.studyId } })).toBe(1);
    const user = await db.user.findUniqueOrThrow({ where: { id: p.userId } });
    expect(user.role).toBe("PARTICIPANT");
    const consent = await call(consentRoute, `/api/studies/${ctx.studyId}/consent`, { ...as(p.cookie), method: "POST", params: { studyId: ctx.studyId } });
    expect(consent.status, consent.text).toBe(200);
    expect(consent.json.sessionId).toBeTruthy();
    Object.assign(ctx, { cookie: p.cookie, userId: p.userId, sessionId: consent.json.sessionId });

    const q = await enterAsProlific(ctx.studyId, "SECONDPARTICIPANT");
    const qConsent = await call(consentRoute, `/api/studies/${ctx.studyId}/consent`, { ...as(q.cookie), method: "POST", params: { studyId: ctx.studyId } });
    expect(qConsent.json.sessionId).toBeNull();
  });

  it("the first stretch only: playlist lists segment 0; later segments are refused even with a valid signature", async () => {
    const claimed = await call(claimRoute, `/api/sessions/${ctx.sessionId}/claim`, { ...as(ctx.cookie), json: { tabId: TAB1 }, params: { id: ctx.sessionId } });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.json.isActiveTab).toBe(true);
    expect(claimed.json.streaming.askIndex).toBe(0);
    expect(claimed.json.streaming.stretch).toEqual({ startSec: 0, durationSec: 1 });
    ctx.version = claimed.json.version;

    const early = await answer(0, 1);
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe("stretch_not_served");

    const pl = await playlist();
    expect(pl.status).toBe(200);
    expect(pl.headers.get("content-type")).toMatch(/mpegurl/);
    const { init, segments } = playlistUris(pl.text);
    expect(segments).toHaveLength(1);
    expect(pathOf(segments[0]).path).toBe(`/api/segments/${ctx.sessionId}/0`);
    expect(pl.text).not.toMatch(/seg-|\.m4s|init\.mp4/);
    expect(pl.headers.get("cache-control")).toContain("no-store");
    ctx.initUri = init;
    // The init segment (codec setup, no picture) may be kept by the participant's own browser
    // for a day, and its URL stays valid that long; segments and playlists are never stored.
    const initRes = await fetchUri(init);
    expect(initRes.status).toBe(200);
    expect(initRes.headers.get("cache-control")).toBe("private, max-age=86400, immutable");
    const initExp = Number(pathOf(init).query.exp);
    expect(initExp - Date.now() / 1000).toBeGreaterThan(86_400 - 5);
    const seg0 = await fetchUri(segments[0]);
    expect(seg0.status).toBe(200);
    expect(seg0.text.length).toBeGreaterThan(100);
    expect(seg0.headers.get("cache-control")).toContain("no-store");

    for (const k of [1, 2, 5]) {
      const r = await fetchUri(await signed(k));
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe("beyond_unlocked");
    }

    // Each segment at most once: a replay is refused, and a reload (fresh state / playlist)
    // finds nothing left to play before the question.
    const replay = await fetchUri(segments[0]);
    expect(replay.status).toBe(410);
    expect(replay.json.error.code).toBe("already_served");
    const resumed = await state();
    expect(resumed.json.streaming.askIndex).toBe(0);
    expect(resumed.json.streaming.playlistUrl).toBeNull();
    expect((await playlist()).status).toBe(409);
    const tooSoon = await answer(0, 1);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.json.error.code).toBe("not_reached");
  });

  it("answers only the current query point, once; answering resumes (unlocks the next stretch)", async () => {
    await sleep(1000 / RATE + 100);
    const future = await answer(1, 1);
    expect(future.status).toBe(409);
    expect(future.json.error.code).toBe("not_reached");
    const stale = await answer(0, 1, { version: ctx.version - 1 });
    expect(stale.status).toBe(409);
    const bad = await answer(0, "one");
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^answer: /);

    const first = await answerOk(0, 1);
    expect(first.json.completed).toBe(false);

    const twice = await answer(0, 7, { version: ctx.version });
    expect(twice.status).toBe(409);
    expect(twice.json.error.code).toBe("already_answered");
    const stored = await db.answer.findMany({ where: { sessionId: ctx.sessionId } });
    expect(stored).toHaveLength(1);
    expect(stored[0].value).toBe(1);
    expect(stored[0].answerKey).toBe(`${ctx.itemIds.A}#0`);
    expect(stored[0].positionSec).toBeCloseTo(1, 6);
    expect(stored[0].latencyMs).toBeGreaterThanOrEqual(0);
    expect(stored[0].latencyMs).toBeLessThanOrEqual(1234);
  });

  it("an answered segment is never served again (410), even with its still-valid URL", async () => {
    const r = await fetchUri(await signed(0));
    expect(r.status).toBe(410);
    expect(r.json.error.code).toBe("already_answered");
  });

  it("a reload or a new playlist request resumes the current stretch and releases nothing more", async () => {
    const before = await db.baselineSession.findUniqueOrThrow({ where: { id: ctx.sessionId } });
    for (let i = 0; i < 3; i++) {
      const s = await state();
      expect(s.json.streaming.askIndex).toBe(1);
      const pl = await playlist();
      expect(playlistUris(pl.text).segments.map((u) => pathOf(u).path)).toEqual([`/api/segments/${ctx.sessionId}/1`]);
    }
    expect((await fetchUri(await signed(2))).status).toBe(403);
    const after = await db.baselineSession.findUniqueOrThrow({ where: { id: ctx.sessionId } });
    expect([after.unlockedIndex, after.answeredIndex, after.version]).toEqual([before.unlockedIndex, before.answeredIndex, before.version]);
  });

  it("refuses altered signatures, expired URLs, other sessions' URLs and other users (403)", async () => {
    const good = pathOf(await signed(1));
    const flipped = { ...good.query, sig: (good.query.sig[0] === "A" ? "B" : "A") + good.query.sig.slice(1) };
    const r1 = await call(segmentRoute, good.path, { ...as(ctx.cookie), query: flipped, params: { sessionId: ctx.sessionId, index: "1" } });
    expect([r1.status, r1.json.error.code]).toEqual([403, "bad_signature"]);
    const r2 = await call(segmentRoute, good.path, { ...as(ctx.cookie), query: { ...good.query, exp: String(Number(good.query.exp) + 1000) }, params: { sessionId: ctx.sessionId, index: "1" } });
    expect(r2.status).toBe(403);
    const r3 = await call(segmentRoute, `/api/segments/${ctx.sessionId}/2`, { ...as(ctx.cookie), query: good.query, params: { sessionId: ctx.sessionId, index: "2" } });
    expect([r3.status, r3.json.error.code]).toEqual([403, "bad_signature"]);
    const expired = await fetchUri(await signed(1, -5));
    expect([expired.status, expired.json.error.code]).toEqual([403, "expired"]);
    const anonymous = await fetchUri(await signed(1), null);
    expect(anonymous.status).toBe(403);

    // Another participant in another study on the same video: their URL is useless to us, ours to them.
    const admin = await createTestUser({ role: "ADMIN" });
    const items = Object.values(ctx.itemIds).map((itemId) => ({ itemId }));
    const other = await createOpenStudy(admin, (await db.study.findUniqueOrThrow({ where: { id: ctx.studyId } })).projectId, "STREAMING", items, { segmentSeconds: 3 });
    expect(other.report.videos[0].reused).toBe(true);
    const r = await enterAsProlific(other.studyId, "OTHERPARTICIPANT");
    const c = await call(consentRoute, `/api/studies/${other.studyId}/consent`, { ...as(r.cookie), method: "POST", params: { studyId: other.studyId } });
    const otherSession: string = c.json.sessionId;
    const theirs = await signed(0, 60, otherSession, r.userId);
    const mine = await fetchUri(theirs, ctx.cookie);
    expect([mine.status, mine.json.error.code]).toEqual([403, "wrong_user"]);
    const oursForThem = await fetchUri(await signed(1), r.cookie);
    expect([oursForThem.status, oursForThem.json.error.code]).toEqual([403, "wrong_user"]);
    // Our signature moved onto their session path.
    const moved = pathOf(await signed(0));
    const m = await call(segmentRoute, `/api/segments/${otherSession}/0`, { ...as(r.cookie), query: moved.query, params: { sessionId: otherSession, index: "0" } });
    expect([m.status, m.json.error.code]).toEqual([403, "bad_signature"]);
    // Their session state is not ours to read.
    const peek = await call(stateRoute, `/api/sessions/${otherSession}`, { ...as(ctx.cookie), params: { id: otherSession } });
    expect(peek.status).toBe(404);
  });

  it("a second tab takes the session over; the first one can no longer advance (409)", async () => {
    const claimed = await call(claimRoute, `/api/sessions/${ctx.sessionId}/claim`, { ...as(ctx.cookie), json: { tabId: TAB2 }, params: { id: ctx.sessionId } });
    expect(claimed.status).toBe(200);
    await playStretch();
    const old = await answer(1, 1, { version: claimed.json.version });
    expect([old.status, old.json.error.code]).toEqual([409, "tab_superseded"]);
    const oldState = await state(ctx.cookie, TAB1);
    expect(oldState.json.isActiveTab).toBe(false);
    ctx.tab = TAB2;
    ctx.version = claimed.json.version;
    await answerOk(1, 1);
  });

  it("plays to the end: an empty stretch (same frame) is answered at once; the last stretch has several segments", async () => {
    await playStretch();
    await answerOk(2, 1); // A#1 (truth 2)
    const s = await state();
    expect(s.json.streaming.askIndex).toBe(3);
    expect(s.json.streaming.stretch.durationSec).toBe(0);
    expect(s.json.streaming.playlistUrl).toBeNull();
    const pl = await playlist();
    expect([pl.status, pl.json.error.code]).toEqual([409, "nothing_unlocked"]);
    const acceptedAt = new Date(Date.now() - 1);
    const resumed = await answerOk(3, 0); // C#0
    // The acceptance brings the next stretch's playlist: the player resumes without requesting it.
    const inline: string = resumed.json.state.streaming.playlist;
    expect(playlistUris(inline).init).toBe(ctx.initUri);
    expect(playlistUris(inline).segments.map((u) => pathOf(u).path)).toEqual([3, 4].map((k) => `/api/segments/${ctx.sessionId}/${k}`));
    expect(inline).toMatch(/^#EXTM3U\n/);
    expect(inline).toMatch(/#EXT-X-ENDLIST\n$/);
    // ... logged as the playlist route logs a playlist it serves
    const logged = await db.segmentServe.findMany({ where: { sessionId: ctx.sessionId, segmentIndex: SERVE_INDEX.playlist, at: { gte: acceptedAt } } });
    // (the refused playlist request just above, `nothing_unlocked`, is its own row)
    expect(logged.filter((l) => l.allowed).map((l) => [l.reason, l.bytes])).toEqual([["ok", Buffer.byteLength(inline)]]);
    // ... and its URLs play, as the route's would (the stretch is served from them, then answered)
    const segments = await playStretch(inline);
    expect(segments.map((u) => pathOf(u).path.split("/").pop())).toEqual(["3", "4"]);
    const last = await answerOk(4, 2); // C#1 (truth 3)
    expect(last.json.completed).toBe(true);
  });

  it("after the last answer nothing is served (not even the tail after the last query point)", async () => {
    for (const k of [0, 3, 4, 5]) expect((await fetchUri(await signed(k))).status).toBe(410);
    expect((await fetchUri(await signed("init"))).status).toBe(410);
    expect((await playlist()).status).toBe(410);
    const late = await answer(4, 3, { version: ctx.version });
    expect(late.status).toBe(410);
    expect((await db.answer.findMany({ where: { sessionId: ctx.sessionId } })).map((a) => a.value)).toEqual([1, 1, 1, 0, 2]);
  });

  it("scores the session with lib/metrics, completes the participant and writes the human leaderboard row", async () => {
    const session = await db.baselineSession.findUniqueOrThrow({ where: { id: ctx.sessionId } });
    expect(session.status).toBe("COMPLETED");
    const expected = scoreVcbench(
      [
        { id: "A", subtype: "O2-Unique", times: [29 / 30, 59 / 30], counts: [1, 2] },
        { id: "B", subtype: "O1-Snap", times: [44 / 30], counts: [1] },
        { id: "C", subtype: "E1-Action", times: [59 / 30, 130 / 30], counts: [0, 3] },
      ],
      new Map<string, unknown[]>([["A", [1, 1]], ["B", [1]], ["C", [0, 2]]]),
    );
    const aggregate = (session.scores as { aggregate: { vcbench: typeof expected } }).aggregate.vcbench;
    expect(aggregate.overall).toEqual(expected.overall);
    expect(aggregate.by_subtype).toEqual(expected.by_subtype);

    await refreshHumanRuns();
    const run = await db.modelRun.findFirstOrThrow({ where: { source: `study:${ctx.studyId}`, kind: "HUMAN" }, include: { results: true } });
    expect(run.status).toBe("DONE");
    expect(run.results).toHaveLength(3);
    expect((run.aggregates as { vcbench: typeof expected }).vcbench.overall).toEqual(expected.overall);

    const p = await call(participationRoute, `/api/studies/${ctx.studyId}/participation`, { ...as(ctx.cookie), params: { studyId: ctx.studyId } });
    expect(p.json.finished).toBe(true);
    expect(p.json.completion).toEqual({ code: "CODE123", redirectUrl: "https://example.org/done?cc=CODE123" });
  });

  it("logs every request, allowed or refused, with its reason", async () => {
    const serves = await db.segmentServe.findMany({ where: { sessionId: ctx.sessionId } });
    const reasons = new Set(serves.map((s) => s.reason));
    for (const r of ["ok", "beyond_unlocked", "already_answered", "bad_signature", "expired", "wrong_user", "session_not_active", "nothing_unlocked"]) {
      expect(reasons, r).toContain(r);
    }
    expect(serves.some((s) => s.segmentIndex === SERVE_INDEX.playlist && s.allowed)).toBe(true);
    expect(serves.some((s) => s.segmentIndex === SERVE_INDEX.init && s.allowed)).toBe(true);
    expect(serves.filter((s) => s.allowed && s.segmentIndex === 5)).toHaveLength(0);
    expect(serves.filter((s) => s.allowed && s.segmentIndex >= 0).every((s) => s.bytes > 0)).toBe(true);
  });

  it("admin results, playback log, re-score and exports (native VCBench JSONL scores the same; CSV has timings)", async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const results = await call(resultsRoute, `/api/studies/${ctx.studyId}/results`, { as: admin, params: { studyId: ctx.studyId } });
    expect(results.status).toBe(200);
    expect(results.json.summary).toMatchObject({ participants: 2, sessions: 1, completed: 1, abandoned: 0, attentionFailures: 0 });
    const mine = results.json.participants.find((p: { sessions: unknown[] }) => p.sessions.length);
    expect(mine.label).toBe("prolific:5f0c0a7d1f1f1f1f1f1f1f1f");
    expect(mine.sessions[0]).toMatchObject({ answered: 5, askCount: 5, status: "COMPLETED" });
    expect(mine.sessions[0].latencyMs.n).toBe(5);
    const forbidden = await call(resultsRoute, `/api/studies/${ctx.studyId}/results`, { ...as(ctx.cookie), params: { studyId: ctx.studyId } });
    expect(forbidden.status).toBe(403);

    const log = await call(logRoute, "/log", { as: admin, params: { studyId: ctx.studyId, sessionId: ctx.sessionId } });
    expect(log.json.events.filter((e: { kind: string }) => e.kind === "answer")).toHaveLength(5);
    expect(log.json.events.some((e: { kind: string; allowed?: boolean }) => e.kind === "serve" && e.allowed === false)).toBe(true);

    const rescored = await call(rescoreRoute, "/rescore", { as: admin, method: "POST", params: { studyId: ctx.studyId } });
    expect(rescored.json.sessions).toBe(1);

    const native = await call(exportRoute, "/export", { as: admin, query: { format: "native" }, params: { studyId: ctx.studyId } });
    expect(native.headers.get("content-disposition")).toMatch(/attachment; filename=".*-human\.jsonl"/);
    const lines = native.text.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { id: "A", predictions: [1, 1] },
      { id: "B", predictions: [1] },
      { id: "C", predictions: [0, 2] },
    ]);
    const csvFile = await call(exportRoute, "/export", { as: admin, query: { format: "csv" }, params: { studyId: ctx.studyId } });
    const rows = csvFile.text.trim().split("\n");
    expect(rows[0]).toBe("participant,external_source,external_id,session_id,session_status,video,item_id,format,query_point,query_time_sec,attention_check,answer,answer_text,latency_ms,position_sec,answered_at,unseen,exclude_seen_videos");
    expect(rows).toHaveLength(6);
  });

  it("participants cannot use the ordinary media route (403)", async () => {
    const r = await call(mediaRoute, `/api/media/${ctx.videoId}`, { ...as(ctx.cookie), params: { videoId: ctx.videoId } });
    expect(r.status).toBe(403);
  });
});
