import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as segmentRoute } from "@/app/api/segments/[sessionId]/[index]/route";
import { POST as answerRoute } from "@/app/api/sessions/[id]/answers/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as playlistRoute } from "@/app/api/sessions/[id]/playlist.m3u8/route";
import { GET as stateRoute } from "@/app/api/sessions/[id]/route";
import { GET as stillRoute } from "@/app/api/sessions/[id]/still/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { signedResourcePath } from "@/lib/protocol/sign-segment-url";
import { createItems, createOpenStudy, createProject, enterAsProlific, ingestTestVideo, pathOf, playlistUris } from "./baseline-fixtures";
import { expectUnchanged, snapshot } from "./support/protocol-snapshot";
import { call, type CallResult } from "./support/requests";
import { createTestUser } from "./support/users";

/**
 * Protocol attack suite: the direct attacks on a streaming session that already held when issue 20
 * was filed, kept as standing tests. Each asserts the status codes and that no row changed (media
 * requests are logged by design: only refusals may be added). One VCBench item, query points at
 * frames 29 and 59 of a 90-frame video cut every second: segments 0 [0,30), 1 [30,60), 2 [60,90).
 */
type Worker = { cookie: string; userId: string; sessionId: string; tab: string; version: number };
const ctx = {} as { w: Worker; x: Worker };
const as = (cookie: string) => ({ headers: { cookie } });

async function join(studyId: string, pid: string, tab: string): Promise<Worker> {
  const p = await enterAsProlific(studyId, pid);
  const c = await call(consentRoute, `/api/studies/${studyId}/consent`, { ...as(p.cookie), method: "POST", params: { studyId } });
  const sessionId: string = c.json.sessionId;
  const claim = await call(claimRoute, `/api/sessions/${sessionId}/claim`, { ...as(p.cookie), json: { tabId: tab }, params: { id: sessionId } });
  expect(claim.status, claim.text).toBe(200);
  return { cookie: p.cookie, userId: p.userId, sessionId, tab, version: claim.json.version };
}
async function signed(w: Worker, resource: number | "init", expDelta = 120) {
  const { signingKey } = await db.baselineSession.findUniqueOrThrow({ where: { id: w.sessionId }, select: { signingKey: true } });
  return signedResourcePath(signingKey, { sessionId: w.sessionId, userId: w.userId, resource, exp: Math.floor(Date.now() / 1000) + expDelta });
}
async function get(uri: string, cookie: string): Promise<CallResult> {
  const { path, query } = pathOf(uri);
  const [, , , sessionId, index] = path.split("/");
  return call(segmentRoute, path, { ...as(cookie), query, params: { sessionId, index } });
}
async function answer(w: Worker, askIndex: number, value: unknown, over: Partial<{ tab: string; version: number; cookie: string; sessionId: string }> = {}) {
  const id = over.sessionId ?? w.sessionId;
  return call(answerRoute, `/api/sessions/${id}/answers`, {
    ...as(over.cookie ?? w.cookie),
    json: { askIndex, tabId: over.tab ?? w.tab, version: over.version ?? w.version, answer: value },
    params: { id },
  });
}
const codes = (rs: CallResult[]) => rs.map((r) => [r.status, r.json?.error?.code]);

describe("streaming: the direct attacks that held stay held (status codes, and no row changed)", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const video = await ingestTestVideo(90);
    const project = await createProject("VCBENCH");
    const [item] = await createItems(project.id, video.id, [{ externalId: "s", format: "count", labels: { subtype: "O2-Unique" }, truth: [1, 2], queryFrames: [29, 59] }]);
    const { studyId, report } = await createOpenStudy(admin, project.id, "STREAMING", [{ itemId: item.id }], { enforceRealtime: false, segmentSeconds: 1, participantsPerVideo: null });
    expect(report.videos[0].segments).toBe(3);
    ctx.w = await join(studyId, "ATTACKW000000000000000001", "tab-w-000000001");
    ctx.x = await join(studyId, "ATTACKX000000000000000002", "tab-x-000000002");
  }, 600_000);

  it("edited index, edited or missing signature, expired URL, another participant's URL: 403, nothing served", async () => {
    const { w, x } = ctx;
    const pl = await call(playlistRoute, `/api/sessions/${w.sessionId}/playlist.m3u8`, { ...as(w.cookie), params: { id: w.sessionId } });
    expect(pl.status).toBe(200);
    const seg0 = playlistUris(pl.text).segments[0];
    const { path, query } = pathOf(seg0);
    const before = await snapshot();
    const editedIndex = `${path.replace(/\/0$/, "/1")}?exp=${query.exp}&sig=${query.sig}`;
    const flipped = `${path}?exp=${query.exp}&sig=${(query.sig[0] === "A" ? "B" : "A") + query.sig.slice(1)}`;
    const laterExp = `${path}?exp=${Number(query.exp) + 3600}&sig=${query.sig}`;
    const results = [
      await get(editedIndex, w.cookie),
      await get(flipped, w.cookie),
      await get(laterExp, w.cookie),
      await get(path, w.cookie),
      await get(await signed(w, 0, -5), w.cookie),
      await get(await signed(x, 0), w.cookie),
      await get(seg0, x.cookie),
    ];
    expect(codes(results)).toEqual([
      [403, "bad_signature"],
      [403, "bad_signature"],
      [403, "bad_signature"],
      [403, "malformed"],
      [403, "expired"],
      [403, "wrong_user"],
      [403, "wrong_user"],
    ]);
    const logged = await expectUnchanged(before);
    expect(logged.map((r) => r.reason).sort()).toEqual(["bad_signature", "bad_signature", "bad_signature", "expired", "malformed", "wrong_user", "wrong_user"]);
  });

  it("simultaneous requests for a segment: one 200, the rest 410; a replay is 410; exactly one serve is recorded", async () => {
    const { w } = ctx;
    const uri = await signed(w, 0);
    const before = await snapshot();
    const results = await Promise.all(Array.from({ length: 6 }, () => get(uri, w.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410, 410]);
    const served = await db.segmentServe.findMany({ where: { sessionId: w.sessionId, allowed: true, segmentIndex: { gte: 0 } }, select: { segmentIndex: true } });
    expect(served).toEqual([{ segmentIndex: 0 }]);
    const afterServe = await snapshot();
    expect(codes([await get(uri, w.cookie)])).toEqual([[410, "already_served"]]);
    await expectUnchanged(afterServe);
    expect(before.state.served.length + 1).toBe(afterServe.state.served.length);
  });

  it("answers for a future query point, with a stale version or from a superseded tab: 409, nothing stored", async () => {
    const { w } = ctx;
    // Two tabs claim at once: the last claim wins; the other tab can no longer answer.
    const claims = await Promise.all(["tab-w-000000002", "tab-w-000000003"].map((tabId) => call(claimRoute, `/api/sessions/${w.sessionId}/claim`, { ...as(w.cookie), json: { tabId }, params: { id: w.sessionId } })));
    expect(claims.map((c) => c.status)).toEqual([200, 200]);
    const row = await db.baselineSession.findUniqueOrThrow({ where: { id: w.sessionId } });
    const winner = row.activeTabId!;
    const loser = winner === "tab-w-000000002" ? "tab-w-000000003" : "tab-w-000000002";
    w.tab = winner;
    w.version = row.version;
    const before = await snapshot();
    const results = [
      await answer(w, 1, 1),
      await answer(w, 7, 1),
      await answer(w, 0, 1, { version: w.version - 1 }),
      await answer(w, 0, 1, { tab: loser }),
      await answer(w, 0, 1, { tab: "tab-w-000000001" }),
    ];
    expect(codes(results)).toEqual([
      [409, "not_reached"],
      [404, "no_such_question"],
      [409, "stale_version"],
      [409, "tab_superseded"],
      [409, "tab_superseded"],
    ]);
    await expectUnchanged(before);
  });

  it("an answer given twice: the second is refused (409) and the first stays as it was", async () => {
    const { w } = ctx;
    const first = await answer(w, 0, 1);
    expect(first.status, first.text).toBe(200);
    const before = await snapshot();
    const again = [await answer(w, 0, 5), await answer(w, 0, 5, { version: first.json.version })];
    expect(codes(again)).toEqual([
      [409, "already_answered"],
      [409, "already_answered"],
    ]);
    w.version = first.json.version;
    await expectUnchanged(before);
    expect((await db.answer.findMany({ where: { sessionId: w.sessionId }, select: { value: true } })).map((a) => a.value)).toEqual([1]);
  });

  it("another participant's session: state, claim, playlist, still and answers refused as if it did not exist; nothing changes", async () => {
    const { w, x } = ctx;
    const id = x.sessionId;
    const before = await snapshot();
    const results = [
      await call(stateRoute, `/api/sessions/${id}`, { ...as(w.cookie), params: { id } }),
      await call(claimRoute, `/api/sessions/${id}/claim`, { ...as(w.cookie), json: { tabId: "tab-intruder-01" }, params: { id } }),
      await call(playlistRoute, `/api/sessions/${id}/playlist.m3u8`, { ...as(w.cookie), params: { id } }),
      await call(stillRoute, `/api/sessions/${id}/still`, { ...as(w.cookie), params: { id } }),
      await answer(w, 0, 1, { sessionId: id, tab: x.tab, version: x.version }),
    ];
    expect(results.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    await expectUnchanged(before);
  });

  it("after the last answer: answers, playlist, segments, still and claims are refused (410); nothing changes", async () => {
    const { w } = ctx;
    const pl = await call(playlistRoute, `/api/sessions/${w.sessionId}/playlist.m3u8`, { ...as(w.cookie), params: { id: w.sessionId } });
    for (const uri of playlistUris(pl.text).segments) expect((await get(uri, w.cookie)).status).toBe(200);
    const last = await answer(w, 1, 2);
    expect(last.status, last.text).toBe(200);
    expect(last.json.completed).toBe(true);
    w.version = last.json.version;
    const before = await snapshot();
    const id = w.sessionId;
    const results = [
      await answer(w, 1, 3),
      await answer(w, 2, 3),
      await call(playlistRoute, `/api/sessions/${id}/playlist.m3u8`, { ...as(w.cookie), params: { id } }),
      await get(await signed(w, 2), w.cookie),
      await call(stillRoute, `/api/sessions/${id}/still`, { ...as(w.cookie), params: { id } }),
      await call(claimRoute, `/api/sessions/${id}/claim`, { ...as(w.cookie), json: { tabId: "tab-w-000000009" }, params: { id } }),
    ];
    expect(results.map((r) => r.status)).toEqual([410, 410, 410, 410, 410, 410]);
    await expectUnchanged(before);
  });
});
