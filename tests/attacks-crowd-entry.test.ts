import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as stateRoute } from "@/app/api/sessions/[id]/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { GET as enterRoute } from "@/app/api/studies/[studyId]/enter/route";
import { GET as participationRoute } from "@/app/api/studies/[studyId]/participation/route";
import { createItems, createOpenStudy, createProject, ingestTestVideo } from "./baseline-fixtures";
import { expectUnchanged, snapshot } from "./support/protocol-snapshot";
import { call, type CallResult } from "./support/requests";
import { createTestUser } from "./support/users";

/**
 * Protocol attack suite: crowd identities (issue 20, points 1 and 2). A platform id alone must not
 * sign anyone in as that worker: the first entry binds the participant to the platform's
 * per-submission id (Prolific SESSION_ID, MTurk assignmentId) and to a signed cookie; another
 * browser must present the same submission id. Ids are compared exactly as issued. Platform ids
 * are refused on a study that does not recruit on that platform. Every refusal changes nothing.
 */
const ctx = {} as { admin: Awaited<ReturnType<typeof createTestUser>>; projectId: string; itemId: string; study: string; other: string; plain: string; mturkOnly: string };

type Entry = { query?: Record<string, string>; cookie?: string; html?: boolean };

async function enter(studyId: string, e: Entry = {}): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (e.cookie) headers.cookie = e.cookie;
  if (e.html) headers.accept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
  return call(enterRoute, `/api/studies/${studyId}/enter`, { query: e.query ?? {}, headers, params: { studyId } });
}

/** The cookies a response sets, as `name=value` pairs. */
const setCookies = (r: CallResult) => r.headers.getSetCookie().map((c) => c.split(";")[0]);
const sessionCookieOf = (r: CallResult) => setCookies(r).find((c) => c.includes("session-token"));
const bindingCookieOf = (r: CallResult) => setCookies(r).find((c) => !c.includes("session-token"));
const prolific = (pid: string, submission?: string) => ({ PROLIFIC_PID: pid, STUDY_ID: "PROLIFICSTUDY", ...(submission ? { SESSION_ID: submission } : {}) });

/** Enters, consents and claims the first session as a worker; returns cookies and ids. */
async function joinAsWorker(studyId: string, query: Record<string, string>) {
  const entered = await enter(studyId, { query });
  expect(entered.status, entered.text).toBe(303);
  const cookie = sessionCookieOf(entered)!;
  const binding = bindingCookieOf(entered);
  expect(cookie).toBeTruthy();
  const consent = await call(consentRoute, `/api/studies/${studyId}/consent`, { headers: { cookie }, method: "POST", params: { studyId } });
  expect(consent.status, consent.text).toBe(200);
  const sessionId: string = consent.json.sessionId;
  const claim = await call(claimRoute, `/api/sessions/${sessionId}/claim`, { headers: { cookie }, json: { tabId: "worker-tab-0001" }, params: { id: sessionId } });
  expect(claim.json.isActiveTab).toBe(true);
  const participant = await db.studyParticipant.findFirstOrThrow({ where: { studyId, sessions: { some: { id: sessionId } } } });
  return { cookie, binding, sessionId, userId: participant.userId, participantId: participant.id };
}

async function stillActiveTab(sessionId: string, cookie: string) {
  const s = await call(stateRoute, `/api/sessions/${sessionId}`, { headers: { cookie }, query: { tabId: "worker-tab-0001" }, params: { id: sessionId } });
  expect(s.status, s.text).toBe(200);
  expect(s.json.isActiveTab).toBe(true);
}

describe("crowd entry: a platform id alone never signs anyone in as that worker", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    ctx.admin = await createTestUser({ role: "ADMIN" });
    const video = await ingestTestVideo(30);
    const project = await createProject("TOCBENCH");
    const opts = ["A", "B", "C", "D"].map((l) => ({ label: l, text: `option ${l}` }));
    const [item] = await createItems(project.id, video.id, [{ externalId: "q", format: "mcq_4", presentation: { options: opts }, truth: "B" }]);
    Object.assign(ctx, { projectId: project.id, itemId: item.id });
    const settings = { participantsPerVideo: null, completionCode: "CROWD-DONE" };
    ctx.study = (await createOpenStudy(ctx.admin, project.id, "FREE_REWATCH", [{ itemId: item.id }], settings)).studyId;
    ctx.other = (await createOpenStudy(ctx.admin, project.id, "FREE_REWATCH", [{ itemId: item.id }], settings)).studyId;
    ctx.plain = (await createOpenStudy(ctx.admin, project.id, "FREE_REWATCH", [{ itemId: item.id }], { ...settings, crowdPlatforms: [] })).studyId;
    ctx.mturkOnly = (await createOpenStudy(ctx.admin, project.id, "FREE_REWATCH", [{ itemId: item.id }], { ...settings, crowdPlatforms: ["mturk"] })).studyId;
  }, 600_000);

  it("a fresh browser with the worker's id and another SESSION_ID is refused with a clear page; nothing changes", async () => {
    const w = await joinAsWorker(ctx.study, prolific("60a1b2c3d4e5f60718293a4b", "SUBMISSION-ONE"));
    expect(w.binding, "the first entry binds the browser with a signed cookie").toBeTruthy();
    const before = await snapshot();

    const page = await enter(ctx.study, { query: prolific("60a1b2c3d4e5f60718293a4b", "SUBMISSION-TWO"), html: true });
    expect(page.status).toBe(409);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.text).toMatch(/already taking part/i);
    expect(page.text).toMatch(/Prolific/);
    expect(setCookies(page)).toEqual([]);

    const api = await enter(ctx.study, { query: prolific("60a1b2c3d4e5f60718293a4b", "SUBMISSION-TWO") });
    expect([api.status, api.json.error.code]).toEqual([409, "submission_mismatch"]);
    expect(setCookies(api)).toEqual([]);

    await expectUnchanged(before);
    await stillActiveTab(w.sessionId, w.cookie);
  });

  it("the submission id is required on a Prolific entry: 400 naming SESSION_ID, nothing created", async () => {
    const before = await snapshot();
    for (const pid of ["60a1b2c3d4e5f60718293a4b", "70b1b2c3d4e5f60718293a4c"]) {
      const r = await enter(ctx.study, { query: prolific(pid) });
      expect(r.status).toBe(400);
      expect(r.json.error.message).toMatch(/SESSION_ID/);
      expect(setCookies(r)).toEqual([]);
      const page = await enter(ctx.study, { query: prolific(pid), html: true });
      expect(page.status).toBe(400);
      expect(page.text).toMatch(/SESSION_ID/);
    }
    await expectUnchanged(before);
  });

  it("ids are compared exactly: a case variant of the id is another worker and never reaches this one's session", async () => {
    const w = await joinAsWorker(ctx.study, { workerId: "A2CASEWORKER", assignmentId: "ASSIGN-CASE-1", hitId: "HIT" });
    const mine = async () => ({
      participant: await db.studyParticipant.findUniqueOrThrow({ where: { id: w.participantId } }),
      sessions: await db.baselineSession.findMany({ where: { participantId: w.participantId } }),
      user: await db.user.findUniqueOrThrow({ where: { id: w.userId } }),
    });
    const before = await mine();
    const variant = await enter(ctx.study, { query: { workerId: "a2caseworker", assignmentId: "ASSIGN-CASE-1", hitId: "HIT" } });
    expect(variant.status, variant.text).toBe(303);
    const variantCookie = sessionCookieOf(variant)!;
    const variantRow = await db.studyParticipant.findFirstOrThrow({ where: { studyId: ctx.study, externalId: "a2caseworker" } });
    expect(variantRow.userId).not.toBe(w.userId);
    expect(variantRow.externalId).toBe("a2caseworker");
    const peek = await call(stateRoute, `/api/sessions/${w.sessionId}`, { headers: { cookie: variantCookie }, params: { id: w.sessionId } });
    expect(peek.status).toBe(404);
    const take = await call(claimRoute, `/api/sessions/${w.sessionId}/claim`, { headers: { cookie: variantCookie }, json: { tabId: "attacker-tab-01" }, params: { id: w.sessionId } });
    expect(take.status).toBe(404);
    expect(await mine()).toEqual(before);
    await stillActiveTab(w.sessionId, w.cookie);
  });

  it("the same submission id from another browser returns to the same participant (another device)", async () => {
    const w = await joinAsWorker(ctx.study, prolific("5e0000000000000000000001", "SUB-DEVICE"));
    const participants = await db.studyParticipant.count();
    const again = await enter(ctx.study, { query: prolific("5e0000000000000000000001", "SUB-DEVICE") });
    expect(again.status).toBe(303);
    const cookie = sessionCookieOf(again)!;
    const s = await call(stateRoute, `/api/sessions/${w.sessionId}`, { headers: { cookie }, params: { id: w.sessionId } });
    expect(s.status, s.text).toBe(200);
    expect(await db.studyParticipant.count()).toBe(participants);
  });

  it("the same browser keeps working with its signed cookies (reload, return), whatever submission id the platform sends", async () => {
    const w = await joinAsWorker(ctx.study, prolific("5e0000000000000000000002", "SUB-FIRST"));
    const before = await snapshot();
    // Signed out (session cookie expired or cleared) but the browser's entry cookie is there.
    const back = await enter(ctx.study, { query: prolific("5e0000000000000000000002", "SUB-LATER"), cookie: w.binding });
    expect(back.status, back.text).toBe(303);
    const cookie = sessionCookieOf(back)!;
    expect((await call(stateRoute, `/api/sessions/${w.sessionId}`, { headers: { cookie }, params: { id: w.sessionId } })).status).toBe(200);
    // Still signed in: the session cookie is proof enough (a reload of the link).
    const reload = await enter(ctx.study, { query: prolific("5e0000000000000000000002", "SUB-LATER"), cookie: w.cookie });
    expect(reload.status).toBe(303);
    await expectUnchanged(before);

    // Another participant's entry cookie, or a forged one, proves nothing.
    const other = await joinAsWorker(ctx.study, prolific("5e0000000000000000000003", "SUB-OTHER"));
    const forged = [other.binding!, w.binding!.replace(/.$/, (c) => (c === "A" ? "B" : "A"))];
    const before2 = await snapshot();
    for (const cookie of forged) {
      const r = await enter(ctx.study, { query: prolific("5e0000000000000000000002", "SUB-STOLEN"), cookie });
      expect([r.status, r.json?.error?.code]).toEqual([409, "submission_mismatch"]);
    }
    await expectUnchanged(before2);
  });

  it("two fresh browsers entering a new id at once with different submissions: one is bound, the other refused", async () => {
    const results = await Promise.all(["SUB-RACE-A", "SUB-RACE-B"].map((s) => enter(ctx.study, { query: prolific("5e00000000000000000000ff", s) })));
    expect(results.map((r) => r.status).sort()).toEqual([303, 409]);
    const rows = await db.studyParticipant.findMany({ where: { studyId: ctx.study, externalId: "5e00000000000000000000ff" } });
    expect(rows).toHaveLength(1);
    const winner = results.find((r) => r.status === 303)!;
    expect(rows[0].externalSessionId).toBe(results.indexOf(winner) === 0 ? "SUB-RACE-A" : "SUB-RACE-B");
  });

  it("entering another open study with the worker's id and a made-up submission gives no way into their session here", async () => {
    const w = await joinAsWorker(ctx.study, prolific("5e0000000000000000000004", "SUB-REAL"));
    const before = await snapshot();
    const elsewhere = await enter(ctx.other, { query: prolific("5e0000000000000000000004", "SUB-MADE-UP") });
    expect(elsewhere.status).toBe(303);
    const cookie = sessionCookieOf(elsewhere)!;
    const peek = await call(stateRoute, `/api/sessions/${w.sessionId}`, { headers: { cookie }, params: { id: w.sessionId } });
    expect(peek.status).toBe(404);
    const take = await call(claimRoute, `/api/sessions/${w.sessionId}/claim`, { headers: { cookie }, json: { tabId: "attacker-tab-02" }, params: { id: w.sessionId } });
    expect(take.status).toBe(404);
    const progress = await call(participationRoute, `/api/studies/${ctx.study}/participation`, { headers: { cookie }, params: { studyId: ctx.study } });
    expect(progress.status).toBe(200);
    expect([progress.json.joined, progress.json.sessions]).toEqual([false, []]);
    // Nor can that account join this study without the platform's ids.
    const join = await enter(ctx.study, { cookie });
    expect([join.status, join.json.error.code]).toEqual([403, "use_platform_link"]);
    // Only the new study's participant (and its account) was added.
    const after = await snapshot();
    expect(after.state.participants.filter((p) => !before.state.participants.some((b) => b.id === p.id)).map((p) => p.studyId)).toEqual([ctx.other]);
    expect(after.state.sessions).toEqual(before.state.sessions);
    expect(after.state.answers).toEqual(before.state.answers);
    await stillActiveTab(w.sessionId, w.cookie);
  });

  it("MTurk: the assignment is the submission; another assignmentId from a fresh browser is refused", async () => {
    const w = await joinAsWorker(ctx.study, { workerId: "A3MTURKWORKER", assignmentId: "3ASSIGNMENTONE", hitId: "3HIT" });
    const before = await snapshot();
    const r = await enter(ctx.study, { query: { workerId: "A3MTURKWORKER", assignmentId: "3ASSIGNMENTTWO", hitId: "3HIT" }, html: true });
    expect(r.status).toBe(409);
    expect(r.text).toMatch(/MTurk/);
    expect(setCookies(r)).toEqual([]);
    await expectUnchanged(before);
    const same = await enter(ctx.study, { query: { workerId: "A3MTURKWORKER", assignmentId: "3ASSIGNMENTONE", hitId: "3HIT" } });
    expect(same.status).toBe(303);
    await stillActiveTab(w.sessionId, w.cookie);
  });

  it("platform ids on a study that does not recruit on that platform are refused (403, clear page); nothing is created", async () => {
    const before = await snapshot();
    const cases: [string, Record<string, string>][] = [
      [ctx.plain, { workerId: "A4ANYWORKER", assignmentId: "4ASSIGN", hitId: "4HIT" }],
      [ctx.plain, prolific("5e0000000000000000000005", "SUB-PLAIN")],
      [ctx.mturkOnly, prolific("5e0000000000000000000006", "SUB-MT")],
    ];
    for (const [studyId, query] of cases) {
      const r = await enter(studyId, { query });
      expect([r.status, r.json.error.code]).toEqual([403, "platform_not_enabled"]);
      expect(setCookies(r)).toEqual([]);
      const page = await enter(studyId, { query, html: true });
      expect(page.status).toBe(403);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.text).toMatch(/does not recruit/i);
    }
    await expectUnchanged(before);
    // The MTurk-only study takes MTurk workers.
    expect((await enter(ctx.mturkOnly, { query: { workerId: "A4ANYWORKER", assignmentId: "4ASSIGN", hitId: "4HIT" } })).status).toBe(303);
  });
});
