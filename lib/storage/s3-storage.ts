import "server-only";
import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "@/lib/config/storage-env";
import { contentTypeFor } from "./content-type";
import { walkFiles } from "./local-files";
import { LocalCopies } from "./local-copies";
import type { MediaStorage, PutDirectoryOptions, PutOptions, StoredObject } from "./media-storage-types";
import { StorageNotFoundError } from "./media-storage-types";
import { checkStorageKey, checkStoragePrefix } from "./storage-key";

// The SDK is pinned to a release that runs on Node 20 (docs/deploy.md); its notice that later
// releases will need Node 22 says nothing about this one.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

/** S3's smallest part (all but the last); the default part size; the most parts of one upload. */
const MIN_PART_BYTES = 5 * 2 ** 20;
const DEFAULT_PART_BYTES = 16 * 2 ** 20;
const MAX_PARTS = 10_000;
/** Files uploaded at once by putDirectory (HLS output: a playlist, an init and many segments). */
const UPLOAD_CONCURRENCY = 4;
/** Keys removed per DeleteObjects request (S3's limit). */
const DELETE_BATCH = 1000;
/**
 * HeadObject answers kept per process (size and date of immutable objects: the media route asks
 * for them before every range, and a player asks for many ranges). Writes and deletes through
 * this process forget theirs at once; the age limit bounds what another instance's deletion
 * leaves here.
 */
const HEAD_CACHE_MS = 60_000;
const HEAD_CACHE_ENTRIES = 5000;

export type S3StorageOptions = {
  /** Part size of multipart uploads (streams and files at least this large go up in parts). */
  partBytes?: number;
  /** Keys per listing page (1..1000; small values exercise the paging in tests). */
  listPageSize?: number;
  /** An S3 client to use instead of one made from the configuration. */
  client?: S3Client;
};

type S3Error = { name?: string; Code?: string; message?: string; $metadata?: { httpStatusCode?: number } };

function statusOf(e: unknown): number | undefined {
  return (e as S3Error | null)?.$metadata?.httpStatusCode;
}

function isNotFound(e: unknown): boolean {
  const err = e as S3Error | null;
  return statusOf(e) === 404 && err?.name !== "NoSuchBucket" && err?.Code !== "NoSuchBucket";
}

/** The first `limit` bytes of `stream` (the rest is not read: `stop` ends the download). */
function limitStream(stream: ReadableStream<Uint8Array>, limit: number, stop: () => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  let left = limit;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (left <= 0) {
          stop();
          controller.close();
          return;
        }
        const { done, value } = await reader.read();
        if (done) {
          controller.error(new Error(`the object ended ${left} bytes before the end of the range`));
          return;
        }
        const chunk = value.byteLength > left ? value.subarray(0, left) : value;
        left -= chunk.byteLength;
        controller.enqueue(chunk);
        if (left <= 0) {
          stop();
          await reader.cancel().catch(() => undefined);
          controller.close();
        }
      },
      async cancel() {
        stop();
        await reader.cancel().catch(() => undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * The S3 driver: key `a/b/c` is the object `<PLAYHEAD_S3_PREFIX>a/b/c` in PLAYHEAD_S3_BUCKET, on
 * AWS or any S3-compatible server (MinIO, Ceph, s3rver in the tests). Only long-standing calls
 * are used: PutObject, the multipart upload calls, GetObject (with Range), HeadObject,
 * DeleteObject(s) and ListObjects (version 1, paged by marker: every S3-compatible server has it).
 * Checksums are sent and checked only where S3 requires them, which third-party servers accept.
 *
 * Uploads: bytes and streams shorter than one part in one PutObject, longer ones in parts of
 * `partBytes` (16 MiB; larger for files so that no upload needs more than 10,000 parts), holding
 * one part in memory; a failed multipart upload is aborted. An object appears only when its
 * upload completed (S3 writes are atomic).
 */
export class S3Storage implements MediaStorage {
  readonly driver = "s3" as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly partBytes: number;
  private readonly pageSize: number;
  private readonly copies: LocalCopies;
  private readonly heads = new Map<string, { object: StoredObject; at: number }>();

  constructor(
    private readonly config: S3StorageConfig,
    opts: S3StorageOptions = {},
  ) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.partBytes = Math.max(MIN_PART_BYTES, opts.partBytes ?? DEFAULT_PART_BYTES);
    this.pageSize = Math.min(1000, Math.max(1, opts.listPageSize ?? 1000));
    this.client =
      opts.client ??
      new S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: 3,
      });
    this.copies = new LocalCopies((key, file) => this.download(key, file), config.cacheBytes);
  }

  describe(): string {
    return `s3://${this.bucket}/${this.prefix}${this.config.endpoint ? ` at ${this.config.endpoint}` : ` in ${this.config.region}`}`;
  }

  private objectKey(key: string): string {
    return this.prefix + checkStorageKey(key);
  }

  private objectPrefix(prefix: string): string {
    return this.prefix + checkStoragePrefix(prefix);
  }

  /** An S3 failure as an Error naming the call and the object (never the credentials). */
  private failure(call: string, key: string, e: unknown): Error {
    const err = e as S3Error;
    const code = err?.Code ?? err?.name ?? "Error";
    const status = statusOf(e);
    const error = new Error(`${call} s3://${this.bucket}/${this.prefix}${key} failed: ${code}${status ? ` (HTTP ${status})` : ""}${err?.message && err.message !== code ? `: ${err.message}` : ""}`);
    (error as Error & { cause?: unknown }).cause = e;
    return error;
  }

  private forgetHeads(keyOrPrefix: string): void {
    if (keyOrPrefix.endsWith("/")) {
      for (const k of [...this.heads.keys()]) if (k.startsWith(keyOrPrefix)) this.heads.delete(k);
    } else this.heads.delete(keyOrPrefix);
  }

  async put(key: string, body: Uint8Array | string, opts: PutOptions = {}): Promise<void> {
    const Key = this.objectKey(key);
    this.forgetHeads(key);
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key, Body: bytes, ContentLength: bytes.byteLength, ContentType: opts.contentType ?? contentTypeFor(key) }),
      );
    } catch (e) {
      throw this.failure("PutObject", key, e);
    }
  }

  async putStream(key: string, body: AsyncIterable<Uint8Array>, opts: PutOptions = {}, partBytes = this.partBytes): Promise<void> {
    const Key = this.objectKey(key);
    this.forgetHeads(key);
    const ContentType = opts.contentType ?? contentTypeFor(key);
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const take = (n: number): Buffer => {
      const all = pending.length === 1 ? Buffer.from(pending[0].buffer, pending[0].byteOffset, pending[0].byteLength) : Buffer.concat(pending, pendingBytes);
      const part = all.subarray(0, n);
      const rest = all.subarray(n);
      pending = rest.byteLength ? [rest] : [];
      pendingBytes = rest.byteLength;
      return part;
    };
    const uploadPart = async (bytes: Buffer) => {
      if (!uploadId) {
        const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key, ContentType }));
        if (!created.UploadId) throw new Error("CreateMultipartUpload returned no upload id");
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      if (PartNumber > MAX_PARTS) throw new Error(`more than ${MAX_PARTS} parts: use a larger part size`);
      const r = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key, UploadId: uploadId, PartNumber, Body: bytes, ContentLength: bytes.byteLength }),
      );
      parts.push({ PartNumber, ETag: r.ETag });
    };
    try {
      for await (const chunk of body) {
        if (!chunk.byteLength) continue;
        pending.push(chunk);
        pendingBytes += chunk.byteLength;
        // Keep at least one byte back, so the last part is never empty.
        while (pendingBytes > partBytes) await uploadPart(take(partBytes));
      }
      if (!uploadId) {
        const bytes = take(pendingBytes);
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: bytes, ContentLength: bytes.byteLength, ContentType }));
        return;
      }
      await uploadPart(take(pendingBytes));
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (e) {
      if (uploadId) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: uploadId })).catch(() => undefined);
      }
      throw this.failure(uploadId ? "multipart upload of" : "PutObject", key, e);
    }
  }

  async putFile(key: string, file: string, opts: PutOptions & { move?: boolean } = {}): Promise<void> {
    const { size } = await stat(file);
    const partBytes = Math.max(this.partBytes, Math.ceil(size / MAX_PARTS));
    await this.putStream(key, createReadStream(file, { highWaterMark: 1 << 20 }), opts, partBytes);
    if (opts.move) await rm(file, { force: true });
  }

  async putDirectory(prefix: string, dir: string, opts: PutDirectoryOptions): Promise<string[]> {
    checkStoragePrefix(prefix);
    const files = await walkFiles(dir);
    const keys = files.map((rel) => checkStorageKey(`${prefix}${rel}`));
    const before = opts.replace ? await this.list(prefix) : [];
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const i = next++;
        await this.putFile(keys[i], path.join(dir, ...files[i].split("/")));
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, files.length) }, worker));
    const written = new Set(keys);
    this.forgetHeads(prefix);
    const stale = before.map((o) => o.key).filter((k) => !written.has(k));
    await this.deleteKeys(stale);
    if (stale.length) await this.copies.forget(prefix);
    if (opts.move) await rm(dir, { recursive: true, force: true });
    return keys;
  }

  private async getObject(key: string, range?: string, signal?: AbortSignal) {
    const Key = this.objectKey(key);
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key, Range: range }), { abortSignal: signal });
    } catch (e) {
      if (isNotFound(e)) throw new StorageNotFoundError(key);
      throw this.failure("GetObject", key, e);
    }
  }

  async get(key: string): Promise<Buffer> {
    const res = await this.getObject(key);
    if (!res.Body) throw new Error(`GetObject ${key}: no body`);
    const bytes = await res.Body.transformToByteArray();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async getRange(key: string, start: number, end: number, opts: { signal?: AbortSignal } = {}): Promise<ReadableStream<Uint8Array>> {
    checkStorageKey(key);
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
      throw new RangeError(`invalid byte range ${start}-${end}`);
    }
    const res = await this.getObject(key, `bytes=${start}-${end}`, opts.signal);
    if (!res.Body) throw new Error(`GetObject ${key}: no body`);
    const node = res.Body as unknown as Readable;
    const want = end - start + 1;
    const from = res.ContentRange ? Number(/^bytes (\d+)-/.exec(res.ContentRange)?.[1]) : 0;
    // Some servers answer more than asked (s3rver ignores a range ending at byte 0): when the
    // answer starts at `start`, it is cut to the length asked for; anything else is an error.
    if (from !== start || (res.ContentLength !== undefined && res.ContentLength < want)) {
      node.destroy();
      throw new Error(`GetObject ${key} bytes ${start}-${end}: got ${res.ContentRange ?? "the whole object"} (${res.ContentLength} bytes)`);
    }
    opts.signal?.addEventListener("abort", () => node.destroy(), { once: true });
    const web = res.Body.transformToWebStream() as ReadableStream<Uint8Array>;
    return res.ContentLength === undefined || res.ContentLength > want ? limitStream(web, want, () => node.destroy()) : web;
  }

  async head(key: string): Promise<StoredObject | null> {
    const Key = this.objectKey(key);
    const now = Date.now();
    const hit = this.heads.get(key);
    if (hit && now - hit.at < HEAD_CACHE_MS) return hit.object;
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      const object = { key, size: res.ContentLength ?? 0, lastModified: res.LastModified ?? new Date(0) };
      this.heads.delete(key);
      this.heads.set(key, { object, at: now });
      if (this.heads.size > HEAD_CACHE_ENTRIES) this.heads.delete(this.heads.keys().next().value as string);
      return object;
    } catch (e) {
      if (isNotFound(e)) return null;
      throw this.failure("HeadObject", key, e);
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    this.forgetHeads(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (e) {
      if (!isNotFound(e)) throw this.failure("DeleteObject", key, e);
    }
    await this.copies.forget(key);
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      let res;
      try {
        res = await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((k) => ({ Key: this.objectKey(k) })), Quiet: true } }),
        );
      } catch (e) {
        throw this.failure("DeleteObjects", batch[0], e);
      }
      const failed = res.Errors?.filter((err) => err.Code !== "NoSuchKey") ?? [];
      if (failed.length) throw new Error(`DeleteObjects in s3://${this.bucket}: ${failed.length} object(s) not removed, e.g. ${failed[0].Key}: ${failed[0].Code}`);
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = (await this.list(prefix)).map((o) => o.key);
    this.forgetHeads(prefix);
    await this.deleteKeys(keys);
    await this.copies.forget(prefix);
    return keys.length;
  }

  /** Pages through ListObjects (v1) under `prefix`; `delimiter` "/" also yields the sub-prefixes. */
  private async listPages(prefix: string, delimiter: string | undefined, onPage: (objects: StoredObject[], dirs: string[]) => void): Promise<void> {
    const Prefix = this.objectPrefix(prefix);
    let Marker: string | undefined;
    for (;;) {
      let res;
      try {
        res = await this.client.send(new ListObjectsCommand({ Bucket: this.bucket, Prefix, Delimiter: delimiter, Marker, MaxKeys: this.pageSize }));
      } catch (e) {
        throw this.failure("ListObjects", prefix, e);
      }
      const contents = res.Contents ?? [];
      const dirs = (res.CommonPrefixes ?? []).map((p) => p.Prefix ?? "").filter(Boolean);
      onPage(
        contents
          .filter((o) => o.Key?.startsWith(Prefix))
          .map((o) => ({ key: o.Key!.slice(this.prefix.length), size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) })),
        dirs.map((d) => d.slice(Prefix.length).replace(/\/$/, "")),
      );
      if (!res.IsTruncated) return;
      const last = [contents.at(-1)?.Key ?? "", dirs.at(-1) ?? ""].sort().at(-1);
      const marker = res.NextMarker ?? last;
      if (!marker || marker === Marker) return;
      Marker = marker;
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    await this.listPages(prefix, undefined, (objects) => out.push(...objects));
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async listDirs(prefix: string): Promise<string[]> {
    const out = new Set<string>();
    await this.listPages(prefix, "/", (_objects, dirs) => dirs.forEach((d) => d && out.add(d)));
    return [...out].sort();
  }

  private async download(key: string, file: string): Promise<void> {
    const res = await this.getObject(key);
    if (!res.Body) throw new Error(`GetObject ${key}: no body`);
    const tmp = `${file}.part`;
    try {
      await pipeline(res.Body as unknown as Readable, createWriteStream(tmp));
      const { size } = await stat(tmp);
      if (res.ContentLength !== undefined && size !== res.ContentLength) throw new Error(`GetObject ${key}: got ${size} of ${res.ContentLength} bytes`);
      await rename(tmp, file);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    checkStorageKey(key);
    return this.copies.use(key, fn);
  }
}
