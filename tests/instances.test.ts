import { db, testDb } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as segmentRoute } from "@/app/api/segments/[sessionId]/[index]/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as playlistRoute } from "@/app/api/sessions/[id]/playlist.m3u8/route";
import { GET as stateRoute } from "@/app/api/sessions/[id]/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { HUMAN_RUN, humanRunKey, queueHumanRun } from "@/lib/studies/human-run-jobs";
import { createItems, createOpenStudy, createProject, enterAsProlific, ingestTestVideo, pathOf, playlistUris } from "./baseline-fixtures";
import { call } from "./support/requests";
import { createTestUser } from "./support/users";

/**
 * Several app instances on one database, no sticky sessions: a participant's requests may reach
 * any instance. "Another instance" here is a second copy of the route modules (vi.resetModules:
 * its own module-level caches, nothing shared in memory with the first), or a change made
 * directly in the database as another process would make it (no in-process notification).
 */
type Routes = { segment: typeof segmentRoute; state: typeof stateRoute; playlist: typeof playlistRoute };

async function secondInstance(): Promise<Routes> {
  vi.resetModules();
  const [segment, state, playlist] = await Promise.all([
    import("@/app/api/segments/[sessionId]/[index]/route"),
    import("@/app/api/sessions/[id]/route"),
    import("@/app/api/sessions/[id]/playlist.m3u8/route"),
  ]);
  return { segment: segment.GET, state: state.GET, playlist: playlist.GET };
}

const ctx = { studyId: "", sessionId: "", cookie: "", init: "" };
const as = () => ({ headers: { cookie: ctx.cookie } });
const first: Routes = { segment: segmentRoute, state: stateRoute, playlist: playlistRoute };
let second: Routes;

async function fetchUri(routes: Routes, uri: string) {
  const { path, query } = pathOf(uri);
  const [, , , sessionId, index] = path.split("/");
  return call(routes.segment, path, { ...as(), query, params: { sessionId, index } });
}
const playlist = (routes: Routes) => call(routes.playlist, `/api/sessions/${ctx.sessionId}/playlist.m3u8`, { ...as(), params: { id: ctx.sessionId } });

describe(`several instances on one database (${testDb.provider})`, { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const video = await ingestTestVideo(90);
    const project = await createProject("VCBENCH");
    const items = await createItems(project.id, video.id, [{ externalId: "A", format: "count", labels: { subtype: "O2-Unique" }, truth: [1, 2], queryFrames: [29, 59] }]);
    const { studyId } = await createOpenStudy(admin, project.id, "STREAMING", items.map((i) => ({ itemId: i.id })), { segmentSeconds: 3 });
    const p = await enterAsProlific(studyId, "INSTANCESPARTICIPANT1");
    const consent = await call(consentRoute, `/api/studies/${studyId}/consent`, { headers: { cookie: p.cookie }, method: "POST", params: { studyId } });
    expect(consent.status, consent.text).toBe(200);
    Object.assign(ctx, { studyId, sessionId: consent.json.sessionId, cookie: p.cookie });
    const claimed = await call(claimRoute, `/api/sessions/${ctx.sessionId}/claim`, { ...as(), json: { tabId: "tab-instances-aaaa" }, params: { id: ctx.sessionId } });
    expect(claimed.status, claimed.text).toBe(200);
    second = await secondInstance();
    expect(second.segment).not.toBe(first.segment);
  }, 600_000);

  it("a playlist from one instance plays from the other; the same segment asked of both at once is served once", async () => {
    const pl = await playlist(first);
    expect(pl.status, pl.text).toBe(200);
    const { init, segments } = playlistUris(pl.text);
    ctx.init = init;
    expect((await fetchUri(second, init)).status).toBe(200);
    const [a, b] = await Promise.all([fetchUri(first, segments[0]), fetchUri(second, segments[0])]);
    expect([a.status, b.status].sort()).toEqual([200, 410]);
    expect((await fetchUri(second, segments[0])).status).toBe(410);
    expect(await db.segmentServe.count({ where: { sessionId: ctx.sessionId, segmentIndex: 0, allowed: true } })).toBe(1);
  });

  it("a study closed elsewhere is closed for every instance at once (no cached status)", async () => {
    const init = ctx.init;
    // Both instances have just read the session and its study.
    expect((await fetchUri(first, init)).status).toBe(200);
    expect((await fetchUri(second, init)).status).toBe(200);
    // Closed by another process: no in-process notification reaches these instances.
    await db.study.update({ where: { id: ctx.studyId }, data: { status: "CLOSED" } });
    for (const routes of [first, second]) {
      const refused = await fetchUri(routes, init);
      expect(refused.status).toBe(410);
      expect(refused.json.error.code).toBe("session_not_active");
    }
    await db.study.update({ where: { id: ctx.studyId }, data: { status: "OPEN" } });
    expect((await fetchUri(first, init)).status).toBe(200);
    expect((await fetchUri(second, init)).status).toBe(200);
  });

  it("sessions finishing on two instances queue one refresh of the study's human row", async () => {
    vi.resetModules();
    const other = await import("@/lib/studies/human-run-jobs");
    expect(other.queueHumanRun).not.toBe(queueHumanRun);
    await Promise.all([queueHumanRun(ctx.studyId), other.queueHumanRun(ctx.studyId), queueHumanRun(ctx.studyId)]);
    const jobs = await db.backgroundJob.findMany({ where: { kind: HUMAN_RUN, dedupeKey: humanRunKey(ctx.studyId) } });
    expect(jobs.map((j) => j.state)).toEqual(["QUEUED"]);
  });
});
