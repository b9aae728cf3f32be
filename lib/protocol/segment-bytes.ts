import "server-only";
import { mediaStorage } from "@/lib/storage/media-storage";

/**
 * Segment files in memory: every participant of a study streams the same few segments, and a
 * segmentation's files never change once written (a new segmentation gets a new directory). An
 * LRU bounded by bytes (PLAYHEAD_SEGMENT_CACHE_MB, default 64) spares a storage read (a disk read,
 * or a GET from the bucket) per request. Keyed by storage key (lib/protocol/segment-files.ts).
 */
const MAX_BYTES = Number(process.env.PLAYHEAD_SEGMENT_CACHE_MB ?? 64) * 2 ** 20;
const cache = new Map<string, Buffer>();
let total = 0;
/**
 * Reads under way, by key: a launch sends hundreds of participants to the same first segment at
 * once, and before it is cached every one of them would read it from the storage (a disk read or
 * a bucket GET each). They share one read instead.
 */
const reading = new Map<string, Promise<Buffer>>();

export async function segmentBytes(key: string): Promise<Buffer> {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  let read = reading.get(key);
  if (!read) {
    read = readAndCache(key);
    reading.set(key, read);
    const done = () => reading.delete(key);
    read.then(done, done);
  }
  return read;
}

async function readAndCache(key: string): Promise<Buffer> {
  const bytes = await mediaStorage().get(key);
  if (cache.has(key)) return bytes;
  if (bytes.byteLength <= MAX_BYTES / 8) {
    cache.set(key, bytes);
    total += bytes.byteLength;
    while (total > MAX_BYTES) {
      const [oldest, buf] = cache.entries().next().value as [string, Buffer];
      cache.delete(oldest);
      total -= buf.byteLength;
    }
  }
  return bytes;
}
