/**
 * The storage interface every stored media file goes through (uploads' originals, playback
 * copies, HLS segments and playlists, PTS tables, scene-cut sidecars, thumbnails, frame images),
 * with two drivers: lib/storage/local-storage.ts (the data directory) and
 * lib/storage/s3-storage.ts (an S3-compatible bucket). Keys: lib/storage/storage-key.ts.
 *
 * Every stored object is written once and never changed in place (a new version gets a new key),
 * and writes are atomic: a reader sees the whole object or none of it.
 */

export type StoredObject = {
  key: string;
  size: number;
  lastModified: Date;
};

export type PutOptions = {
  /** MIME type recorded with the object (S3 Content-Type); the local driver ignores it. */
  contentType?: string;
};

export type PutDirectoryOptions = {
  /** The local directory is consumed (the local driver renames it into place, atomically). */
  move: boolean;
  /** Objects already under the prefix that the directory does not have are removed. */
  replace?: boolean;
};

export interface MediaStorage {
  readonly driver: "local" | "s3";
  /** Where objects go, for logs and errors ("data directory /srv/x", "s3://bucket/prefix/ at ..."). */
  describe(): string;

  /** Stores bytes under `key` (replacing an object there). */
  put(key: string, body: Uint8Array | string, opts?: PutOptions): Promise<void>;
  /** Stores the bytes of a stream; large streams go up in parts (S3 multipart upload). */
  putStream(key: string, body: AsyncIterable<Uint8Array>, opts?: PutOptions): Promise<void>;
  /** Stores a local file; `move` consumes it (the local driver renames it into place). */
  putFile(key: string, file: string, opts?: PutOptions & { move?: boolean }): Promise<void>;
  /**
   * Stores every file of a local directory under `prefix` (keys = prefix + relative path).
   * Returns the keys written, sorted.
   */
  putDirectory(prefix: string, dir: string, opts: PutDirectoryOptions): Promise<string[]>;

  /** The whole object. Throws StorageNotFoundError when there is none. */
  get(key: string): Promise<Buffer>;
  /**
   * Bytes `start..end` (inclusive) as a pull-based stream (a slow client holds a chunk or two of
   * memory, never the object). The caller checks the range against `head()` first.
   */
  getRange(key: string, start: number, end: number, opts?: { signal?: AbortSignal }): Promise<ReadableStream<Uint8Array>>;
  /** Size and modification time, or null when there is no such object. */
  head(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;

  /** Removes one object (nothing happens when it does not exist). */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix`; returns how many there were. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every object under `prefix` (recursively), sorted by key. */
  list(prefix: string): Promise<StoredObject[]>;
  /** The names of the "directories" right under `prefix` (`videos/` → the video ids), sorted. */
  listDirs(prefix: string): Promise<string[]>;

  /**
   * Runs `fn` with a local file holding the object (ffmpeg and ffprobe read files): the local
   * driver passes the stored file itself (no copy); the S3 driver a downloaded copy, kept in a
   * bounded per-process cache (PLAYHEAD_S3_CACHE_MB) while in use and after. `fn` must not
   * change or remove the file. Throws StorageNotFoundError when there is no such object.
   */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T>;
}

/**
 * No object under this key. Its `code` is "ENOENT", like the filesystem's, so callers that
 * treat a missing file as "not there yet" work the same with every driver.
 */
export class StorageNotFoundError extends Error {
  readonly code = "ENOENT";
  constructor(readonly key: string) {
    super(`stored object ${key} does not exist`);
    this.name = "StorageNotFoundError";
  }
}

export function isStorageNotFound(e: unknown): boolean {
  return e instanceof StorageNotFoundError || (e as { code?: unknown } | null)?.code === "ENOENT";
}
