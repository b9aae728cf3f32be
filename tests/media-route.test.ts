import { db } from "@/tests/support/test-db";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getMedia, HEAD as headMedia } from "@/app/api/media/[videoId]/route";
import { decodePtsTable } from "@/lib/video/pts-table";
import { makeTempDir, removeTempDir } from "@/lib/video/video-test-fixtures";
import { ingestVideo } from "@/lib/video-library/ingest-video";
import type { NextRequest } from "next/server";
import { call, makeRequest, routeContext, type RequestOptions } from "@/tests/support/requests";
import { projectUsingVideos } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { GET as getPts } from "@/app/api/videos/[id]/pts/route";
import { GET as getThumbnail } from "@/app/api/videos/[id]/thumbnail/route";
import { DELETE as deleteVideoRoute, GET as getVideoRoute } from "@/app/api/videos/[id]/route";
import { storedBytes } from "@/tests/support/test-storage";
import { mediaStorage } from "@/lib/storage/media-storage";
import { makeVideoFixtures, type VideoFixtures } from "./videos-helpers";

let dir = "";
let fx: VideoFixtures;
let admin: TestUser;
let annotator: TestUser;
let participant: TestUser;
let direct: { id: string; file: string; bytes: Buffer };
let converted: { id: string; playback: Buffer; original: Buffer };

type BytesResult = { status: number; headers: Headers; bytes: Buffer; text: string; json: any };

type Handler = (request: NextRequest, context: { params: Promise<any> }) => Promise<Response>;

/** Like call(), but keeps the body as bytes (media). */
async function callBytes(handler: Handler, url: string, options: RequestOptions & { params: Record<string, string> }): Promise<BytesResult> {
  const response = await handler(await makeRequest(url, options), routeContext(options.params));
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString("utf8");
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, bytes, text, json };
}

function media(id: string, opts: { as?: TestUser | null; headers?: Record<string, string>; query?: Record<string, string>; head?: boolean } = {}) {
  return callBytes(opts.head ? headMedia : getMedia, `/api/media/${id}`, {
    method: opts.head ? "HEAD" : "GET",
    as: opts.as === undefined ? annotator : opts.as,
    headers: opts.headers,
    query: opts.query,
    params: { videoId: id },
  });
}

async function bytesOf(res: BytesResult): Promise<Buffer> {
  return res.bytes;
}

beforeAll(async () => {
  dir = await makeTempDir("playhead-media-test-");
  fx = await makeVideoFixtures(dir);
  admin = await createTestUser({ role: "ADMIN" });
  annotator = await createTestUser({ role: "ANNOTATOR" });
  participant = await createTestUser({ role: "PARTICIPANT" });
  const a = await ingestVideo({ file: fx.cfr, mode: "copy" }, { displayName: "cfr.mp4", via: "import", actorId: admin.id });
  direct = { id: a.video.id, file: fx.cfr, bytes: await readFile(fx.cfr) };
  const b = await ingestVideo({ file: fx.mkv, mode: "copy" }, { displayName: "old.mkv", via: "import" });
  const storage = `videos/${b.video.storageKey}`;
  converted = {
    id: b.video.id,
    playback: await storedBytes(`${storage}/playback.mp4`),
    original: await storedBytes(`${storage}/original.mkv`),
  };
  // Annotators see the videos of their projects only.
  await projectUsingVideos("Media project", [direct.id, converted.id], [annotator]);
}, 120_000);

afterAll(() => removeTempDir(dir));

describe("GET /api/media/[videoId]", () => {
  it("200: whole file with exact length, type and validators", async () => {
    const res = await media(direct.id);
    expect(res.status).toBe(200);
    const size = direct.bytes.length;
    expect(res.headers.get("content-length")).toBe(String(size));
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    const row = await db.video.findUniqueOrThrow({ where: { id: direct.id } });
    const stored = await mediaStorage().head(`videos/${row.storageKey}/${row.playbackFile}`);
    expect(res.headers.get("last-modified")).toBe(new Date(Math.floor(stored!.lastModified.getTime() / 1000) * 1000).toUTCString());
    expect(Buffer.compare(await bytesOf(res), direct.bytes)).toBe(0);
  });

  it("206: a closed range, with exact Content-Range, Content-Length and bytes", async () => {
    const size = direct.bytes.length;
    const res = await media(direct.id, { headers: { range: "bytes=100-1099" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 100-1099/${size}`);
    expect(res.headers.get("content-length")).toBe("1000");
    expect(Buffer.compare(await bytesOf(res), direct.bytes.subarray(100, 1100))).toBe(0);
  });

  it("206: a suffix range (last 500 bytes) and an open range", async () => {
    const size = direct.bytes.length;
    const suffix = await media(direct.id, { headers: { range: "bytes=-500" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(suffix.headers.get("content-length")).toBe("500");
    expect(Buffer.compare(await bytesOf(suffix), direct.bytes.subarray(size - 500))).toBe(0);
    const open = await media(direct.id, { headers: { range: "bytes=100-" } });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe(`bytes 100-${size - 1}/${size}`);
    expect(open.headers.get("content-length")).toBe(String(size - 100));
    expect(Buffer.compare(await bytesOf(open), direct.bytes.subarray(100))).toBe(0);
  });

  it("206: range end beyond the file is clamped; multi-range serves the first range", async () => {
    const size = direct.bytes.length;
    const clamped = await media(direct.id, { headers: { range: `bytes=${size - 10}-${size + 1000}` } });
    expect(clamped.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const multi = await media(direct.id, { headers: { range: "bytes=10-19, 50-59" } });
    expect(multi.status).toBe(206);
    expect(multi.headers.get("content-range")).toBe(`bytes 10-19/${size}`);
    expect(Buffer.compare(await bytesOf(multi), direct.bytes.subarray(10, 20))).toBe(0);
  });

  it("416 with Content-Range: bytes */size when no range is satisfiable", async () => {
    const size = direct.bytes.length;
    const res = await media(direct.id, { headers: { range: `bytes=${size}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${size}`);
    expect(res.text).toBe("");
  });

  it("an unparseable Range is ignored (200, whole file)", async () => {
    const res = await media(direct.id, { headers: { range: "bytes=9-2" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(direct.bytes.length));
  });

  it("304 on If-None-Match with the ETag, and on a current If-Modified-Since", async () => {
    const first = await media(direct.id, { headers: { range: "bytes=0-0" } });
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    const byTag = await media(direct.id, { headers: { "if-none-match": etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get("etag")).toBe(etag);
    expect(byTag.text).toBe("");
    const byDate = await media(direct.id, { headers: { "if-modified-since": lastModified } });
    expect(byDate.status).toBe(304);
    const stale = await media(direct.id, { headers: { "if-none-match": '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  it("If-Range: the range only while the ETag is current", async () => {
    const etag = (await media(direct.id, { head: true })).headers.get("etag")!;
    const fresh = await media(direct.id, { headers: { range: "bytes=0-9", "if-range": etag } });
    expect(fresh.status).toBe(206);
    const old = await media(direct.id, { headers: { range: "bytes=0-9", "if-range": '"old"' } });
    expect(old.status).toBe(200);
    expect(old.headers.get("content-length")).toBe(String(direct.bytes.length));
  });

  it("HEAD: headers and exact length, no body", async () => {
    const res = await media(direct.id, { head: true, headers: { range: "bytes=0-99" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-length")).toBe("100");
    expect(res.text).toBe("");
  });

  it("a transcoded video plays its MP4 copy; ?file=original is for admins only", async () => {
    const res = await media(converted.id);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.compare(await bytesOf(res), converted.playback)).toBe(0);
    expect((await media(converted.id, { query: { file: "original" } })).status).toBe(403);
    const original = await media(converted.id, { as: admin, query: { file: "original" } });
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("video/x-matroska");
    expect(Buffer.compare(await bytesOf(original), converted.original)).toBe(0);
    expect(original.headers.get("etag")).not.toBe(res.headers.get("etag"));
  });

  it("401 signed out, 403 for participants, 404 for an unknown id", async () => {
    expect((await media(direct.id, { as: null })).status).toBe(401);
    const p = await media(direct.id, { as: participant });
    expect(p.status).toBe(403);
    expect(p.headers.get("content-range")).toBeNull();
    const missing = await media("no-such-video");
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("not_found");
  });
});

describe("PTS table and thumbnail routes", () => {
  it("serves the playback file's PTS table as the binary sidecar and as JSON", async () => {
    const bin = await callBytes(getPts, `/api/videos/${converted.id}/pts`, { as: annotator, params: { id: converted.id } });
    expect(bin.status).toBe(200);
    expect(bin.headers.get("content-type")).toBe("application/octet-stream");
    const table = decodePtsTable(new Uint8Array(bin.bytes));
    expect(table.pts).toHaveLength(24);
    const json = await call(getPts, `/api/videos/${converted.id}/pts`, {
      as: annotator,
      params: { id: converted.id },
      query: { format: "json" },
    });
    expect(json.json).toMatchObject({ frameCount: 24, endPts: table.endPts, timeBase: table.timeBase });
    expect(json.json.pts).toEqual(table.pts);
    const original = await call(getPts, `/api/videos/${converted.id}/pts`, {
      as: annotator,
      params: { id: converted.id },
      query: { format: "json", of: "original" },
    });
    expect(original.json.frameCount).toBe(24);
    expect((await call(getPts, `/api/videos/${converted.id}/pts`, { as: participant, params: { id: converted.id } })).status).toBe(403);
  });

  it("serves the JPEG thumbnail", async () => {
    const res = await callBytes(getThumbnail, `/api/videos/${direct.id}/thumbnail`, { as: annotator, params: { id: direct.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const row = await db.video.findUniqueOrThrow({ where: { id: direct.id } });
    expect(row.thumbnailFile).toBe("thumb.jpg");
  });
});

describe("videos of other projects", () => {
  it("a reviewer or annotator who is not a member of a project using the video gets 404 from every video route; admins get every video", async () => {
    const outsider = await createTestUser({ role: "ANNOTATOR" });
    const reviewer = await createTestUser({ role: "REVIEWER" });
    const unused = await ingestVideo({ file: fx.offset, mode: "copy" }, { displayName: "unused.mp4", via: "import" });
    const cases: [TestUser, string][] = [
      [outsider, direct.id],
      [reviewer, converted.id],
      [annotator, unused.video.id],
    ];
    for (const [who, id] of cases) {
      for (const res of [
        await media(id, { as: who }),
        await media(id, { as: who, head: true }),
        await callBytes(getPts, `/api/videos/${id}/pts`, { as: who, params: { id } }),
        await callBytes(getThumbnail, `/api/videos/${id}/thumbnail`, { as: who, params: { id } }),
        await callBytes(getVideoRoute, `/api/videos/${id}`, { as: who, params: { id } }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.headers.get("content-range")).toBeNull();
        if (res.bytes.length) expect(res.json).toEqual({ error: { code: "not_found", message: "No such video." } });
      }
    }
    expect((await media(unused.video.id, { as: admin })).status).toBe(200);
    await projectUsingVideos("Media project 2", [unused.video.id], [reviewer]);
    expect((await media(unused.video.id, { as: reviewer, headers: { range: "bytes=0-9" } })).status).toBe(206);
    expect((await media(unused.video.id, { as: annotator })).status).toBe(404);
  });
});

describe("unknown video ids", () => {
  it("every video route answers 404 JSON naming the problem, and nothing is changed", async () => {
    const rows = await db.video.count();
    const auditRows = await db.auditLog.count();
    const id = "no-such-video";
    for (const res of [
      await media(id),
      await media(id, { head: true }),
      await callBytes(getPts, `/api/videos/${id}/pts`, { as: annotator, params: { id } }),
      await callBytes(getThumbnail, `/api/videos/${id}/thumbnail`, { as: annotator, params: { id } }),
      await callBytes(getVideoRoute, `/api/videos/${id}`, { as: annotator, params: { id } }),
      await callBytes(deleteVideoRoute, `/api/videos/${id}`, { method: "DELETE", as: admin, params: { id } }),
      // a path-like id is just an unknown id, never a path
      await media("..%2F..%2Fetc%2Fpasswd"),
    ]) {
      expect(res.status).toBe(404);
      if (res.bytes.length) expect(res.json).toEqual({ error: { code: "not_found", message: "No such video." } });
    }
    expect(await db.video.count()).toBe(rows);
    expect(await db.auditLog.count()).toBe(auditRows);
  });
});
