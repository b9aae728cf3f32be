import { db } from "@/tests/support/test-db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as segmentRoute } from "@/app/api/segments/[sessionId]/[index]/route";
import { POST as answerRoute } from "@/app/api/sessions/[id]/answers/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as sessionMediaRoute } from "@/app/api/sessions/[id]/media/route";
import { GET as playlistRoute } from "@/app/api/sessions/[id]/playlist.m3u8/route";
import { GET as stateRoute } from "@/app/api/sessions/[id]/route";
import { GET as stillRoute } from "@/app/api/sessions/[id]/still/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { GET as enterRoute } from "@/app/api/studies/[studyId]/enter/route";
import { GET as participationRoute } from "@/app/api/studies/[studyId]/participation/route";
import { fillRoute, PARTICIPANT_API_ROUTES } from "@/lib/protocol/participant-routes";
import { signedResourcePath } from "@/lib/protocol/sign-segment-url";
import { createItems, createOpenStudy, createProject, ingestTestVideo, pathOf, playlistUris, sleep } from "./baseline-fixtures";
import { call, type CallResult } from "./support/requests";
import { createTestUser } from "./support/users";

/**
 * Truth never leaves the server: distinctive values are planted in everything a participant must
 * not see (ItemTruth answers and sources, truth evidence spans, labels, notes, external ids, a
 * presentation field an importer should not have written, other participants' answers, the
 * participant's own stored answers, query times not yet reached), then EVERY participant API
 * route (lib/protocol/participant-routes.ts, derived from the route policy: every route that
 * allows participants) is requested in every state of a session, on success and error paths,
 * and no response body or header may contain any of them.
 */
const SECRETS = [
  "987654", // truth count
  "987655",
  "4321.987", // truth occurrence time / evidence span
  "TRUTH-SOURCE-SECRET",
  "TRUTH-OPTION-MARKER", // ItemTruth.source: text of the correct option
  "LABEL-SECRET-7F3A",
  "NOTES-SECRET-91C2",
  "EXT-SECRET-5D1E",
  "PRESENTATION-ANSWER-LEAK",
  "OTHER-PARTICIPANT-ANSWER-MARKER",
  "OWN-ANSWER-MARKER",
  "765431", // the participant's own stored count
];
/** Query time of the second query point (frame 59 at 30 fps): must not show before it is unlocked. */
const FUTURE_TIME = "1.9666";

const hits = new Map<string, number>();
const seenTexts: string[] = [];
const as = (cookie: string) => ({ headers: { cookie } });

function check(route: string, res: CallResult, extra: string[] = []): CallResult {
  hits.set(route, (hits.get(route) ?? 0) + 1);
  const headers = [...res.headers.entries()].map(([k, v]) => `${k}: ${v}`).join("\n");
  const body = res.text;
  for (const secret of [...SECRETS, ...extra]) {
    expect(body.toUpperCase().includes(secret.toUpperCase()), `${route} (${res.status}) body contains ${secret}: ${body.slice(0, 300)}`).toBe(false);
    expect(headers.toUpperCase().includes(secret.toUpperCase()), `${route} headers contain ${secret}`).toBe(false);
  }
  seenTexts.push(body);
  return res;
}

const ctx = {} as {
  streamingStudy: string;
  freeStudy: string;
  cookie: string;
  userId: string;
  otherSession: string;
};

async function enter(studyId: string, query: Record<string, string>, cookie?: string, accept?: string) {
  const headers = { ...(cookie ? { cookie } : {}), ...(accept ? { accept } : {}) };
  return check("GET /api/studies/:studyId/enter", await call(enterRoute, `/api/studies/${studyId}/enter`, { query, params: { studyId }, headers }));
}
async function participation(studyId: string) {
  return check("GET /api/studies/:studyId/participation", await call(participationRoute, `/api/studies/${studyId}/participation`, { ...as(ctx.cookie), params: { studyId } }));
}
async function consent(studyId: string, cookie = ctx.cookie) {
  return check("POST /api/studies/:studyId/consent", await call(consentRoute, `/api/studies/${studyId}/consent`, { ...as(cookie), method: "POST", params: { studyId } }));
}
async function state(id: string, extra: string[] = []) {
  return check("GET /api/sessions/:id", await call(stateRoute, `/api/sessions/${id}`, { ...as(ctx.cookie), query: { tabId: "crawler-tab-0001" }, params: { id } }), extra);
}
async function claim(id: string, extra: string[] = []) {
  return check("POST /api/sessions/:id/claim", await call(claimRoute, `/api/sessions/${id}/claim`, { ...as(ctx.cookie), json: { tabId: "crawler-tab-0001" }, params: { id } }), extra);
}
async function playlist(id: string, extra: string[] = []) {
  return check("GET /api/sessions/:id/playlist.m3u8", await call(playlistRoute, `/api/sessions/${id}/playlist.m3u8`, { ...as(ctx.cookie), params: { id } }), extra);
}
async function segment(uri: string) {
  const { path, query } = pathOf(uri);
  const [, , , sessionId, index] = path.split("/");
  return check("GET /api/segments/:sessionId/:index", await call(segmentRoute, path, { ...as(ctx.cookie), query, params: { sessionId, index } }));
}
async function media(uri: string) {
  const { path, query } = pathOf(uri);
  const id = path.split("/")[3];
  return check("GET /api/sessions/:id/media", await call(sessionMediaRoute, path, { ...as(ctx.cookie), query, params: { id } }));
}
async function answer(id: string, askIndex: number, version: number, value: unknown, extra: string[] = []) {
  return check(
    "POST /api/sessions/:id/answers",
    await call(answerRoute, `/api/sessions/${id}/answers`, { ...as(ctx.cookie), json: { askIndex, tabId: "crawler-tab-0001", version, answer: value }, params: { id } }),
    extra,
  );
}
async function still(id: string, extra: string[] = []) {
  return check("GET /api/sessions/:id/still", await call(stillRoute, `/api/sessions/${id}/still`, { ...as(ctx.cookie), params: { id } }), extra);
}
/** next-auth's endpoints as the participant's browser uses them (session, csrf, providers; sign-out). */
async function auth(cookie = ctx.cookie) {
  for (const part of ["session", "csrf", "providers"]) check("GET /api/auth/:nextauth*", await call(authGet, `/api/auth/${part}`, { ...as(cookie), params: { nextauth: [part] } }));
  check("POST /api/auth/:nextauth*", await call(authPost, "/api/auth/signout", { ...as(cookie), params: { nextauth: ["signout"] }, body: "", headers: { "content-type": "application/x-www-form-urlencoded" } }));
}
async function signed(sessionId: string, resource: number | "init" | "media", expDelta = 60) {
  const { signingKey } = await db.baselineSession.findUniqueOrThrow({ where: { id: sessionId }, select: { signingKey: true } });
  return signedResourcePath(signingKey, { sessionId, userId: ctx.userId, resource, exp: Math.floor(Date.now() / 1000) + expDelta });
}

describe("truth never leaves the server (participant API crawler)", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const video = await ingestTestVideo(90);
    const video2 = await ingestTestVideo(30);
    const vc = await createProject("VCBENCH");
    const [count] = await createItems(vc.id, video.id, [
      {
        externalId: "EXT-SECRET-5D1E",
        format: "count",
        question: "How many objects have appeared so far?",
        presentation: { answer_type: "integer", answer: "PRESENTATION-ANSWER-LEAK" },
        labels: { subtype: "O2-Unique", secret: "LABEL-SECRET-7F3A" },
        notes: "NOTES-SECRET-91C2",
        truth: [987654, 987655],
        truthSource: { occurrence_times: [4321.987], count_details: "TRUTH-SOURCE-SECRET" },
        queryFrames: [29, 59],
        truthSpans: [[4321.987, 4400]],
      },
    ]);
    const toc = await createProject("TOCBENCH");
    const options = ["A", "B", "C", "D"].map((l) => ({ label: l, text: `choice ${l}`, ...(l === "C" ? { correct: "PRESENTATION-ANSWER-LEAK" } : {}) }));
    const free = await createItems(toc.id, video2.id, [
      { externalId: "EXT-SECRET-5D1E-mcq", question: "Which object appears first?", format: "mcq_4", presentation: { options }, labels: { dim: "LABEL-SECRET-7F3A" }, truth: "C", truthSource: { correct_option_text: "TRUTH-OPTION-MARKER" } },
      { externalId: "EXT-SECRET-5D1E-text", question: "Describe the scene.", format: "freeform", truth: "TRUTH-SOURCE-SECRET" },
    ]);
    ctx.streamingStudy = (await createOpenStudy(admin, vc.id, "STREAMING", [{ itemId: count.id }], { enforceRealtime: true, segmentSeconds: 10 })).studyId;
    ctx.freeStudy = (await createOpenStudy(admin, toc.id, "FREE_REWATCH", free.map((i) => ({ itemId: i.id })), { participantsPerVideo: null })).studyId;

    // Another participant answers first, with a distinctive text.
    const other = await enter(ctx.freeStudy, { PROLIFIC_PID: "OTHERPID", SESSION_ID: "OTHERSUB" });
    const otherCookie = other.headers.getSetCookie()[0].split(";")[0];
    const oc = await consent(ctx.freeStudy, otherCookie);
    ctx.otherSession = oc.json.sessionId;
    const cl = await call(claimRoute, `/api/sessions/${ctx.otherSession}/claim`, { ...as(otherCookie), json: { tabId: "crawler-tab-0001" }, params: { id: ctx.otherSession } });
    const oa = await call(answerRoute, `/api/sessions/${ctx.otherSession}/answers`, {
      ...as(otherCookie),
      json: { askIndex: 1, tabId: "crawler-tab-0001", version: cl.json.version, answer: "OTHER-PARTICIPANT-ANSWER-MARKER" },
      params: { id: ctx.otherSession },
    });
    expect(oa.status, oa.text).toBe(200);
  }, 600_000);

  afterAll(() => {
    // Every participant route was requested.
    for (const r of PARTICIPANT_API_ROUTES) expect(hits.get(`${r.method} ${r.path}`), `${r.method} ${r.path} was not crawled`).toBeGreaterThan(0);
  });

  it("streaming session: every route, every state", async () => {
    const studyId = ctx.streamingStudy;
    const entered = await enter(studyId, { PROLIFIC_PID: "CRAWLERPID", STUDY_ID: "x", SESSION_ID: "y" });
    ctx.cookie = entered.headers.getSetCookie()[0].split(";")[0];
    ctx.userId = (await db.studyParticipant.findFirstOrThrow({ where: { studyId, externalId: "CRAWLERPID" } })).userId;
    await enter(studyId, { PROLIFIC_PID: "bad id!" });
    await enter("no-such-study", { PROLIFIC_PID: "CRAWLERPID" });
    await participation(studyId);
    const c = await consent(studyId);
    const sid: string = c.json.sessionId;
    await participation(studyId);
    await state(sid, [FUTURE_TIME]);
    const cl = await claim(sid, [FUTURE_TIME]);
    let version: number = cl.json.version;
    await answer(sid, 0, version, 1, [FUTURE_TIME]); // not reached
    await answer(sid, 1, version, 1, [FUTURE_TIME]); // future
    await answer(sid, 0, version, "x", [FUTURE_TIME]); // invalid
    await still(sid, [FUTURE_TIME]); // the query point's segment not served yet
    const pl = await playlist(sid, [FUTURE_TIME]);
    const { init, segments } = playlistUris(pl.text);
    await segment(init);
    for (const s of segments) await segment(s);
    await segment(await signed(sid, 1)); // beyond
    await segment(await signed(sid, 0, -10)); // expired
    await segment(`/api/segments/${sid}/0?exp=1&sig=${"A".repeat(43)}`); // bad signature
    await segment(`/api/segments/${sid}/seg-00000.m4s?exp=1&sig=x`); // malformed
    await segment(await signed(sid, "media"));
    await media(await signed(sid, "media")); // streaming sessions never get the whole file
    const st = await still(sid, [FUTURE_TIME]); // the frame the participant paused on
    expect(st.status, st.text).toBe(200);
    expect(st.headers.get("content-type")).toBe("image/png");
    await sleep(1100);
    const a0 = await answer(sid, 0, version, 765431);
    expect(a0.status, a0.text).toBe(200);
    version = a0.json.version;
    await answer(sid, 0, version, 765431); // twice
    await state(sid);
    await claim(sid).then((r) => (version = r.json.version));
    const pl2 = await playlist(sid);
    for (const s of playlistUris(pl2.text).segments) await segment(s);
    await segment(await signed(sid, 0)); // answered
    await sleep(1100);
    const a1 = await answer(sid, 1, version, 3);
    expect(a1.status, a1.text).toBe(200);
    await state(sid);
    await playlist(sid);
    await segment(await signed(sid, 2));
    await participation(studyId);
    await still(sid); // finished
    await still(ctx.otherSession); // someone else's session
    await state(ctx.otherSession); // someone else's session
    await auth();
  });

  it("free-rewatch session: every route, every state", async () => {
    const studyId = ctx.freeStudy;
    // The streaming study's crowd account cannot join another study without the platform's ids (403).
    expect((await enter(studyId, {}, ctx.cookie)).status).toBe(403);
    const entered = await enter(studyId, { PROLIFIC_PID: "CRAWLERPID", STUDY_ID: "x", SESSION_ID: "y" }, ctx.cookie);
    ctx.cookie = entered.headers.getSetCookie()[0].split(";")[0];
    ctx.userId = (await db.studyParticipant.findFirstOrThrow({ where: { studyId, externalId: "CRAWLERPID" } })).userId;
    // Refusals (another submission; the page a browser gets) are crawled too.
    expect((await enter(studyId, { PROLIFIC_PID: "CRAWLERPID", STUDY_ID: "x", SESSION_ID: "stolen" })).status).toBe(409);
    expect((await enter(studyId, { PROLIFIC_PID: "CRAWLERPID", STUDY_ID: "x", SESSION_ID: "stolen" }, undefined, "text/html")).status).toBe(409);
    await enter(studyId, { workerId: "W", assignmentId: "ASSIGNMENT_ID_NOT_AVAILABLE" });
    await participation(studyId);
    const c = await consent(studyId);
    const sid: string = c.json.sessionId;
    const s = await state(sid);
    expect(s.json.freeRewatch.asks).toHaveLength(2);
    const cl = await claim(sid);
    let version: number = cl.json.version;
    await media(s.json.freeRewatch.mediaUrl);
    await media(await signed(sid, "media", -5));
    await still(sid); // free rewatch: no stills
    await playlist(sid);
    await segment(await signed(sid, 0));
    await answer(sid, 0, version, "E"); // not an option
    const a = await answer(sid, 1, version, "OWN-ANSWER-MARKER");
    expect(a.status, a.text).toBe(200);
    version = a.json.version;
    await answer(sid, 1, version, "OWN-ANSWER-MARKER"); // locked
    await state(sid);
    await claim(sid).then((r) => (version = r.json.version));
    await answer(sid, 0, version, "B");
    await state(sid);
    await participation(studyId);
    await media(s.json.freeRewatch.mediaUrl);
  });

  it("nothing a participant received names a storage file or a truth field", () => {
    const all = seenTexts.join("\n");
    for (const leak of ["seg-0", ".m4s", "init.mp4", "playback.mp4", "original.", "signingKey", "truth", "labels", "externalId", "notes", "videoRef", "occurrence"]) {
      expect(all.includes(leak), leak).toBe(false);
    }
  });
});
