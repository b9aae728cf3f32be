import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as segmentRoute } from "@/app/api/segments/[sessionId]/[index]/route";
import { POST as answerRoute } from "@/app/api/sessions/[id]/answers/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as sessionMediaRoute } from "@/app/api/sessions/[id]/media/route";
import { GET as playlistRoute } from "@/app/api/sessions/[id]/playlist.m3u8/route";
import { GET as enterRoute } from "@/app/api/studies/[studyId]/enter/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { GET as participationRoute } from "@/app/api/studies/[studyId]/participation/route";
import { PATCH as studyPatchRoute } from "@/app/api/studies/[studyId]/route";
import { forgetSession } from "@/lib/protocol/load-session";
import { signedResourcePath } from "@/lib/protocol/sign-segment-url";
import { createItems, createOpenStudy, createProject, ingestTestVideo, pathOf } from "./baseline-fixtures";
import { refreshHumanRuns } from "./support/human-runs";
import { call, sessionCookie } from "./support/requests";
import { createTestUser } from "./support/users";

/**
 * FREE_REWATCH protocol (VSTAT / TOC-Bench style): the whole video through a session-scoped
 * signed route, answers in any order, each exactly once and locked; attention checks flagged;
 * conflict of interest respected.
 */
const TAB = "free-tab-12345678";
const ctx = {} as { studyId: string; cookie: string; userId: string; sessions: string[]; version: number; itemIds: Record<string, string> };
const as = (cookie: string) => ({ headers: { cookie } });

async function state(sessionId: string) {
  const r = await call(claimRoute, `/api/sessions/${sessionId}/claim`, { ...as(ctx.cookie), json: { tabId: TAB }, params: { id: sessionId } });
  expect(r.status, r.text).toBe(200);
  ctx.version = r.json.version;
  return r.json;
}
async function answer(sessionId: string, askIndex: number, value: unknown, version = ctx.version) {
  return call(answerRoute, `/api/sessions/${sessionId}/answers`, {
    ...as(ctx.cookie),
    json: { askIndex, tabId: TAB, version, answer: value, positionSec: 1.5 },
    params: { id: sessionId },
  });
}
async function media(url: string, cookie: string | null, headers: Record<string, string> = {}) {
  const { path, query } = pathOf(url);
  const id = path.split("/")[3];
  return call(sessionMediaRoute, path, { headers: { ...(cookie ? { cookie } : {}), ...headers }, query, params: { id } });
}

describe("free-rewatch baseline session", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const v1 = await ingestTestVideo(60);
    const v2 = await ingestTestVideo(45);
    const project = await createProject("TOCBENCH");
    const opts = ["A", "B", "C", "D"].map((l) => ({ label: l, text: `option ${l}` }));
    const items = await createItems(project.id, v1.id, [
      { externalId: "q1", format: "mcq_4", presentation: { options: opts }, truth: "B" },
      { externalId: "q2", format: "numerical", presentation: { allowed_answers: ["2", "3", "4", "5 or more"] }, truth: "3" },
      { externalId: "q3", format: "ordering_3", presentation: { events: [{ label: "A", text: "a" }, { label: "B", text: "b" }, { label: "C", text: "c" }] }, truth: ["C", "A", "B"] },
    ]);
    const [att] = await createItems(project.id, v2.id, [{ externalId: "att", format: "mcq_4", presentation: { options: opts }, truth: "A" }]);
    // An annotator who annotated q1: must never get video 1.
    const annotator = await createTestUser({ role: "ANNOTATOR" });
    await db.annotation.create({ data: { itemId: items[0].id, authorId: annotator.id, data: {} } });
    const { studyId } = await createOpenStudy(
      admin,
      project.id,
      "FREE_REWATCH",
      [...items.map((i) => ({ itemId: i.id })), { itemId: att.id, attentionCheck: true }],
      { participantsPerVideo: null, capPerParticipant: 1, completionCode: "FREE-DONE" },
    );
    Object.assign(ctx, { studyId, itemIds: Object.fromEntries([...items, att].map((i) => [i.externalId, i.id])) });

    const entered = await call(enterRoute, `/api/studies/${studyId}/enter`, { query: { workerId: "WORKER1", assignmentId: "ASSIGN1", hitId: "HIT1" }, params: { studyId } });
    expect(entered.status).toBe(303);
    ctx.cookie = entered.headers.getSetCookie()[0].split(";")[0];
    const consent = await call(consentRoute, `/api/studies/${studyId}/consent`, { ...as(ctx.cookie), method: "POST", params: { studyId } });
    expect(consent.status, consent.text).toBe(200);
    const participant = await db.studyParticipant.findFirstOrThrow({ where: { studyId, externalSource: "mturk" }, include: { sessions: { orderBy: { startedAt: "asc" } } } });
    expect(participant.externalId).toBe("WORKER1");
    expect(participant.externalSessionId).toBe("ASSIGN1");
    ctx.userId = participant.userId;
    ctx.sessions = participant.sessions.map((s) => s.id);
    expect(participant.sessions.map((s) => s.videoId)).toEqual([v1.id, v2.id]);

    // Conflict of interest: the annotator, now a participant account (staff cannot take part),
    // joins with it and gets nothing.
    const former = { ...annotator, role: "PARTICIPANT" };
    await db.user.update({ where: { id: annotator.id }, data: { role: "PARTICIPANT" } });
    const a = await call(enterRoute, `/api/studies/${studyId}/enter`, { as: former, params: { studyId } });
    expect(a.status, a.text).toBe(303);
    const ac = await call(consentRoute, `/api/studies/${studyId}/consent`, { as: former, method: "POST", params: { studyId } });
    expect(ac.json.sessionId).toBeNull();
  }, 600_000);

  it("lists every question (no truth) and a signed, session-scoped media URL; no playlist or segments", async () => {
    const s = await state(ctx.sessions[0]);
    expect(s.protocol).toBe("FREE_REWATCH");
    expect(s.freeRewatch.asks.map((a: { question: { kind: string } }) => a.question.kind)).toEqual(["letter", "toc_bucket", "ordering"]);
    expect(s.freeRewatch.mediaUrl).toMatch(new RegExp(`^/api/sessions/${ctx.sessions[0]}/media\\?exp=\\d+&sig=`));
    const pl = await call(playlistRoute, `/api/sessions/${ctx.sessions[0]}/playlist.m3u8`, { ...as(ctx.cookie), params: { id: ctx.sessions[0] } });
    expect(pl.status).toBe(403);
    const key = (await db.baselineSession.findUniqueOrThrow({ where: { id: ctx.sessions[0] }, select: { signingKey: true } })).signingKey;
    const seg = pathOf(signedResourcePath(key, { sessionId: ctx.sessions[0], userId: ctx.userId, resource: 0, exp: Math.floor(Date.now() / 1000) + 60 }));
    const r = await call(segmentRoute, seg.path, { ...as(ctx.cookie), query: seg.query, params: { sessionId: ctx.sessions[0], index: "0" } });
    expect([r.status, r.json.error.code]).toEqual([403, "not_streaming"]);
  });

  it("serves the whole video with byte ranges, only to this participant with a valid signature", async () => {
    const s = await state(ctx.sessions[0]);
    const whole = await media(s.freeRewatch.mediaUrl, ctx.cookie);
    expect(whole.status).toBe(200);
    const size = Number(whole.headers.get("content-length"));
    expect(size).toBeGreaterThan(1000);
    const part = await media(s.freeRewatch.mediaUrl, ctx.cookie, { range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    expect((await media(s.freeRewatch.mediaUrl, ctx.cookie, { range: "bytes=999999999-" })).status).toBe(416);
    const { path, query } = pathOf(s.freeRewatch.mediaUrl);
    const tampered = await media(`${path}?exp=${query.exp}&sig=${"A".repeat(43)}`, ctx.cookie);
    expect(tampered.status).toBe(403);
    expect((await media(s.freeRewatch.mediaUrl, null)).status).toBe(403);
    const other = await createTestUser({ role: "PARTICIPANT" });
    const foreign = await media(s.freeRewatch.mediaUrl, await sessionCookie(other));
    expect([foreign.status, foreign.json.error.code]).toEqual([403, "wrong_user"]);
  });

  it("answers in any order, each exactly once and locked (409 on a second submission, nothing changed)", async () => {
    const sid = ctx.sessions[0];
    await state(sid);
    const r1 = await answer(sid, 2, ["C", "A", "B"]);
    expect(r1.status, r1.text).toBe(200);
    ctx.version = r1.json.version;
    const again = await answer(sid, 2, ["A", "B", "C"]);
    expect([again.status, again.json.error.code]).toEqual([409, "already_answered"]);
    const stored = await db.answer.findMany({ where: { sessionId: sid } });
    expect(stored.map((a) => a.value)).toEqual([["C", "A", "B"]]);
    expect(stored[0].positionSec).toBe(1.5);
    const s = await state(sid);
    expect(s.freeRewatch.asks.map((a: { answered: boolean }) => a.answered)).toEqual([false, false, true]);
    expect(JSON.stringify(s)).not.toContain('"C","A","B"');
    const bad = await answer(sid, 0, "E");
    expect(bad.status).toBe(400);
    expect((await answer(sid, 0, "B")).status).toBe(200);
    await state(sid);
    const last = await answer(sid, 1, "4");
    expect(last.status).toBe(200);
    expect(last.json.completed).toBe(true);
    const s2 = await call(claimRoute, `/api/sessions/${sid}/claim`, { ...as(ctx.cookie), json: { tabId: TAB }, params: { id: sid } });
    expect(s2.status).toBe(410);
  });

  it("the video is no longer served once the session is complete", async () => {
    const key = (await db.baselineSession.findUniqueOrThrow({ where: { id: ctx.sessions[0] }, select: { signingKey: true } })).signingKey;
    const url = signedResourcePath(key, { sessionId: ctx.sessions[0], userId: ctx.userId, resource: "media", exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await media(url, ctx.cookie)).status).toBe(410);
  });

  it("flags a failed attention check, completes the participant, and keeps attention items off the leaderboard", async () => {
    const sid = ctx.sessions[1];
    await state(sid);
    const r = await answer(sid, 0, "D");
    expect(r.json.completed).toBe(true);
    const session = await db.baselineSession.findUniqueOrThrow({ where: { id: sid } });
    expect(session.flags).toMatchObject({ attention_checks: 1, attention_failed: ["att"] });
    const p = await call(participationRoute, `/api/studies/${ctx.studyId}/participation`, { ...as(ctx.cookie), params: { studyId: ctx.studyId } });
    expect(p.json.completion).toEqual({ code: "FREE-DONE", redirectUrl: null });
    await refreshHumanRuns();
    // A new study excludes participants who fail an attention check from its human row (setting
    // excludeFailedAttention, on by default for new studies): the row has nobody.
    const excluded = await db.modelRun.findFirstOrThrow({ where: { source: `study:${ctx.studyId}` }, include: { results: true } });
    expect(excluded.results).toEqual([]);
    expect(excluded.aggregates).toMatchObject({ n_participants: 0, n_excluded_attention: 1, exclude_failed_attention: true });
    // Turned off, they are flagged and kept: the row is refreshed with their answers.
    const admin = await createTestUser({ role: "ADMIN" });
    const kept = await call(studyPatchRoute, "/x", { as: admin, method: "PATCH", json: { settings: { excludeFailedAttention: false } }, params: { studyId: ctx.studyId } });
    expect(kept.status, kept.text).toBe(200);
    await refreshHumanRuns();
    const run = await db.modelRun.findFirstOrThrow({ where: { source: `study:${ctx.studyId}` }, include: { results: true } });
    expect(run.aggregates).toMatchObject({ n_participants: 1, n_excluded_attention: 0, exclude_failed_attention: false });
    expect(run.results.map((x) => x.itemId).sort()).toEqual([ctx.itemIds.q1, ctx.itemIds.q2, ctx.itemIds.q3].sort());
    const byItem = Object.fromEntries(run.results.map((x) => [x.itemId, (x.scores as { correct: number }).correct]));
    expect(byItem).toEqual({ [ctx.itemIds.q1]: 1, [ctx.itemIds.q2]: 0, [ctx.itemIds.q3]: 1 });
    expect((run.aggregates as { accuracy: number }).accuracy).toBeCloseTo(2 / 3, 12);
  });

  it("the time limit closes a participant's sessions as abandoned; nothing is served or accepted after it", async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const patched = await call(studyPatchRoute, "/x", { as: admin, method: "PATCH", json: { settings: { timeLimitMinutes: 1 } }, params: { studyId: ctx.studyId } });
    expect(patched.status, patched.text).toBe(200);
    const entered = await call(enterRoute, `/api/studies/${ctx.studyId}/enter`, { query: { PROLIFIC_PID: "SLOWPID", SESSION_ID: "SLOWSUB" }, params: { studyId: ctx.studyId } });
    const cookie = entered.headers.getSetCookie()[0].split(";")[0];
    const c = await call(consentRoute, `/api/studies/${ctx.studyId}/consent`, { ...as(cookie), method: "POST", params: { studyId: ctx.studyId } });
    const sid: string = c.json.sessionId;
    const cl = await call(claimRoute, `/api/sessions/${sid}/claim`, { ...as(cookie), json: { tabId: TAB }, params: { id: sid } });
    const mediaUrl: string = cl.json.freeRewatch.mediaUrl;
    expect((await media(mediaUrl, cookie)).status).toBe(200);
    await db.studyParticipant.updateMany({ where: { studyId: ctx.studyId, externalId: "SLOWPID" }, data: { consentedAt: new Date(Date.now() - 5 * 60_000) } });
    forgetSession(); // consent times never change in the app; this test rewrites one directly
    expect((await media(mediaUrl, cookie)).status).toBe(410);
    const late = await call(answerRoute, `/api/sessions/${sid}/answers`, { ...as(cookie), json: { askIndex: 0, tabId: TAB, version: cl.json.version, answer: "B" }, params: { id: sid } });
    expect([late.status, late.json.error.code]).toEqual([410, "time_limit"]);
    const session = await db.baselineSession.findUniqueOrThrow({ where: { id: sid } });
    expect(session.status).toBe("ABANDONED");
    expect(session.flags).toMatchObject({ time_limit: true });
    expect(await db.answer.count({ where: { sessionId: sid } })).toBe(0);
  });
});
