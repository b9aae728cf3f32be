import { db, testDb } from "@/tests/support/test-db";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT } from "@/app/api/videos/upload/route";
import { resetEnvCache } from "@/lib/config/env";
import { runProcess } from "@/lib/video/run-process";
import { ffmpegPath } from "@/lib/video/tool-paths";
import { makeTempDir, removeTempDir } from "@/lib/video/video-test-fixtures";
import { call, readResponse, routeContext, sessionCookie, TEST_ORIGIN } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { storedKeys } from "@/tests/support/test-storage";
import { listTree, makeVideoFixtures, scratchLeft, type VideoFixtures } from "./videos-helpers";

let dir = "";
let fx: VideoFixtures;
let admin: TestUser;
let reviewer: TestUser;
let participant: TestUser;

/** What an upload left in local scratch (nothing, once it answered). */
const scratch = () => scratchLeft(testDb.dataDir);
/** Everything stored for the library: keys under videos/ (S3), or the whole tree, directories included (local). */
const library = () => (testDb.storage === "local" ? listTree(path.join(testDb.dataDir, "videos")) : storedKeys("videos/"));

async function upload(file: string, name: string, as: TestUser | null = admin) {
  return call(PUT, "/api/videos/upload", {
    method: "PUT",
    as,
    body: await readFile(file),
    headers: { "x-file-name": encodeURIComponent(name), "content-type": "application/octet-stream" },
  });
}

/** A PUT whose body is a stream (no Content-Length unless given), as a browser or proxy may send it. */
async function streamingUpload(chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, headers: Record<string, string> = {}, fail = false) {
  const iterator = (async function* () {
    yield* chunks;
    if (fail) throw new Error("client went away");
  })();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (e) {
        controller.error(e);
      }
    },
  });
  // `duplex` is required by Node for stream bodies but missing from Next's RequestInit type.
  const init = {
    method: "PUT",
    headers: { cookie: await sessionCookie(admin), "x-file-name": "stream.mp4", ...headers },
    body,
    duplex: "half",
  };
  const request = new NextRequest(new URL("/api/videos/upload", TEST_ORIGIN), init as ConstructorParameters<typeof NextRequest>[1]);
  return readResponse(await PUT(request, routeContext({})));
}

beforeAll(async () => {
  dir = await makeTempDir("playhead-upload-test-");
  fx = await makeVideoFixtures(dir);
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  participant = await createTestUser({ role: "PARTICIPANT" });
}, 120_000);

afterAll(() => removeTempDir(dir));

describe("PUT /api/videos/upload", () => {
  it("adds a browser-playable MP4 as is, with probe, PTS sidecar and thumbnail", async () => {
    const res = await upload(fx.cfr, "Kitchen take 1.mp4");
    expect(res.status).toBe(201);
    const v = res.json.video;
    expect(res.json.duplicate).toBe(false);
    expect(v).toMatchObject({
      originalName: "Kitchen take 1.mp4",
      transcoded: false,
      mimeType: "video/mp4",
      videoCodec: "h264",
      width: 640,
      height: 360,
      frameCount: 30,
      avgFrameRate: "30/1",
      variableFrameRate: false,
      hasThumbnail: true,
      originalProbe: null,
      mediaTimeOffset: 0,
    });
    expect(v.firstPtsSec).toBeCloseTo(0, 6);
    expect(v.durationSec).toBeCloseTo(1, 6);
    expect(v.sha256).toBe(createHash("sha256").update(await readFile(fx.cfr)).digest("hex"));
    expect(v.addedBy.id).toBe(admin.id);
    const row = await db.video.findUniqueOrThrow({ where: { id: v.id } });
    expect(await storedKeys(`videos/${row.storageKey}/`)).toEqual(["original.mp4", "pts.bin", "thumb.jpg"]);
    expect(row.playbackFile).toBe("original.mp4");
    expect(row.ptsFile).toBe("pts.bin");
    expect(await scratch()).toEqual([]);
    const audit = await db.auditLog.findFirst({ where: { action: "video.upload", targetId: v.id } });
    expect(audit?.actorId).toBe(admin.id);
  });

  it("returns the existing video for the same bytes (no second copy)", async () => {
    const before = await library();
    const res = await upload(fx.cfr, "renamed.mp4");
    expect(res.status).toBe(200);
    expect(res.json.duplicate).toBe(true);
    expect(res.json.video.originalName).toBe("Kitchen take 1.mp4");
    expect(await db.video.count()).toBe(1);
    expect(await library()).toEqual(before);
    expect(await scratch()).toEqual([]);
  });

  it("transcodes what browsers cannot play and keeps the original with its probe", async () => {
    const res = await upload(fx.mkv, "old camera.mkv");
    expect(res.status).toBe(201);
    const v = res.json.video;
    expect(v).toMatchObject({ transcoded: true, mimeType: "video/mp4", videoCodec: "h264", frameCount: 24 });
    expect(v.originalProbe).toMatchObject({
      videoCodec: "mpeg4",
      containerKind: "matroska",
      frameCount: 24,
      playbackAction: "transcode",
      file: "original.mkv",
    });
    expect(v.urls.original).toBe(`/api/media/${v.id}?file=original`);
    const row = await db.video.findUniqueOrThrow({ where: { id: v.id } });
    expect(await storedKeys(`videos/${row.storageKey}/`)).toEqual([
      "original.mkv",
      "playback-pts.bin",
      "playback.mp4",
      "pts.bin",
      "thumb.jpg",
    ]);
  });

  it("remuxes an MP4 whose first frame is not at 0 and records the offset", async () => {
    const res = await upload(fx.offset, "offset.mp4");
    expect(res.status).toBe(201);
    const v = res.json.video;
    expect(v.transcoded).toBe(true);
    expect(v.firstPtsSec).toBeCloseTo(0, 6);
    expect(v.frameCount).toBe(20);
    expect(v.originalProbe.playbackAction).toBe("remux");
    expect(v.originalProbe.firstPtsSec).toBeCloseTo(2.5, 6);
    expect(v.mediaTimeOffset).toBeCloseTo(2.5, 6);
  });

  it.each([
    ["text", "meeting notes.mp4", "not-a-video", /^meeting notes\.mp4: not a video/],
    ["truncated", "cut.mp4", "truncated", /^cut\.mp4: truncated/],
    ["zeroFrames", "empty-track.mp4", "zero-frames", /^empty-track\.mp4: zero frames/],
  ] as const)("rejects %s with 422 naming the file and the reason, keeping nothing", async (key, name, rejection, message) => {
    const count = await db.video.count();
    const stored = await library();
    const res = await upload(fx[key], name);
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("video_rejected");
    expect(res.json.error.message).toMatch(message);
    expect(res.json.error.details).toMatchObject({ file: name, rejection });
    expect(res.text).not.toContain(testDb.dataDir);
    expect(await db.video.count()).toBe(count);
    expect(await library()).toEqual(stored);
    expect(await scratch()).toEqual([]);
  });

  it("uses only the base name of x-file-name; ../ never reaches the filesystem", async () => {
    const count = await db.video.count();
    const stored = await library();
    const res = await upload(fx.text, "../../../etc/passwd.mp4");
    expect(res.status).toBe(422);
    expect(res.json.error.message).toMatch(/^passwd\.mp4: not a video/);
    expect(existsSync(path.join(testDb.dataDir, "..", "etc"))).toBe(false);
    expect(await db.video.count()).toBe(count);
    expect(await library()).toEqual(stored);
    expect(await scratch()).toEqual([]);
  });

  it("stores a valid video sent under a ../ name with generated file names only", async () => {
    const before = new Set(await library());
    const distinct = path.join(dir, "sneaky-source.mp4");
    const r = await runProcess(ffmpegPath(), ["-v", "error", "-y", "-i", fx.cfr, "-c", "copy", "-metadata", "comment=sneaky", distinct]);
    expect(r.code).toBe(0);
    const res = await upload(distinct, "../../outside/dir/../sneaky.mp4");
    expect(res.status).toBe(201);
    expect(res.json.video.originalName).toBe("sneaky.mp4");
    const row = await db.video.findUniqueOrThrow({ where: { id: res.json.video.id } });
    const added = (await library()).filter((f) => !before.has(f));
    expect(added.length).toBeGreaterThan(0);
    for (const f of added) {
      expect(f.startsWith(`${row.storageKey}`)).toBe(true);
      expect(f).not.toMatch(/sneaky|outside|\.\./);
    }
    expect(existsSync(path.join(testDb.dataDir, "..", "outside"))).toBe(false);
    expect(await scratch()).toEqual([]);
  });

  it("refuses control characters and a missing name with 400, keeping nothing", async () => {
    const count = await db.video.count();
    const stored = await library();
    for (const name of ["evil\nname.mp4", "nul\u0000byte.mp4", "del\u007fchar.mp4", "tab\tname.mp4"]) {
      const bad = await upload(fx.cfr, name);
      expect(bad.status, name).toBe(400);
      expect(bad.json.error.code).toBe("invalid_file_name");
      expect(bad.json.error.message).toMatch(/x-file-name: .*control characters/);
    }
    const missing = await call(PUT, "/api/videos/upload", { method: "PUT", as: admin, body: await readFile(fx.cfr) });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toMatch(/x-file-name header is missing/);
    expect(await db.video.count()).toBe(count);
    expect(await library()).toEqual(stored);
    expect(await scratch()).toEqual([]);
  });

  describe("size limit", () => {
    beforeAll(() => {
      process.env.PLAYHEAD_MAX_UPLOAD_BYTES = "100000";
      resetEnvCache();
    });
    afterAll(() => {
      delete process.env.PLAYHEAD_MAX_UPLOAD_BYTES;
      resetEnvCache();
    });

    it("413 at once when Content-Length announces too much, closing the connection", async () => {
      const res = await call(PUT, "/api/videos/upload", {
        method: "PUT",
        as: admin,
        body: Buffer.alloc(100_001),
        headers: { "x-file-name": "big.mp4" },
      });
      expect(res.status).toBe(413);
      expect(res.headers.get("connection")).toBe("close");
      expect(res.json.error.message).toMatch(/^big\.mp4: The file is larger than the upload limit/);
      expect(await scratch()).toEqual([]);
    });

    it("a real video over the limit is refused with 413 naming it; no row, no stored file", async () => {
      const count = await db.video.count();
      const stored = await library();
      const bytes = await readFile(fx.cfr);
      process.env.PLAYHEAD_MAX_UPLOAD_BYTES = String(bytes.length - 1);
      resetEnvCache();
      const res = await upload(fx.cfr, "too-long.mp4").finally(() => {
        process.env.PLAYHEAD_MAX_UPLOAD_BYTES = "100000";
        resetEnvCache();
      });
      expect(res.status).toBe(413);
      expect(res.json.error.message).toMatch(/^too-long\.mp4: The file is larger than the upload limit/);
      expect(await db.video.count()).toBe(count);
      expect(await library()).toEqual(stored);
      expect(await scratch()).toEqual([]);
    });

    it("413 as soon as a streamed body crosses the limit; the partial temp file is removed", async () => {
      let produced = 0;
      const chunks = (function* () {
        for (let i = 0; i < 1000; i++) {
          produced += 16_384;
          yield new Uint8Array(16_384);
        }
      })();
      const res = await streamingUpload(chunks);
      expect(res.status).toBe(413);
      expect(produced).toBeLessThan(200_000); // stopped reading right after the limit
      expect(await scratch()).toEqual([]);
    });
  });

  it("an upload interrupted by the client leaves no temp file", async () => {
    const res = await streamingUpload([new Uint8Array(50_000), new Uint8Array(50_000)], {}, true);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("upload_aborted");
    expect(await scratch()).toEqual([]);
    const short = await streamingUpload([new Uint8Array(1000)], { "content-length": "5000" });
    expect(short.status).toBe(400);
    expect(await scratch()).toEqual([]);
  });

  it("401 without a session, 403 for participants and reviewers (admin only)", async () => {
    expect((await upload(fx.cfr, "a.mp4", null)).status).toBe(401);
    expect((await upload(fx.cfr, "a.mp4", participant)).status).toBe(403);
    expect((await upload(fx.cfr, "a.mp4", reviewer)).status).toBe(403);
    expect(await scratch()).toEqual([]);
  });
});
