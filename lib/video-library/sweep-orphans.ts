import "server-only";
import { db } from "@/lib/db/prisma";
import { mediaStorage } from "@/lib/storage/media-storage";
import { UUID_PATTERN, VIDEOS_PREFIX } from "@/lib/video/storage-paths";

/** A storage directory without a row is only removed once it is older than this (an ingest stores it a moment before inserting its row). */
const ORPHAN_MIN_AGE_MS = 10 * 60 * 1000;

/**
 * Removes the stored files of videos that no Video row claims (`videos/<uuid>/` in the media
 * storage, either driver): left by a process killed between storing a finished video and
 * inserting its row, or by a deletion whose files could not be removed. A directory counts as
 * old when its newest file is older than ORPHAN_MIN_AGE_MS. Returns the keys removed.
 */
export async function sweepOrphanVideoDirs(now = Date.now()): Promise<string[]> {
  const storage = mediaStorage();
  const names = (await storage.listDirs(VIDEOS_PREFIX)).filter((n) => UUID_PATTERN.test(n));
  if (!names.length) return [];
  const claimed = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const rows = await db.video.findMany({ where: { storageKey: { in: names.slice(i, i + 500) } }, select: { storageKey: true } });
    for (const r of rows) claimed.add(r.storageKey);
  }
  const removed: string[] = [];
  for (const name of names) {
    if (claimed.has(name)) continue;
    const prefix = `${VIDEOS_PREFIX}${name}/`;
    const files = await storage.list(prefix);
    const newest = files.reduce((n, f) => Math.max(n, f.lastModified.getTime()), 0);
    if (files.length && now - newest < ORPHAN_MIN_AGE_MS) continue;
    await storage.deletePrefix(prefix);
    removed.push(name);
  }
  return removed;
}
