import "server-only";
import { createWriteStream } from "node:fs";
import { copyFile, cp, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileRangeStream } from "./file-range-stream";
import { renameDirectoryInto, walkFiles, writeAtomically } from "./local-files";
import type { MediaStorage, PutDirectoryOptions, StoredObject } from "./media-storage-types";
import { StorageNotFoundError } from "./media-storage-types";
import { resolveInside } from "./safe-path";
import { checkStorageKey, checkStoragePrefix } from "./storage-key";

function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * The local driver: key `a/b/c` is the file `<root>/a/b/c`, so the data directory keeps the
 * layout it always had (lib/video/storage-paths.ts) and existing data directories work as they
 * are. `root` is read on every call (PLAYHEAD_DATA_DIR, lib/config/data-dir.ts).
 *
 * Writes are atomic (a hidden temporary file or directory in the target's directory, then one
 * rename). Moving a file or a whole directory from the scratch space (`<data>/tmp`, same
 * filesystem) is a rename: nothing is copied. Reads are zero-copy for ffmpeg (`withLocalFile`
 * passes the stored file itself) and served with positioned reads (file-range-stream.ts).
 */
export class LocalStorage implements MediaStorage {
  readonly driver = "local" as const;

  constructor(private readonly root: () => string) {}

  describe(): string {
    return `data directory ${this.root()}`;
  }

  /**
   * The file of a key. The key check (no "..", no absolute or empty segment, no backslash) is what
   * keeps it inside the root, so a plain join suffices on the segment hot path.
   */
  pathOf(key: string): string {
    return path.join(this.root(), checkStorageKey(key));
  }

  private dirOf(prefix: string): string {
    return resolveInside(this.root(), checkStoragePrefix(prefix).slice(0, -1));
  }

  async put(key: string, body: Uint8Array | string): Promise<void> {
    await writeAtomically(this.pathOf(key), (tmp) => writeFile(tmp, body));
  }

  async putStream(key: string, body: AsyncIterable<Uint8Array>): Promise<void> {
    await writeAtomically(this.pathOf(key), (tmp) => pipeline(Readable.from(body), createWriteStream(tmp, { flags: "wx" })));
  }

  async putFile(key: string, file: string, opts: { move?: boolean } = {}): Promise<void> {
    const target = this.pathOf(key);
    if (opts.move) {
      try {
        await writeAtomically(target, (tmp) => rename(file, tmp));
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EXDEV") throw e;
      }
    }
    await writeAtomically(target, (tmp) => copyFile(file, tmp));
    if (opts.move) await rm(file, { force: true });
  }

  async putDirectory(prefix: string, dir: string, opts: PutDirectoryOptions): Promise<string[]> {
    const target = this.dirOf(prefix);
    const files = await walkFiles(dir);
    for (const rel of files) checkStorageKey(`${prefix}${rel}`);
    let source = dir;
    let copied = false;
    if (opts.move) {
      try {
        await renameDirectoryInto(dir, target, opts.replace ?? false);
        return files.map((rel) => `${prefix}${rel}`);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EXDEV") throw e;
      }
    }
    source = path.join(path.dirname(target), `.tmp-dir-${path.basename(target)}-${process.pid}-${Date.now()}`);
    try {
      await cp(dir, source, { recursive: true });
      copied = true;
      await renameDirectoryInto(source, target, opts.replace ?? false);
    } catch (e) {
      if (copied) await rm(source, { recursive: true, force: true });
      throw e;
    }
    if (opts.move) await rm(dir, { recursive: true, force: true });
    return files.map((rel) => `${prefix}${rel}`);
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (e) {
      if (isMissing(e) || (e as NodeJS.ErrnoException).code === "EISDIR") throw new StorageNotFoundError(key);
      throw e;
    }
  }

  async getRange(key: string, start: number, end: number, opts: { signal?: AbortSignal } = {}): Promise<ReadableStream<Uint8Array>> {
    return fileRangeStream(this.pathOf(key), start, end, { signal: opts.signal });
  }

  async head(key: string): Promise<StoredObject | null> {
    const st = await stat(this.pathOf(key)).catch((e: unknown) => {
      if (isMissing(e)) return null;
      throw e;
    });
    if (!st || !st.isFile()) return null;
    return { key, size: st.size, lastModified: st.mtime };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    const st = await stat(file).catch(() => null);
    if (st?.isFile()) await rm(file, { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    const dir = this.dirOf(prefix);
    const n = (await walkFiles(dir)).length;
    await rm(dir, { recursive: true, force: true });
    return n;
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const dir = this.dirOf(prefix);
    const out: StoredObject[] = [];
    for (const rel of await walkFiles(dir)) {
      const st = await stat(path.join(dir, rel)).catch(() => null);
      if (st?.isFile()) out.push({ key: `${prefix}${rel}`, size: st.size, lastModified: st.mtime });
    }
    return out;
  }

  async listDirs(prefix: string): Promise<string[]> {
    const entries = await readdir(this.dirOf(prefix), { withFileTypes: true }).catch((e: unknown) => {
      if (isMissing(e)) return [];
      throw e;
    });
    return entries
      .filter((e) => e.isDirectory() && !e.name.startsWith("."))
      .map((e) => e.name)
      .sort();
  }

  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    const file = this.pathOf(key);
    const st = await stat(file).catch(() => null);
    if (!st?.isFile()) throw new StorageNotFoundError(key);
    return fn(file);
  }
}
