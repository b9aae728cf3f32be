import "server-only";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db/prisma";
import { dataDir } from "@/lib/config/data-dir";
import { UUID_PATTERN } from "@/lib/video/storage-paths";

/** A storage directory without a row is only removed once it is older than this (an ingest renames it into place a moment before inserting its row). */
const ORPHAN_MIN_AGE_MS = 10 * 60 * 1000;

/**
 * Removes `<data>/videos/<uuid>` directories that no Video row claims (left by a process killed
 * between moving a finished video into place and inserting its row). Returns the keys removed.
 */
export async function sweepOrphanVideoDirs(now = Date.now()): Promise<string[]> {
  const root = path.join(dataDir(), "videos");
  const names = (await readdir(root).catch(() => [] as string[])).filter((n) => UUID_PATTERN.test(n));
  if (!names.length) return [];
  const claimed = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const rows = await db.video.findMany({ where: { storageKey: { in: names.slice(i, i + 500) } }, select: { storageKey: true } });
    for (const r of rows) claimed.add(r.storageKey);
  }
  const removed: string[] = [];
  for (const name of names) {
    if (claimed.has(name)) continue;
    const st = await stat(path.join(root, name)).catch(() => null);
    if (!st || now - st.mtimeMs < ORPHAN_MIN_AGE_MS) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
