import "server-only";
import { createHash } from "node:crypto";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { newScratchDir, scratchRoot } from "./scratch";

type Entry = {
  file: string;
  size: number;
  pins: number;
  ready: Promise<void>;
  loaded: boolean;
};

/**
 * Local copies of stored objects, for the tools that need a file (ffmpeg, ffprobe) when the
 * objects live in a bucket. A copy is downloaded once and kept (objects never change in place)
 * until the copies of this process exceed `maxBytes`; then the least recently used copies that no
 * call is using are removed. Copies live in a scratch directory of this process
 * (`<data>/tmp/cache-<host>-<pid>-<uuid>`), which lib/video-library/staging.ts removes once the
 * process is gone. Two calls wanting the same object share one download.
 */
export class LocalCopies {
  private readonly entries = new Map<string, Entry>();
  private dir: { root: string; path: Promise<string> } | null = null;

  constructor(
    private readonly download: (key: string, file: string) => Promise<void>,
    private readonly maxBytes: number,
  ) {}

  private async cacheDir(): Promise<string> {
    const root = scratchRoot();
    if (!this.dir || this.dir.root !== root) this.dir = { root, path: newScratchDir("cache") };
    const dir = await this.dir.path;
    await mkdir(dir, { recursive: true });
    return dir;
  }

  private fileName(key: string): string {
    const base = key.slice(key.lastIndexOf("/") + 1);
    const dot = base.lastIndexOf(".");
    return createHash("sha256").update(key).digest("hex").slice(0, 40) + (dot > 0 ? base.slice(dot) : "");
  }

  private fetch(key: string, entry: Entry): Promise<void> {
    return (async () => {
      entry.file = path.join(await this.cacheDir(), this.fileName(key));
      await this.download(key, entry.file);
      entry.size = (await stat(entry.file)).size;
      entry.loaded = true;
    })();
  }

  /** Runs `fn` with a local copy of `key` (downloaded when there is none yet). */
  async use<T>(key: string, fn: (file: string) => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (entry?.loaded && !(await stat(entry.file).then((s) => s.isFile(), () => false))) {
      // Removed behind our back (a test wiping the data directory): fetch again.
      this.entries.delete(key);
      entry = undefined;
    }
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      const fresh: Entry = { file: "", size: 0, pins: 0, ready: Promise.resolve(), loaded: false };
      fresh.ready = this.fetch(key, fresh);
      fresh.ready.catch(() => {
        if (this.entries.get(key) === fresh) this.entries.delete(key);
      });
      this.entries.set(key, fresh);
      entry = fresh;
    }
    entry.pins++;
    try {
      await entry.ready;
      return await fn(entry.file);
    } finally {
      entry.pins--;
      await this.evict();
    }
  }

  /** Drops the copies of objects under `prefix` that no call is using (their objects were deleted). */
  async forget(prefix: string): Promise<void> {
    for (const [key, entry] of [...this.entries]) {
      if (!key.startsWith(prefix) || entry.pins > 0) continue;
      this.entries.delete(key);
      if (entry.file) await rm(entry.file, { force: true });
    }
  }

  /** Bytes held by finished copies. */
  heldBytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) if (entry.loaded) total += entry.size;
    return total;
  }

  private async evict(): Promise<void> {
    let total = this.heldBytes();
    for (const [key, entry] of [...this.entries]) {
      if (total <= this.maxBytes) break;
      if (entry.pins > 0 || !entry.loaded) continue;
      this.entries.delete(key);
      total -= entry.size;
      await rm(entry.file, { force: true });
    }
  }
}
