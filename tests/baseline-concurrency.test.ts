import { SERVE_INDEX } from "@/lib/protocol/serve-codes";
import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as segmentRoute } from "@/app/api/segments/[sessionId]/[index]/route";
import { POST as answerRoute } from "@/app/api/sessions/[id]/answers/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as playlistRoute } from "@/app/api/sessions/[id]/playlist.m3u8/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { createItems, createOpenStudy, createProject, enterAsProlific, ingestTestVideo, pathOf, playlistUris } from "./baseline-fixtures";
import { call } from "./support/requests";
import { createTestUser } from "./support/users";

/** Races: double submits, two tabs, and many participants consenting at once. */
const as = (cookie: string) => ({ headers: { cookie } });
const ctx = {} as { projectId: string; admin: Awaited<ReturnType<typeof createTestUser>>; videos: string[]; items: string[] };

async function join(studyId: string, pid: string) {
  const p = await enterAsProlific(studyId, pid);
  const c = await call(consentRoute, `/api/studies/${studyId}/consent`, { ...as(p.cookie), method: "POST", params: { studyId } });
  expect(c.status, c.text).toBe(200);
  return { ...p, sessionId: c.json.sessionId as string | null };
}

async function playAll(sessionId: string, cookie: string) {
  const pl = await call(playlistRoute, `/api/sessions/${sessionId}/playlist.m3u8`, { ...as(cookie), params: { id: sessionId } });
  for (const uri of playlistUris(pl.text).segments) {
    const { path, query } = pathOf(uri);
    const r = await call(segmentRoute, path, { ...as(cookie), query, params: { sessionId, index: path.split("/").pop()! } });
    expect(r.status).toBe(200);
  }
}

describe("concurrency", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    ctx.admin = await createTestUser({ role: "ADMIN" });
    const v1 = await ingestTestVideo(40);
    const v2 = await ingestTestVideo(50);
    const project = await createProject("VCBENCH");
    const a = await createItems(project.id, v1.id, [{ externalId: "a", format: "count", labels: { subtype: "O1-Snap" }, truth: [1, 1], queryFrames: [9, 19] }]);
    const b = await createItems(project.id, v2.id, [{ externalId: "b", format: "count", labels: { subtype: "O1-Snap" }, truth: [1, 1], queryFrames: [9, 19] }]);
    Object.assign(ctx, { projectId: project.id, videos: [v1.id, v2.id], items: [a[0].id, b[0].id] });
  }, 600_000);

  it("many participants consenting at once: one per video, never more", async () => {
    const { studyId } = await createOpenStudy(ctx.admin, ctx.projectId, "STREAMING", ctx.items.map((itemId) => ({ itemId })), { enforceRealtime: false });
    const joined = await Promise.all(Array.from({ length: 6 }, (_, i) => join(studyId, `RACE${i}`)));
    expect(joined.filter((j) => j.sessionId).length).toBe(2);
    const sessions = await db.baselineSession.findMany({ where: { studyId } });
    expect(sessions.map((s) => s.videoId).sort()).toEqual([...ctx.videos].sort());
  });

  it("consent answers with the participant's first session in watching order, the same on a repeat, then the next unfinished one", async () => {
    const { studyId } = await createOpenStudy(ctx.admin, ctx.projectId, "STREAMING", ctx.items.map((itemId) => ({ itemId })), {
      enforceRealtime: false,
      participantsPerVideo: null,
      capPerParticipant: null,
    });
    const p = await join(studyId, "ORDER");
    const consent = async () =>
      (await call(consentRoute, `/api/studies/${studyId}/consent`, { ...as(p.cookie), method: "POST", params: { studyId } })).json.sessionId as string | null;
    const sessions = await db.baselineSession.findMany({ where: { studyId }, orderBy: [{ startedAt: "asc" }, { id: "asc" }] });
    expect(sessions.map((s) => s.videoId).sort()).toEqual([...ctx.videos].sort());
    expect(p.sessionId).toBe(sessions[0].id);
    expect(await consent()).toBe(sessions[0].id);
    await db.baselineSession.update({ where: { id: sessions[0].id }, data: { status: "COMPLETED" } });
    expect(await consent()).toBe(sessions[1].id);
    await db.baselineSession.update({ where: { id: sessions[1].id }, data: { status: "COMPLETED" } });
    expect(await consent()).toBeNull();
    expect(await db.baselineSession.count({ where: { studyId } })).toBe(2);
  });

  it("a double submit and two racing tabs advance the session exactly once", async () => {
    const { studyId } = await createOpenStudy(ctx.admin, ctx.projectId, "STREAMING", [{ itemId: ctx.items[0] }], { enforceRealtime: false });
    const p = await join(studyId, "DOUBLE");
    const sessionId = p.sessionId!;
    const claim = await call(claimRoute, `/api/sessions/${sessionId}/claim`, { ...as(p.cookie), json: { tabId: "tab-aaaaaaaa" }, params: { id: sessionId } });
    await playAll(sessionId, p.cookie);
    const playlistServes = () => db.segmentServe.findMany({ where: { sessionId, segmentIndex: SERVE_INDEX.playlist, allowed: true }, select: { bytes: true } });
    const servedBefore = (await playlistServes()).length;
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((v) =>
        call(answerRoute, `/api/sessions/${sessionId}/answers`, {
          ...as(p.cookie),
          json: { askIndex: 0, tabId: "tab-aaaaaaaa", version: claim.json.version, answer: v },
          params: { id: sessionId },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await db.answer.count({ where: { sessionId } })).toBe(1);
    const after = await db.baselineSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect([after.answeredIndex, after.unlockedIndex]).toEqual([0, 1]);
    // The next stretch's playlist was given (and logged) by the accepted answer only, with its own bytes.
    const accepted = results.find((r) => r.status === 200)!;
    const given: string | null = accepted.json.state.streaming.playlist;
    const loggedNow = (await playlistServes()).slice(servedBefore).map((r) => r.bytes);
    expect(given).toMatch(/^#EXTM3U\n/);
    expect(loggedNow).toEqual([Buffer.byteLength(given!)]);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.json.state).toBeUndefined();

    // Two tabs claim and answer at the same moment: at most one advance.
    await playAll(sessionId, p.cookie);
    const claims = await Promise.all(
      ["tab-bbbbbbbb", "tab-cccccccc"].map((tabId) => call(claimRoute, `/api/sessions/${sessionId}/claim`, { ...as(p.cookie), json: { tabId }, params: { id: sessionId } })),
    );
    const answers = await Promise.all(
      claims.map((c, i) =>
        call(answerRoute, `/api/sessions/${sessionId}/answers`, {
          ...as(p.cookie),
          json: { askIndex: 1, tabId: ["tab-bbbbbbbb", "tab-cccccccc"][i], version: c.json.version, answer: 1 },
          params: { id: sessionId },
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    // The loser is refused: 409 (tab superseded), or 410 when the winner's answer, the last one,
    // has already completed the session.
    expect(answers.filter((r) => r.status === 409 || r.status === 410).length).toBeGreaterThanOrEqual(1);
    expect(await db.answer.count({ where: { sessionId } })).toBe(1 + answers.filter((r) => r.status === 200).length);
  });

  it("simultaneous requests for the same segment: exactly one is served, the others get 410", async () => {
    const { studyId } = await createOpenStudy(ctx.admin, ctx.projectId, "STREAMING", [{ itemId: ctx.items[0] }], { enforceRealtime: false });
    const p = await join(studyId, "SAMESEG");
    const sessionId = p.sessionId!;
    await call(claimRoute, `/api/sessions/${sessionId}/claim`, { ...as(p.cookie), json: { tabId: "tab-dddddddd" }, params: { id: sessionId } });
    const pl = await call(playlistRoute, `/api/sessions/${sessionId}/playlist.m3u8`, { ...as(p.cookie), params: { id: sessionId } });
    const first = playlistUris(pl.text).segments[0];
    const { path, query } = pathOf(first);
    const index = path.split("/").pop()!;
    const results = await Promise.all(Array.from({ length: 8 }, () => call(segmentRoute, path, { ...as(p.cookie), query, params: { sessionId, index } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
    for (const r of results.filter((x) => x.status === 410)) expect(r.json.error.code).toBe("already_served");
    const rows = await db.segmentServe.findMany({ where: { sessionId, segmentIndex: Number(index) }, select: { allowed: true, reason: true } });
    expect(rows.filter((r) => r.allowed)).toHaveLength(1);
    expect(rows.filter((r) => !r.allowed).every((r) => r.reason === "already_served")).toBe(true);
  });
});
