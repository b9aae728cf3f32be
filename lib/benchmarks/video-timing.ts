import "server-only";
import { readPtsSidecar } from "@/lib/video/pts-sidecar";
import { resolveInside, videoStoragePaths } from "@/lib/video/storage-paths";
import { timingFromTable, type VideoTiming } from "./frame-mapping";

export type TimedVideo = { id: string; storageKey: string; ptsFile: string; durationSec: number };

/** Reads the playback PTS sidecar of a video (never throws: a missing table is reported in `problem`). */
export async function loadVideoTiming(video: TimedVideo): Promise<VideoTiming> {
  try {
    const file = resolveInside(videoStoragePaths(video.storageKey).dir, video.ptsFile);
    return timingFromTable(video.id, await readPtsSidecar(file));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const problem = e.code === "ENOENT" ? "sidecar file missing" : e.message;
    return { videoId: video.id, durationSec: video.durationSec, table: null, problem };
  }
}
