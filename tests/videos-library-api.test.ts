import { db, testDb } from "@/tests/support/test-db";
import { storedKeys } from "@/tests/support/test-storage";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/videos/route";
import { DELETE as deleteRoute, GET as getRoute } from "@/app/api/videos/[id]/route";
import { makeTempDir, removeTempDir } from "@/lib/video/video-test-fixtures";
import { ingestVideo } from "@/lib/video-library/ingest-video";
import { call } from "@/tests/support/requests";
import { projectUsingVideos } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { makeVideoFixtures, type VideoFixtures } from "./videos-helpers";

let dir = "";
let fx: VideoFixtures;
let admin: TestUser;
let reviewer: TestUser;
let annotator: TestUser;
let participant: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  dir = await makeTempDir("playhead-library-test-");
  fx = await makeVideoFixtures(dir);
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  annotator = await createTestUser({ role: "ANNOTATOR" });
  participant = await createTestUser({ role: "PARTICIPANT" });
  ids.cfr = (await ingestVideo({ file: fx.cfr, mode: "copy" }, { displayName: "Kitchen_Take 1.mp4", sourcePath: "charades/KT1.mp4", via: "import", actorId: admin.id })).video.id;
  ids.mkv = (await ingestVideo({ file: fx.mkv, mode: "copy" }, { displayName: "garage 100%.mkv", via: "import" })).video.id;
}, 120_000);

afterAll(() => removeTempDir(dir));

describe("GET /api/videos", () => {
  let projectId = "";
  beforeAll(async () => {
    projectId = await projectUsingVideos("Library project", [ids.cfr, ids.mkv], [reviewer, annotator]);
  });
  afterAll(async () => {
    await db.project.delete({ where: { id: projectId } });
  });

  it("reviewers and annotators list only the videos of their projects; admins the whole library", async () => {
    const outsider = await createTestUser({ role: "ANNOTATOR" });
    expect((await call(listRoute, "/api/videos", { as: outsider })).json).toEqual({ total: 0, videos: [] });
    expect((await call(listRoute, "/api/videos", { as: outsider, query: { q: "kitchen" } })).json).toEqual({ total: 0, videos: [] });
    const partial = await projectUsingVideos("Partial", [ids.cfr], [outsider]);
    const mine = await call(listRoute, "/api/videos", { as: outsider });
    expect(mine.json.total).toBe(1);
    expect(mine.json.videos.map((v: { id: string }) => v.id)).toEqual([ids.cfr]);
    expect((await call(listRoute, "/api/videos", { as: outsider, query: { q: "garage" } })).json.total).toBe(0);
    await db.project.delete({ where: { id: partial } });
  });

  it("lists the library newest first for admin, reviewer and annotator", async () => {
    for (const as of [admin, reviewer, annotator]) {
      const res = await call(listRoute, "/api/videos", { as });
      expect(res.status).toBe(200);
      expect(res.json.total).toBe(2);
      expect(res.json.videos.map((v: { id: string }) => v.id)).toEqual([ids.mkv, ids.cfr]);
    }
    const res = await call(listRoute, "/api/videos", { as: annotator });
    const v = res.json.videos[1];
    expect(v).toMatchObject({ frameCount: 30, width: 640, fps: 30, sourcePath: "charades/KT1.mp4", hasThumbnail: true });
    expect(v.addedBy).toEqual({ id: admin.id, email: admin.email, name: admin.name });
    expect(v).not.toHaveProperty("storageKey");
    expect(v.urls.original).toBeNull(); // annotators never get the original's URL
  });

  it("searches name and path case-insensitively, with LIKE wildcards taken literally", async () => {
    const q = async (text: string) =>
      (await call(listRoute, "/api/videos", { as: annotator, query: { q: text } })).json.videos.map((v: { id: string }) => v.id);
    expect(await q("kitchen_take")).toEqual([ids.cfr]);
    expect(await q("CHARADES/")).toEqual([ids.cfr]);
    expect(await q("100%")).toEqual([ids.mkv]);
    expect(await q("_")).toEqual([ids.cfr]);
    expect(await q("nothing like this")).toEqual([]);
  });

  it("validates query parameters and refuses participants and anonymous callers", async () => {
    const bad = await call(listRoute, "/api/videos", { as: admin, query: { take: "0" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/take/);
    expect((await call(listRoute, "/api/videos", { as: participant })).status).toBe(403);
    expect((await call(listRoute, "/api/videos", {})).status).toBe(401);
  });
});

describe("GET / DELETE /api/videos/[id]", () => {
  it("returns one video with the original's probe for a transcoded video", async () => {
    const res = await call(getRoute, `/api/videos/${ids.mkv}`, { as: admin, params: { id: ids.mkv } });
    expect(res.status).toBe(200);
    expect(res.json.video.originalProbe).toMatchObject({ videoCodec: "mpeg4", frameCount: 24 });
    expect(res.json.video.urls.original).toBe(`/api/media/${ids.mkv}?file=original`);
    expect((await call(getRoute, "/api/videos/nope", { as: admin, params: { id: "nope" } })).status).toBe(404);
    expect((await call(getRoute, `/api/videos/${ids.mkv}`, { as: participant, params: { id: ids.mkv } })).status).toBe(403);
  });

  it("refuses deletion to non-admins and while a benchmark item uses the video", async () => {
    expect((await call(deleteRoute, `/api/videos/${ids.cfr}`, { method: "DELETE", as: reviewer, params: { id: ids.cfr } })).status).toBe(403);
    const project = await db.project.create({ data: { name: "p", slug: "p", benchmark: "VCBENCH", settings: {}, createdById: admin.id } });
    const item = await db.item.create({
      data: {
        projectId: project.id,
        videoId: ids.cfr,
        externalId: "q1",
        ordinal: 0,
        format: "count",
        question: "How many?",
        presentation: {},
        labels: {},
        videoRef: "charades/KT1.mp4",
      },
    });
    const res = await call(deleteRoute, `/api/videos/${ids.cfr}`, { method: "DELETE", as: admin, params: { id: ids.cfr } });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toMatch(/still used by 1 benchmark item/);
    await db.item.delete({ where: { id: item.id } });
  });

  it("deletes the row and the stored files (admin)", async () => {
    const row = await db.video.findUniqueOrThrow({ where: { id: ids.mkv } });
    const files = () => storedKeys(`videos/${row.storageKey}/`);
    expect(await files()).toEqual(["original.mkv", "playback-pts.bin", "playback.mp4", "pts.bin", "thumb.jpg"]);
    const res = await call(deleteRoute, `/api/videos/${ids.mkv}`, { method: "DELETE", as: admin, params: { id: ids.mkv } });
    expect(res.status).toBe(200);
    expect(await files()).toEqual([]);
    if (testDb.storage === "local") expect(existsSync(path.join(testDb.dataDir, "videos", row.storageKey))).toBe(false);
    expect(await db.video.findUnique({ where: { id: ids.mkv } })).toBeNull();
    expect(await db.auditLog.count({ where: { action: "video.delete", targetId: ids.mkv } })).toBe(1);
    expect((await call(deleteRoute, `/api/videos/${ids.mkv}`, { method: "DELETE", as: admin, params: { id: ids.mkv } })).status).toBe(404);
  });
});
