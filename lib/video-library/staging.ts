import "server-only";
import { randomUUID } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { mediaStorage } from "@/lib/storage/media-storage";
import { resolveInside } from "@/lib/storage/safe-path";
import { ensureScratchRoot, newScratchDir, SCRATCH_HOST, SCRATCH_NAME, scratchName, scratchRoot } from "@/lib/storage/scratch";

/**
 * Scratch under `<data>/tmp` (local, whatever the storage driver; names and owners in
 * lib/storage/scratch.ts): uploads being received and videos being prepared, before they go to
 * the media storage (with the local driver, `<data>/tmp` is on the same filesystem as
 * `<data>/videos`, so moving a finished directory into place is an atomic rename).
 *
 * A received upload handed to its ingest job (lib/video-library/ingest-jobs.ts) is no longer
 * scratch: it is owned by the job, not by a process, and any instance may run the job, so it goes
 * into the media storage (every instance reads the same bucket, or the same shared data
 * directory), under
 *
 *   uploads/queued-<uuid>.upload      removed by the job, or by `sweepQueuedUploads` once old and
 *                                     no pending job needs it
 *
 * (with the local driver: `<data>/uploads/queued-<uuid>.upload`, moved there by a rename).
 */

/** Scratch of other hosts (shared data dir) is only removed once it is this old. */
const FOREIGN_SCRATCH_MAX_AGE_MS = 24 * 3600 * 1000;

export async function newUploadTempPath(): Promise<string> {
  return resolveInside(await ensureScratchRoot(), scratchName("upload", ".part"));
}

export async function newIngestStagingDir(): Promise<string> {
  return newScratchDir("ingest");
}

const QUEUED_UPLOAD = /^queued-[0-9a-f-]{36}\.upload$/;

/** Where queued uploads are kept in the media storage (see above). */
export const QUEUED_UPLOADS_PREFIX = "uploads/";

/** A queued upload is removed by the sweep only once it is this old (a failed ingest keeps it for an admin's retry). */
const QUEUED_UPLOAD_MAX_AGE_MS = 24 * 3600 * 1000;

/** A new name for a received upload handed to a job (see above). */
export function newQueuedUploadName(): string {
  return `queued-${randomUUID()}.upload`;
}

/** The storage key of a queued upload by its name (refused unless it is one). */
export function queuedUploadKey(name: string): string {
  if (!QUEUED_UPLOAD.test(name)) throw new Error(`not a queued upload name: ${name}`);
  return `${QUEUED_UPLOADS_PREFIX}${name}`;
}

/**
 * Removes queued uploads older than a day that no pending job needs (`pending(name)` says
 * whether a queued or running job refers to it). A failed ingest keeps its upload for an admin's
 * retry until then. Returns the names removed.
 */
export async function sweepQueuedUploads(pending: (name: string) => Promise<boolean>, now = Date.now()): Promise<string[]> {
  const storage = mediaStorage();
  const removed: string[] = [];
  for (const object of await storage.list(QUEUED_UPLOADS_PREFIX)) {
    const name = object.key.slice(QUEUED_UPLOADS_PREFIX.length);
    if (!QUEUED_UPLOAD.test(name) || now - object.lastModified.getTime() < QUEUED_UPLOAD_MAX_AGE_MS) continue;
    if (await pending(name)) continue;
    await storage.delete(object.key);
    removed.push(name);
  }
  return removed;
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes scratch files and directories whose owner is gone. Returns the names removed. */
export async function sweepStaleScratch(now = Date.now()): Promise<string[]> {
  const dir = scratchRoot();
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const m = SCRATCH_NAME.exec(name);
    if (!m) continue;
    const [, , host, pid] = m;
    let stale: boolean;
    if (host === SCRATCH_HOST) stale = !processAlive(Number(pid));
    else {
      const st = await stat(path.join(dir, name)).catch(() => null);
      stale = !!st && now - st.mtimeMs > FOREIGN_SCRATCH_MAX_AGE_MS;
    }
    if (stale) {
      await rm(path.join(dir, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}
