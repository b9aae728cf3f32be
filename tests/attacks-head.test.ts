import { db } from "@/tests/support/test-db";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as mediaRoute, HEAD as mediaHeadRoute } from "@/app/api/media/[videoId]/route";
import { GET as segmentRoute } from "@/app/api/segments/[sessionId]/[index]/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as sessionMediaRoute } from "@/app/api/sessions/[id]/media/route";
import { GET as playlistRoute } from "@/app/api/sessions/[id]/playlist.m3u8/route";
import { GET as stateRoute } from "@/app/api/sessions/[id]/route";
import { GET as stillRoute } from "@/app/api/sessions/[id]/still/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { GET as ptsRoute } from "@/app/api/videos/[id]/pts/route";
import { GET as thumbnailRoute } from "@/app/api/videos/[id]/thumbnail/route";
import { signedResourcePath } from "@/lib/protocol/sign-segment-url";
import { createItems, createOpenStudy, createProject, enterAsProlific, ingestTestVideo, pathOf, playlistUris } from "./baseline-fixtures";
import { expectUnchanged, snapshot, tableCounts } from "./support/protocol-snapshot";
import { call, makeRequest, routeContext, type CallResult } from "./support/requests";
import { createTestUser, type TestUser } from "./support/users";

/**
 * Protocol attack suite: HEAD (issue 20, point 4). Next.js answers HEAD with a route's GET handler
 * (and drops the body), so a HEAD on a segment URL used to record the segment as served without
 * sending it: the stretch could never be played and the answer still counted as seen. Every media
 * and segment route answers HEAD without side effects (405, or the file's headers where HEAD is
 * meaningful), and a segment counts as served only once its body is handed out.
 */
const ctx = {} as { admin: TestUser; videoId: string; stream: { sessionId: string; cookie: string; userId: string }; free: { sessionId: string; cookie: string; mediaUrl: string } };
const as = (cookie: string) => ({ headers: { cookie } });

type Handler<P> = (request: NextRequest, context: { params: Promise<P> }) => Promise<Response>;
async function head<P extends Record<string, string>>(handler: Handler<P>, url: string, options: { cookie?: string; as?: TestUser; params: P }): Promise<CallResult> {
  const { path: p, query } = pathOf(url);
  return call(handler, p, { method: "HEAD", query, params: options.params, ...(options.cookie ? as(options.cookie) : {}), ...(options.as ? { as: options.as } : {}) });
}
async function getSegment(uri: string, cookie = ctx.stream.cookie) {
  const { path: p, query } = pathOf(uri);
  const [, , , sessionId, index] = p.split("/");
  return call(segmentRoute, p, { ...as(cookie), query, params: { sessionId, index } });
}
async function signed(index: number | "init") {
  const { signingKey } = await db.baselineSession.findUniqueOrThrow({ where: { id: ctx.stream.sessionId }, select: { signingKey: true } });
  return signedResourcePath(signingKey, { sessionId: ctx.stream.sessionId, userId: ctx.stream.userId, resource: index, exp: Math.floor(Date.now() / 1000) + 300 });
}

describe("HEAD uses nothing up", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    ctx.admin = await createTestUser({ role: "ADMIN" });
    const video = await ingestTestVideo(90);
    const other = await ingestTestVideo(60);
    const project = await createProject("VCBENCH");
    const [item] = await createItems(project.id, video.id, [{ externalId: "h", format: "count", labels: { subtype: "O1-Snap" }, truth: [1], queryFrames: [74] }]);
    const [freeItem] = await createItems(project.id, other.id, [{ externalId: "f", format: "count", labels: { subtype: "O1-Snap" }, truth: [1], queryFrames: [29] }]);
    const streaming = await createOpenStudy(ctx.admin, project.id, "STREAMING", [{ itemId: item.id }], { enforceRealtime: false, segmentSeconds: 1 });
    const free = await createOpenStudy(ctx.admin, project.id, "FREE_REWATCH", [{ itemId: freeItem.id }], {});
    const p = await enterAsProlific(streaming.studyId, "HEADWORKER00000000000001");
    const c = await call(consentRoute, `/api/studies/${streaming.studyId}/consent`, { ...as(p.cookie), method: "POST", params: { studyId: streaming.studyId } });
    const claim = await call(claimRoute, `/api/sessions/${c.json.sessionId}/claim`, { ...as(p.cookie), json: { tabId: "head-tab-000001" }, params: { id: c.json.sessionId } });
    expect(claim.status, claim.text).toBe(200);
    const q = await enterAsProlific(free.studyId, "HEADWORKER00000000000002");
    const fc = await call(consentRoute, `/api/studies/${free.studyId}/consent`, { ...as(q.cookie), method: "POST", params: { studyId: free.studyId } });
    const fclaim = await call(claimRoute, `/api/sessions/${fc.json.sessionId}/claim`, { ...as(q.cookie), json: { tabId: "head-tab-000002" }, params: { id: fc.json.sessionId } });
    Object.assign(ctx, {
      videoId: video.id,
      stream: { sessionId: c.json.sessionId, cookie: p.cookie, userId: p.userId },
      free: { sessionId: fc.json.sessionId, cookie: q.cookie, mediaUrl: fclaim.json.freeRewatch.mediaUrl },
    });
  }, 600_000);

  it("HEAD on the playlist, the init segment, a segment, the still and the state: 405, nothing written (not even a log row); then GET plays the stretch", async () => {
    const id = ctx.stream.sessionId;
    const counts = await tableCounts();
    const before = await snapshot();
    const heads = [
      await head(playlistRoute, `/api/sessions/${id}/playlist.m3u8`, { cookie: ctx.stream.cookie, params: { id } }),
      await head(segmentRoute, await signed("init"), { cookie: ctx.stream.cookie, params: { sessionId: id, index: "init" } }),
      await head(segmentRoute, await signed(0), { cookie: ctx.stream.cookie, params: { sessionId: id, index: "0" } }),
      await head(stillRoute, `/api/sessions/${id}/still`, { cookie: ctx.stream.cookie, params: { id } }),
      await head(stateRoute, `/api/sessions/${id}`, { cookie: ctx.stream.cookie, params: { id } }),
    ];
    expect(heads.map((r) => r.status)).toEqual([405, 405, 405, 405, 405]);
    for (const r of heads) {
      expect(r.headers.get("allow")).toMatch(/GET/);
      expect(r.text).toBe("");
    }
    expect(await tableCounts()).toEqual(counts);
    await expectUnchanged(before);

    const pl = await call(playlistRoute, `/api/sessions/${id}/playlist.m3u8`, { ...as(ctx.stream.cookie), params: { id } });
    expect(pl.status, pl.text).toBe(200);
    const { init, segments } = playlistUris(pl.text);
    expect(pathOf(segments[0]).path).toBe(`/api/segments/${id}/0`);
    expect((await getSegment(init)).status).toBe(200);
    // The segment the HEAD asked for is still there to be played, once.
    const first = await getSegment(segments[0]);
    expect(first.status, first.text).toBe(200);
    expect(first.text.length).toBeGreaterThan(100);
    expect((await getSegment(segments[0])).status).toBe(410);
  });

  it("HEAD on a free-rewatch session's video: 405, nothing logged", async () => {
    const id = ctx.free.sessionId;
    const counts = await tableCounts();
    const r = await head(sessionMediaRoute, ctx.free.mediaUrl, { cookie: ctx.free.cookie, params: { id } });
    expect(r.status).toBe(405);
    expect(await tableCounts()).toEqual(counts);
    const { path: p, query } = pathOf(ctx.free.mediaUrl);
    expect((await call(sessionMediaRoute, p, { ...as(ctx.free.cookie), query, params: { id } })).status).toBe(200);
  });

  it("a segment counts as served only once its body is handed out: a response dropped unsent releases it", async () => {
    const id = ctx.stream.sessionId;
    const uri = await signed(1);
    const { path: p, query } = pathOf(uri);
    const unsent = await segmentRoute(await makeRequest(p, { ...as(ctx.stream.cookie), query }), routeContext({ sessionId: id, index: "1" }));
    expect(unsent.status).toBe(200);
    // The client went away before a byte of the body was sent.
    await unsent.body!.cancel();
    const rows = await db.segmentServe.findMany({ where: { sessionId: id, segmentIndex: 1 }, orderBy: { at: "asc" }, select: { allowed: true, reason: true } });
    expect(rows).toEqual([{ allowed: false, reason: "not_sent" }]);
    const sent = await getSegment(uri);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.text.length).toBeGreaterThan(100);
    expect((await getSegment(uri)).status).toBe(410);
    expect(await db.segmentServe.count({ where: { sessionId: id, segmentIndex: 1, allowed: true } })).toBe(1);
  });

  it("simultaneous GETs of one segment still serve it once, and a dropped winner lets a later request have it", async () => {
    const id = ctx.stream.sessionId;
    const uri = await signed(2);
    const { path: p, query } = pathOf(uri);
    const responses = await Promise.all(
      Array.from({ length: 6 }, async () => segmentRoute(await makeRequest(p, { ...as(ctx.stream.cookie), query }), routeContext({ sessionId: id, index: "2" }))),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410, 410]);
    await responses.find((r) => r.status === 200)!.body!.cancel();
    const again = await getSegment(uri);
    expect(again.status).toBe(200);
    expect(await db.segmentServe.count({ where: { sessionId: id, segmentIndex: 2, allowed: true } })).toBe(1);
  });

  it("the library's media, thumbnail and PTS table answer HEAD with their headers and no body, writing nothing", async () => {
    const counts = await tableCounts();
    const media = await head(mediaHeadRoute, `/api/media/${ctx.videoId}`, { as: ctx.admin, params: { videoId: ctx.videoId } });
    expect(media.status).toBe(200);
    expect(Number(media.headers.get("content-length"))).toBeGreaterThan(1000);
    expect(media.text).toBe("");
    // Next answers HEAD with GET where a route has no HEAD: the GET handlers too.
    expect((await head(mediaRoute, `/api/media/${ctx.videoId}`, { as: ctx.admin, params: { videoId: ctx.videoId } })).status).toBe(200);
    const thumb = await head(thumbnailRoute, `/api/videos/${ctx.videoId}/thumbnail`, { as: ctx.admin, params: { id: ctx.videoId } });
    expect([200, 404]).toContain(thumb.status);
    expect(thumb.text).toBe("");
    const pts = await head(ptsRoute, `/api/videos/${ctx.videoId}/pts`, { as: ctx.admin, params: { id: ctx.videoId } });
    expect(pts.status).toBe(200);
    expect(pts.text).toBe("");
    expect(await tableCounts()).toEqual(counts);
  });
});

/** Route files under app/api, as `/api/...` paths with their module path. */
function apiRoutes(dir = path.join(process.cwd(), "app/api"), base = "/api"): { route: string; file: string }[] {
  const out: { route: string; file: string }[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...apiRoutes(full, `${base}/${name}`));
    else if (name === "route.ts") out.push({ route: base, file: full });
  }
  return out;
}

/**
 * GET routes whose handler is declared safe for HEAD (`head: "same-as-get"` in lib/http/route.ts):
 * they only read an immutable file. Every other GET answers HEAD with 405 before anything runs.
 */
const HEAD_SAFE = new Set(["/api/media/[videoId]", "/api/videos/[id]/pts", "/api/videos/[id]/thumbnail"]);
/** Not made with route(): next-auth's own endpoints (csrf, session, providers; no database writes on GET). */
const OWN_HANDLERS = new Set(["/api/auth/[...nextauth]"]);

describe("every GET route answers HEAD without side effects (a walk over app/api)", { timeout: 300_000 }, () => {
  it("405 before anything runs, except the declared file routes; nothing written, for every account kind", async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const participant = await createTestUser({ role: "PARTICIPANT" });
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const counts = await tableCounts();
    const seen: string[] = [];
    for (const { route, file } of routes) {
      const mod = (await import(file)) as Record<string, unknown>;
      if (typeof mod.GET !== "function" || OWN_HANDLERS.has(route)) continue;
      const params = Object.fromEntries([...route.matchAll(/\[(?:\.\.\.)?([A-Za-z]+)\]/g)].map((m) => [m[1], "does-not-exist"]));
      const url = route.replace(/\[(?:\.\.\.)?([A-Za-z]+)\]/g, "does-not-exist");
      for (const who of [admin, participant, null]) {
        const handler = (HEAD_SAFE.has(route) ? (mod.HEAD ?? mod.GET) : mod.GET) as Handler<Record<string, string>>;
        const r = await call(handler, url, { method: "HEAD", as: who, params });
        if (HEAD_SAFE.has(route)) expect(r.status, `${route} as ${who?.role ?? "anonymous"}`).not.toBe(405);
        else expect([route, r.status, r.headers.get("allow")?.includes("GET")]).toEqual([route, 405, true]);
        expect(r.text, route).toBe("");
      }
      seen.push(route);
    }
    expect(seen).toEqual(expect.arrayContaining(["/api/segments/[sessionId]/[index]", "/api/sessions/[id]/playlist.m3u8", "/api/sessions/[id]/still", "/api/sessions/[id]/media"]));
    expect(await tableCounts()).toEqual(counts);
  });
});
