import { db, testDb } from "@/tests/support/test-db";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as mediaRoute } from "@/app/api/media/[videoId]/route";
import { GET as segmentRoute } from "@/app/api/segments/[sessionId]/[index]/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as playlistRoute } from "@/app/api/sessions/[id]/playlist.m3u8/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { GET as thumbnailRoute } from "@/app/api/videos/[id]/thumbnail/route";
import { DELETE as deleteRoute } from "@/app/api/videos/[id]/route";
import { PUT as uploadRoute } from "@/app/api/videos/upload/route";
import { mediaStorage } from "@/lib/storage/media-storage";
import { StorageNotFoundError } from "@/lib/storage/media-storage-types";
import { makeTempDir, removeTempDir } from "@/lib/video/video-test-fixtures";
import { frameImageFile } from "@/lib/video-library/frame-image";
import { computeSceneCuts } from "@/lib/video-library/scene-cuts";
import { sweepOrphanVideoDirs } from "@/lib/video-library/sweep-orphans";
import { createItems, createOpenStudy, createProject, enterAsProlific, ingestTestVideo, pathOf, playlistUris } from "./baseline-fixtures";
import { call, makeRequest, routeContext, type RequestOptions } from "./support/requests";
import { storedBytes, storedKeys } from "./support/test-storage";
import { createTestUser, type TestUser } from "./support/users";
import { makeVideoFixtures, scratchLeft, type VideoFixtures } from "./videos-helpers";

/**
 * The media paths end to end on the configured storage driver (TEST_STORAGE: local, or s3
 * against s3rver): upload → transcode → stored files → byte ranges → thumbnail → frame image and
 * scene cuts → streaming study (segmenting) → HLS playlist and single-use segments → delete →
 * orphan sweep. What the routes answer is compared with what the storage holds, and with S3
 * nothing of it may land in the local data directory.
 */
let dir = "";
let fx: VideoFixtures;
let admin: TestUser;
let uploaded: { id: string; storageKey: string };

beforeAll(async () => {
  dir = await makeTempDir("playhead-storage-media-");
  fx = await makeVideoFixtures(dir);
  admin = await createTestUser({ role: "ADMIN" });
}, 120_000);

afterAll(() => removeTempDir(dir));

type Handler = (request: NextRequest, context: { params: Promise<any> }) => Promise<Response>;

/** Calls a route handler and keeps the body as bytes (media). */
async function callBytes(handler: Handler, url: string, options: RequestOptions & { params: Record<string, string> }) {
  const response = await handler(await makeRequest(url, options), routeContext(options.params));
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe(`media on the ${process.env.TEST_STORAGE === "s3" ? "s3" : "local"} storage driver`, { timeout: 300_000 }, () => {
  it("an upload is transcoded and stored in the configured storage (with S3: nothing under <data>/videos)", async () => {
    expect(mediaStorage().driver).toBe(testDb.storage);
    const res = await call(uploadRoute, "/api/videos/upload", {
      method: "PUT",
      as: admin,
      body: await readFile(fx.mkv),
      headers: { "x-file-name": "old camera.mkv", "content-type": "application/octet-stream" },
    });
    expect(res.status, res.text).toBe(201);
    const row = await db.video.findUniqueOrThrow({ where: { id: res.json.video.id } });
    uploaded = { id: row.id, storageKey: row.storageKey };
    expect(await storedKeys(`videos/${row.storageKey}/`)).toEqual(["original.mkv", "playback-pts.bin", "playback.mp4", "pts.bin", "thumb.jpg"]);
    expect((await storedBytes(`videos/${row.storageKey}/original.mkv`)).equals(await readFile(fx.mkv))).toBe(true);
    expect((await mediaStorage().head(`videos/${row.storageKey}/playback.mp4`))?.size).toBe(Number(row.sizeBytes));
    const local = path.join(testDb.dataDir, "videos", row.storageKey);
    if (testDb.storage === "s3") {
      expect(mediaStorage().describe()).toMatch(/^s3:\/\/playhead-test\//);
      expect(existsSync(path.join(testDb.dataDir, "videos"))).toBe(false);
    } else {
      expect(existsSync(path.join(local, "playback.mp4"))).toBe(true);
    }
    expect(await scratchLeft(testDb.dataDir)).toEqual([]);
  });

  it("the media route serves exact byte ranges of the stored playback copy; the thumbnail is the stored JPEG", async () => {
    const playback = await storedBytes(`videos/${uploaded.storageKey}/playback.mp4`);
    const size = playback.length;
    const get = (headers: Record<string, string> = {}) => callBytes(mediaRoute, `/api/media/${uploaded.id}`, { as: admin, headers, params: { videoId: uploaded.id } });
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(size));
    expect(whole.bytes.equals(playback)).toBe(true);
    const range = await get({ range: "bytes=1000-1999" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 1000-1999/${size}`);
    expect(range.headers.get("content-length")).toBe("1000");
    expect(range.bytes.equals(playback.subarray(1000, 2000))).toBe(true);
    const first = await get({ range: "bytes=0-0" });
    expect(first.status).toBe(206);
    expect(first.bytes.equals(playback.subarray(0, 1))).toBe(true);
    const tail = await get({ range: `bytes=${size - 777}-` });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(playback.subarray(size - 777))).toBe(true);
    const unsatisfiable = await get({ range: `bytes=${size}-` });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get("content-range")).toBe(`bytes */${size}`);
    const thumb = await callBytes(thumbnailRoute, `/api/videos/${uploaded.id}/thumbnail`, { as: admin, params: { id: uploaded.id } });
    expect(thumb.status).toBe(200);
    expect(thumb.bytes.equals(await storedBytes(`videos/${uploaded.storageKey}/thumb.jpg`))).toBe(true);
  });

  it("a file removed between its head and its read (another instance deleted the video) is a 404, not a broken answer", async () => {
    const storage = mediaStorage();
    const key = `videos/${uploaded.storageKey}/playback.mp4`;
    const read = vi.spyOn(storage, "getRange").mockRejectedValueOnce(new StorageNotFoundError(key));
    try {
      const res = await call(mediaRoute, `/api/media/${uploaded.id}`, { as: admin, headers: { range: "bytes=0-99" }, params: { videoId: uploaded.id } });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("file_missing");
    } finally {
      read.mockRestore();
    }
  });

  it("frame images and scene cuts are written to the storage next to the video", async () => {
    const video = await db.video.findUniqueOrThrow({ where: { id: uploaded.id } });
    const frame = await frameImageFile(video, 5);
    expect(frame.key).toBe(`videos/${uploaded.storageKey}/frames/5-w160.jpg`);
    expect((await storedBytes(frame.key)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const cuts = await computeSceneCuts(video);
    expect(cuts.frameCount).toBe(24);
    expect(JSON.parse((await storedBytes(`videos/${uploaded.storageKey}/scene-cuts.json`)).toString())).toMatchObject({ frameCount: 24 });
    if (testDb.storage === "s3") expect(existsSync(path.join(testDb.dataDir, "videos"))).toBe(false);
  });

  it("a streaming study stores its HLS segments; each is served once, byte for byte what is stored", async () => {
    const video = await ingestTestVideo(60);
    const row = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    const project = await createProject("VCBENCH");
    const items = await createItems(project.id, video.id, [{ externalId: "A", format: "count", labels: { subtype: "O1-Snap" }, truth: [1], queryFrames: [29] }]);
    const { studyId } = await createOpenStudy(admin, project.id, "STREAMING", items.map((i) => ({ itemId: i.id })), { segmentSeconds: 10 });
    const seg = await db.segmentation.findFirstOrThrow({ where: { videoId: video.id } });
    const prefix = `videos/${row.storageKey}/segments/${seg.dirKey}/`;
    expect(await storedKeys(prefix)).toEqual(["init.mp4", "playlist.m3u8", "seg-00000.m4s", "seg-00001.m4s"]);
    if (testDb.storage === "s3") expect(existsSync(path.join(testDb.dataDir, "videos"))).toBe(false);

    const p = await enterAsProlific(studyId, "STORAGEPID0001");
    const as = { headers: { cookie: p.cookie } };
    const consent = await call(consentRoute, `/api/studies/${studyId}/consent`, { ...as, method: "POST", params: { studyId } });
    const sessionId: string = consent.json.sessionId;
    expect((await call(claimRoute, `/api/sessions/${sessionId}/claim`, { ...as, json: { tabId: "tab-storage-aaaa" }, params: { id: sessionId } })).status).toBe(200);
    const pl = await call(playlistRoute, `/api/sessions/${sessionId}/playlist.m3u8`, { ...as, params: { id: sessionId } });
    expect(pl.status, pl.text).toBe(200);
    const { init, segments } = playlistUris(pl.text);
    expect(segments).toHaveLength(1);
    const fetchUri = (uri: string) => {
      const { path: p2, query } = pathOf(uri);
      const [, , , sid, index] = p2.split("/");
      return callBytes(segmentRoute, p2, { ...as, query, params: { sessionId: sid, index } });
    };
    const initRes = await fetchUri(init);
    expect(initRes.status).toBe(200);
    expect(initRes.bytes.equals(await storedBytes(`${prefix}init.mp4`))).toBe(true);
    const first = await fetchUri(segments[0]);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-length")).toBe(String(first.bytes.length));
    expect(first.bytes.equals(await storedBytes(`${prefix}seg-00000.m4s`))).toBe(true);
    // Single use is the app's rule, whatever the storage.
    const replay = await fetchUri(segments[0]);
    expect(replay.status).toBe(410);
  });

  it("deleting a video removes every stored file of it (frames and scene cuts included)", async () => {
    expect((await storedKeys(`videos/${uploaded.storageKey}/`)).length).toBe(7);
    const res = await call(deleteRoute, `/api/videos/${uploaded.id}`, { method: "DELETE", as: admin, params: { id: uploaded.id } });
    expect(res.status, res.text).toBe(200);
    expect(await storedKeys(`videos/${uploaded.storageKey}/`)).toEqual([]);
  });

  it("the orphan sweep removes stored files no video row claims, once they are old enough", async () => {
    const orphan = randomUUID();
    await mediaStorage().put(`videos/${orphan}/original.mp4`, "left by a killed ingest");
    await mediaStorage().put(`videos/${orphan}/pts.bin`, "x");
    const claimed = (await db.video.findMany({ select: { storageKey: true } })).map((v) => v.storageKey);
    expect(claimed.length).toBeGreaterThan(0);
    expect(await sweepOrphanVideoDirs()).toEqual([]);
    expect(await storedKeys(`videos/${orphan}/`)).toEqual(["original.mp4", "pts.bin"]);
    expect(await sweepOrphanVideoDirs(Date.now() + 11 * 60_000)).toEqual([orphan]);
    expect(await storedKeys(`videos/${orphan}/`)).toEqual([]);
    for (const key of claimed) expect((await storedKeys(`videos/${key}/`)).length).toBeGreaterThan(0);
  });
});
