import "server-only";
import { rm } from "node:fs/promises";
import path from "node:path";
import { mediaStorage } from "@/lib/storage/media-storage";
import { newScratchDir } from "@/lib/storage/scratch";
import { segmentVideo, type SegmentOptions, type SegmentResult } from "@/lib/video/segment-video";
import { videoStorageKeys } from "@/lib/video/storage-paths";

/**
 * Cuts a stored video into frame-exact HLS segments (lib/video/segment-video.ts) and stores them
 * as `videos/<uuid>/segments/<dirKey>/` (playlist.m3u8, init.mp4, seg-NNNNN.m4s), replacing an
 * earlier attempt there. ffmpeg reads `input` (a local file: `mediaStorage().withLocalFile`) and
 * writes into a local scratch directory; the result is then stored in one step (the local driver
 * renames the directory into place; the S3 driver uploads the files and removes stale ones).
 * Callable from a request or a background job; nothing is left in scratch either way.
 */
export async function segmentIntoStorage(
  storageKey: string,
  dirKey: string,
  input: string,
  cutTimes: readonly number[],
  opts: SegmentOptions = {},
): Promise<SegmentResult> {
  const prefix = videoStorageKeys(storageKey).segmentsPrefix(dirKey);
  const work = await newScratchDir("work");
  try {
    const result = await segmentVideo(input, cutTimes, path.join(work, "out"), opts);
    await mediaStorage().putDirectory(prefix, result.outDir, { move: true, replace: true });
    return { ...result, outDir: prefix };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
