import "server-only";
import { readFile } from "node:fs/promises";

/**
 * Segment files in memory: every participant of a study streams the same few segments, and a
 * segmentation's files never change once written (a new segmentation gets a new directory). An
 * LRU bounded by bytes (PLAYHEAD_SEGMENT_CACHE_MB, default 64) spares a disk read per request.
 */
const MAX_BYTES = Number(process.env.PLAYHEAD_SEGMENT_CACHE_MB ?? 64) * 2 ** 20;
const cache = new Map<string, Buffer>();
let total = 0;

export async function segmentBytes(file: string): Promise<Buffer> {
  const hit = cache.get(file);
  if (hit) {
    cache.delete(file);
    cache.set(file, hit);
    return hit;
  }
  const bytes = await readFile(file);
  if (bytes.byteLength <= MAX_BYTES / 8) {
    cache.set(file, bytes);
    total += bytes.byteLength;
    while (total > MAX_BYTES) {
      const [oldest, buf] = cache.entries().next().value as [string, Buffer];
      cache.delete(oldest);
      total -= buf.byteLength;
    }
  }
  return bytes;
}
