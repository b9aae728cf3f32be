import "server-only";
import { readStoredPtsSidecar } from "@/lib/video/pts-sidecar";
import { videoStorageKeys } from "@/lib/video/storage-paths";
import { timingFromTable, type VideoTiming } from "./frame-mapping";

export type TimedVideo = { id: string; storageKey: string; ptsFile: string; durationSec: number };

/** Reads the playback PTS sidecar of a video (never throws: a missing table is reported in `problem`). */
export async function loadVideoTiming(video: TimedVideo): Promise<VideoTiming> {
  try {
    return timingFromTable(video.id, await readStoredPtsSidecar(videoStorageKeys(video.storageKey).file(video.ptsFile)));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const problem = e.code === "ENOENT" ? "sidecar file missing" : e.message;
    return { videoId: video.id, durationSec: video.durationSec, table: null, problem };
  }
}
