import "server-only";
import { mediaStorage } from "@/lib/storage/media-storage";
import { detectSceneCuts } from "@/lib/video/detect-scene-cuts";
import { SCENE_CUT_THRESHOLD, SCENE_CUTS_SIDECAR_VERSION, type SceneCutsSidecar } from "@/lib/video/scene-cuts";
import { readSceneCutsSidecar, writeSceneCutsSidecar } from "@/lib/video/scene-cuts-sidecar";
import { videoStorageKeys } from "@/lib/video/storage-paths";
import { mediaFile, ptsFile, readVideoPts } from "./video-files";

/**
 * Scene cuts of a library video, computed once and stored as `scene-cuts.json` next to the PTS
 * sidecars in the media storage (frames of the playback file; lib/video/scene-cuts.ts). Detection
 * decodes the whole video, so it never runs on a request's path: it is a job of the queue
 * ("video.scene-cuts", lib/video-library/scene-cut-jobs.ts), queued on the video's first use (a
 * workspace, GET /api/videos/:id/scene-cuts, the video's page) and run by a job runner, which
 * limits ffmpeg work per instance, retries a failure with backoff and, once out of attempts,
 * leaves the failure with its error for the pages to show (no endless "detecting…").
 */
export type StoredVideo = Parameters<typeof ptsFile>[0] & { id: string; originalName?: string };

/** Storage key of the video's scene-cut sidecar. */
export function sceneCutsStorageKey(video: Pick<StoredVideo, "storageKey">): string {
  return videoStorageKeys(video.storageKey).sceneCuts;
}

/** Detects the video's scene cuts (ffmpeg, the whole video) and stores them; what the job runs. */
export async function computeSceneCuts(video: StoredVideo, options: { signal?: AbortSignal } = {}): Promise<SceneCutsSidecar> {
  const table = await readVideoPts(video, "playback");
  // ffmpeg reads a local file: the stored one itself, or a copy of the bucket's object (lib/storage).
  const { frames, detectMs } = await mediaStorage().withLocalFile(mediaFile(video, "playback").key, (file) => detectSceneCuts(file, table, { signal: options.signal }));
  const doc: SceneCutsSidecar = { version: SCENE_CUTS_SIDECAR_VERSION, threshold: SCENE_CUT_THRESHOLD, frameCount: table.pts.length, frames, detectMs };
  await writeSceneCutsSidecar(sceneCutsStorageKey(video), doc);
  return doc;
}

/** The stored cut frames when the sidecar is there and valid for `frameCount` frames; null otherwise (a malformed or stale one is logged). */
export async function storedSceneCutFrames(video: StoredVideo, frameCount: number): Promise<number[] | null> {
  const stored = await readSceneCutsSidecar(sceneCutsStorageKey(video), frameCount).catch((e: unknown) => {
    console.warn(`[playhead] video ${video.id}: ${(e as Error).message}; detecting scene cuts again`);
    return null;
  });
  return stored ? stored.frames : null;
}
