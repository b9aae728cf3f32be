/**
 * The storage contract (lib/storage/media-storage-types.ts), one suite run against BOTH drivers:
 * the local data directory (a temporary directory) and S3 against a real S3 protocol server
 * (s3rver, tests/support/s3-server.ts), with small listing pages and 5 MiB parts so that paging
 * and multipart uploads are exercised. What one driver does, the other must do the same way.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage } from "@/lib/storage/local-storage";
import type { MediaStorage } from "@/lib/storage/media-storage-types";
import { StorageNotFoundError } from "@/lib/storage/media-storage-types";
import { S3Storage } from "@/lib/storage/s3-storage";
import { UnsafePathError } from "@/lib/storage/safe-path";
import { startS3Server, type TestS3Server } from "./support/s3-server";

const MiB = 2 ** 20;

/** Deterministic pseudo-random bytes (every offset distinguishable). */
function bytesOf(n: number, seed = 1): Buffer {
  const out = Buffer.alloc(n);
  let x = seed * 2654435761;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) parts.push(chunk);
  return Buffer.concat(parts);
}

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

let scratch = "";
let s3: TestS3Server;
const drivers: Record<"local" | "s3", { storage: MediaStorage; root?: string }> = {} as never;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "playhead-storage-contract-"));
  const root = path.join(scratch, "data");
  await mkdir(root);
  // The local driver's root is the data directory: make PLAYHEAD_DATA_DIR point at the scratch
  // too, so the S3 driver's local copies (scratch of <data>/tmp) land there.
  process.env.PLAYHEAD_DATA_DIR = root;
  drivers.local = { storage: new LocalStorage(() => root), root };
  s3 = await startS3Server({ bucket: "playhead-contract" });
  drivers.s3 = { storage: new S3Storage(s3.config, { listPageSize: 2, partBytes: 5 * MiB }) };
}, 60_000);

afterAll(async () => {
  await s3?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe.each(["local", "s3"] as const)("storage contract: %s driver", (name) => {
  const store = () => drivers[name].storage;
  const base = `videos/${name}-contract`;

  it("puts bytes and text, gets them back whole, heads and checks existence", async () => {
    const bytes = bytesOf(1000);
    await store().put(`${base}/a/one.bin`, bytes);
    await store().put(`${base}/a/two.json`, '{"x":1}');
    expect((await store().get(`${base}/a/one.bin`)).equals(bytes)).toBe(true);
    expect((await store().get(`${base}/a/two.json`)).toString()).toBe('{"x":1}');
    const head = await store().head(`${base}/a/one.bin`);
    expect(head).toMatchObject({ key: `${base}/a/one.bin`, size: 1000 });
    expect(Math.abs(head!.lastModified.getTime() - Date.now())).toBeLessThan(120_000);
    expect(await store().exists(`${base}/a/one.bin`)).toBe(true);
    expect(await store().exists(`${base}/a/none.bin`)).toBe(false);
    expect(await store().head(`${base}/a/none.bin`)).toBeNull();
    // A "directory" is not an object.
    expect(await store().head(`${base}/a`)).toBeNull();
    const missing = await store().get(`${base}/a/none.bin`).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(StorageNotFoundError);
    expect(missing).toMatchObject({ code: "ENOENT", key: `${base}/a/none.bin` });
  });

  it("replaces an object put again under the same key", async () => {
    await store().put(`${base}/r/x.bin`, bytesOf(300, 1));
    await store().put(`${base}/r/x.bin`, bytesOf(200, 2));
    expect((await store().get(`${base}/r/x.bin`)).equals(bytesOf(200, 2))).toBe(true);
    expect((await store().head(`${base}/r/x.bin`))?.size).toBe(200);
  });

  it("streams byte ranges exactly: first byte, last byte, middle, whole, across upload parts", async () => {
    const bytes = bytesOf(12 * MiB + 12345, 3);
    await store().putStream(`${base}/big/video.mp4`, chunksOf(bytes, 777_777));
    expect((await store().head(`${base}/big/video.mp4`))?.size).toBe(bytes.length);
    const range = async (start: number, end: number) => collect(await store().getRange(`${base}/big/video.mp4`, start, end));
    expect((await range(0, 0)).equals(bytes.subarray(0, 1))).toBe(true);
    expect((await range(bytes.length - 1, bytes.length - 1)).equals(bytes.subarray(bytes.length - 1))).toBe(true);
    // Across the 5 MiB part boundary of the S3 multipart upload.
    expect((await range(5 * MiB - 10, 5 * MiB + 9)).equals(bytes.subarray(5 * MiB - 10, 5 * MiB + 10))).toBe(true);
    expect(sha(await range(0, bytes.length - 1))).toBe(sha(bytes));
    expect(sha(await store().get(`${base}/big/video.mp4`))).toBe(sha(bytes));
  });

  it("stops reading a range when the consumer cancels or the request is aborted", async () => {
    const bytes = bytesOf(3 * MiB, 4);
    await store().put(`${base}/abort/v.mp4`, bytes);
    const reader = (await store().getRange(`${base}/abort/v.mp4`, 0, bytes.length - 1)).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(Buffer.from(first.value!).equals(bytes.subarray(0, first.value!.byteLength))).toBe(true);
    await reader.cancel();
    const controller = new AbortController();
    const r2 = (await store().getRange(`${base}/abort/v.mp4`, 0, bytes.length - 1, { signal: controller.signal })).getReader();
    await r2.read();
    controller.abort();
    let received = 0;
    const drained = await (async () => {
      for (;;) {
        const { done, value } = await r2.read();
        if (done) return "ended";
        received += value.byteLength;
      }
    })().catch(() => "errored");
    // Ended or errored early: the whole object was not delivered after the abort.
    expect(["ended", "errored"]).toContain(drained);
    expect(received).toBeLessThan(bytes.length);
  });

  it("stores a small and a large stream (one request / multipart) and leaves nothing when the stream fails", async () => {
    const small = bytesOf(10_000, 5);
    await store().putStream(`${base}/s/small.bin`, chunksOf(small, 999));
    expect((await store().get(`${base}/s/small.bin`)).equals(small)).toBe(true);
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield bytesOf(6 * MiB, 6);
      throw new Error("client went away");
    }
    await expect(store().putStream(`${base}/s/broken.bin`, failing())).rejects.toThrow(/client went away/);
    expect(await store().exists(`${base}/s/broken.bin`)).toBe(false);
    expect((await store().list(`${base}/s/`)).map((o) => o.key)).toEqual([`${base}/s/small.bin`]);
  });

  it("stores local files: copied (source kept) or moved (source consumed)", async () => {
    const dir = await mkdtemp(path.join(scratch, `files-${name}-`));
    const a = path.join(dir, "a.bin");
    const b = path.join(dir, "b.bin");
    await writeFile(a, bytesOf(4000, 7));
    await writeFile(b, bytesOf(6 * MiB + 1, 8));
    await store().putFile(`${base}/f/a.bin`, a);
    await store().putFile(`${base}/f/b.bin`, b, { move: true });
    expect(existsSync(a)).toBe(true);
    expect(existsSync(b)).toBe(false);
    expect((await store().get(`${base}/f/a.bin`)).equals(bytesOf(4000, 7))).toBe(true);
    expect(sha(await store().get(`${base}/f/b.bin`))).toBe(sha(bytesOf(6 * MiB + 1, 8)));
  });

  it("lists by prefix recursively (sorted, with sizes), never a sibling prefix; lists child directories", async () => {
    for (const k of ["v1/x.bin", "v1/seg/s1/a.m4s", "v1/seg/s1/b.m4s", "v1/seg/s2/a.m4s", "v10/y.bin", "v2/z.bin"]) {
      await store().put(`${base}/l/${k}`, bytesOf(k.length, 9));
    }
    const listed = await store().list(`${base}/l/v1/`);
    expect(listed.map((o) => o.key)).toEqual(["v1/seg/s1/a.m4s", "v1/seg/s1/b.m4s", "v1/seg/s2/a.m4s", "v1/x.bin"].map((k) => `${base}/l/${k}`));
    expect(listed.map((o) => o.size)).toEqual([15, 15, 15, 8]);
    expect(await store().listDirs(`${base}/l/`)).toEqual(["v1", "v10", "v2"]);
    expect(await store().listDirs(`${base}/l/v1/seg/`)).toEqual(["s1", "s2"]);
    expect(await store().list(`${base}/l/none/`)).toEqual([]);
    expect(await store().listDirs(`${base}/l/none/`)).toEqual([]);
  });

  it("deletes one object (a missing one is no error) and everything under a prefix, leaving siblings", async () => {
    for (const k of ["d1/a", "d1/b/c", "d1/b/d", "d10/e"]) await store().put(`${base}/d/${k}`, "x");
    await store().delete(`${base}/d/d1/a`);
    await store().delete(`${base}/d/d1/a`);
    expect(await store().exists(`${base}/d/d1/a`)).toBe(false);
    expect(await store().deletePrefix(`${base}/d/d1/`)).toBe(2);
    expect(await store().list(`${base}/d/d1/`)).toEqual([]);
    expect((await store().list(`${base}/d/`)).map((o) => o.key)).toEqual([`${base}/d/d10/e`]);
    expect(await store().deletePrefix(`${base}/d/nothing/`)).toBe(0);
  });

  it("stores a directory (move, replace): every file under the prefix, stale objects gone, source consumed", async () => {
    const dir = await mkdtemp(path.join(scratch, `dir-${name}-`));
    const out = path.join(dir, "out");
    await mkdir(path.join(out, "sub"), { recursive: true });
    await writeFile(path.join(out, "playlist.m3u8"), "#EXTM3U\n");
    await writeFile(path.join(out, "seg-00000.m4s"), bytesOf(100, 10));
    await writeFile(path.join(out, "sub", "x.json"), "{}");
    await writeFile(path.join(out, ".tmp-ignored"), "partial");
    await store().put(`${base}/hls/key1/seg-00009.m4s`, "stale");
    const keys = await store().putDirectory(`${base}/hls/key1/`, out, { move: true, replace: true });
    expect(keys).toEqual([`${base}/hls/key1/playlist.m3u8`, `${base}/hls/key1/seg-00000.m4s`, `${base}/hls/key1/sub/x.json`]);
    expect((await store().list(`${base}/hls/key1/`)).map((o) => o.key)).toEqual(keys);
    expect((await store().get(`${base}/hls/key1/seg-00000.m4s`)).equals(bytesOf(100, 10))).toBe(true);
    expect(existsSync(out)).toBe(false);
    // Without replace, an existing non-empty target is never overwritten by the local driver's
    // rename; a fresh prefix always works.
    const again = path.join(dir, "again");
    await mkdir(again);
    await writeFile(path.join(again, "thumb.jpg"), "jpeg");
    expect(await store().putDirectory(`${base}/hls/key2/`, again, { move: false })).toEqual([`${base}/hls/key2/thumb.jpg`]);
    expect(existsSync(path.join(again, "thumb.jpg"))).toBe(true);
  });

  it("hands ffmpeg a local file with the object's bytes (the stored file itself for the local driver)", async () => {
    const bytes = bytesOf(2 * MiB + 3, 11);
    await store().put(`${base}/w/video.mp4`, bytes);
    const seen = await store().withLocalFile(`${base}/w/video.mp4`, async (file) => {
      expect((await readFile(file)).equals(bytes)).toBe(true);
      return file;
    });
    if (name === "local") expect(seen).toBe(path.join(drivers.local.root!, ...`${base}/w/video.mp4`.split("/")));
    else {
      expect(seen.startsWith(path.join(scratch, "data", "tmp"))).toBe(true);
      // Kept for the next call: same copy, no second download.
      expect(await store().withLocalFile(`${base}/w/video.mp4`, async (file) => file)).toBe(seen);
      // Deleting the object drops the copy.
      await store().delete(`${base}/w/video.mp4`);
      expect(existsSync(seen)).toBe(false);
    }
    await expect(store().withLocalFile(`${base}/w/missing.mp4`, async () => 1)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it.each([
    ["../escape.bin", /\.\./],
    ["videos/../../escape.bin", /\.\./],
    ["/etc/passwd", /absolute/],
    ["videos//x", /not a generated name/],
    ["videos/./x", /not a generated name/],
    ["videos/.hidden", /not a generated name/],
    ["videos\\..\\x", /not a generated name/],
    ["videos/a\u0000b", /not a generated name/],
    ["", /empty/],
  ])("refuses the key %j before touching anything", async (key, reason) => {
    for (const call of [
      () => store().put(key, "x"),
      () => store().get(key),
      () => store().head(key),
      () => store().delete(key),
      () => store().getRange(key, 0, 0),
      () => store().withLocalFile(key, async () => 1),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnsafePathError);
      expect((error as Error).message).toMatch(reason);
    }
    expect(existsSync(path.join(scratch, "escape.bin"))).toBe(false);
  });

  it("refuses prefixes that are empty or not a directory", async () => {
    for (const prefix of ["", "videos", "../", "videos/../"]) {
      await expect(store().list(prefix)).rejects.toBeInstanceOf(UnsafePathError);
      await expect(store().deletePrefix(prefix)).rejects.toBeInstanceOf(UnsafePathError);
      await expect(store().listDirs(prefix)).rejects.toBeInstanceOf(UnsafePathError);
    }
  });
});

describe("the local driver keeps the data directory's layout", () => {
  it("writes key a/b/c as <root>/a/b/c with no temporary files left", async () => {
    const { storage, root } = drivers.local;
    await storage.put("videos/layout/thumb.jpg", "jpeg");
    expect(await readFile(path.join(root!, "videos", "layout", "thumb.jpg"), "utf8")).toBe("jpeg");
    expect(await readdir(path.join(root!, "videos", "layout"))).toEqual(["thumb.jpg"]);
  });
});

describe("the S3 driver's failed multipart upload", () => {
  it("is aborted with its own upload id once the stream fails, and a failed abort does not hide the stream's error", async () => {
    // Every command the driver's client sends, with its input and the server's answer status.
    const storage = new S3Storage(s3.config, { partBytes: 5 * MiB });
    const sent: { name: string; uploadId?: string; status?: number; output?: { UploadId?: string } }[] = [];
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { UploadId?: string };
        const entry: (typeof sent)[number] = { name: String(context.commandName), uploadId: input.UploadId };
        sent.push(entry);
        try {
          const result = await next(args);
          entry.output = result.output as { UploadId?: string };
          entry.status = (result.output as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          return result;
        } catch (error) {
          entry.status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          throw error;
        }
      },
      { step: "initialize", name: "recordCommands" },
    );
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield bytesOf(6 * MiB, 7); // more than one part: the first is uploaded before the failure
      throw new Error("client went away");
    }
    const key = "videos/abort/broken.bin";
    await expect(storage.putStream(key, failing())).rejects.toThrow(/client went away/);
    expect(sent.map((c) => c.name)).toEqual(["CreateMultipartUploadCommand", "UploadPartCommand", "AbortMultipartUploadCommand"]);
    const uploadId = sent[0].output?.UploadId;
    expect(uploadId).toBeTruthy();
    expect(sent[1].uploadId).toBe(uploadId);
    expect(sent[2].uploadId).toBe(uploadId);
    // s3rver does not implement AbortMultipartUpload (405): the stream's own error is what the
    // caller gets all the same. On S3 the abort frees the parts; a bucket lifecycle rule that aborts
    // incomplete uploads after a day is the safety net (docs/deploy.md, "Backups of a scaled deployment").
    expect(sent[2].status).toBe(405);
    expect(await storage.exists(key)).toBe(false);
  });
});
