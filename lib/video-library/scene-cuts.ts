import "server-only";
import { mediaStorage } from "@/lib/storage/media-storage";
import { detectSceneCuts } from "@/lib/video/detect-scene-cuts";
import { SCENE_CUT_THRESHOLD, SCENE_CUTS_SIDECAR_VERSION, type SceneCutsSidecar } from "@/lib/video/scene-cuts";
import { readSceneCutsSidecar, writeSceneCutsSidecar } from "@/lib/video/scene-cuts-sidecar";
import { videoStorageKeys } from "@/lib/video/storage-paths";
import { mediaFile, ptsFile, readVideoPts } from "./video-files";

/**
 * Scene cuts of a library video, computed once and stored as `scene-cuts.json` next to the PTS
 * sidecars in the media storage (frames of the playback file; lib/video/scene-cuts.ts). Detection decodes the whole
 * video, so it never runs on a request's path: `sceneCutFrames` answers from the sidecar or
 * returns null ("detecting") after queueing the detection, so a video's cuts are computed on its
 * first use (a workspace or GET /api/videos/:id/scene-cuts), in the server process. Not at ingest:
 * the CLI import and the benchmarks are short-lived processes that must not leave ffmpeg runs
 * behind, and files appearing in a video's directory after its upload answered would surprise
 * whoever lists it. One detection runs at a time in this process; a video already queued is not queued
 * twice; a failed detection is retried after FAILURE_RETRY_MS at the earliest.
 */
type StoredVideo = Parameters<typeof ptsFile>[0] & { id: string };

const FAILURE_RETRY_MS = 10 * 60_000;
const inFlight = new Map<string, Promise<SceneCutsSidecar>>();
const failedAt = new Map<string, number>();
let queue: Promise<unknown> = Promise.resolve();

const keyOf = (video: StoredVideo) => `${video.id}:${video.sha256}`;

/** Storage key of the video's scene-cut sidecar. */
export function sceneCutsKey(video: Pick<StoredVideo, "storageKey">): string {
  return videoStorageKeys(video.storageKey).sceneCuts;
}

/** Detects (queued behind any running detection) and stores the video's scene cuts. */
export function computeSceneCuts(video: StoredVideo): Promise<SceneCutsSidecar> {
  const key = keyOf(video);
  const running = inFlight.get(key);
  if (running) return running;
  const job = queue.then(async () => {
    const table = await readVideoPts(video, "playback");
    const { frames, detectMs } = await mediaStorage().withLocalFile(mediaFile(video, "playback").key, (file) => detectSceneCuts(file, table));
    const doc: SceneCutsSidecar = { version: SCENE_CUTS_SIDECAR_VERSION, threshold: SCENE_CUT_THRESHOLD, frameCount: table.pts.length, frames, detectMs };
    await writeSceneCutsSidecar(sceneCutsKey(video), doc);
    return doc;
  });
  queue = job.catch(() => undefined);
  inFlight.set(key, job);
  job.then(
    () => {
      inFlight.delete(key);
      failedAt.delete(key);
    },
    (e: unknown) => {
      inFlight.delete(key);
      failedAt.set(key, Date.now());
      // The video was deleted meanwhile (or its storage is gone, as after a test): nothing to say.
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
      console.warn(`[playhead] scene detection of video ${video.id} failed: ${(e as Error).message}`);
    },
  );
  return job;
}

/**
 * Resolves once no detection is queued or running in this process (tests that compare the
 * storage tree before and after a request wait for detections queued by earlier uploads).
 */
export async function sceneCutsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
}

/** Queues the detection unless it is stored, running, or failed recently (fire and forget). */
export function scheduleSceneCuts(video: StoredVideo): void {
  const key = keyOf(video);
  if (inFlight.has(key)) return;
  const failed = failedAt.get(key);
  if (failed !== undefined && Date.now() - failed < FAILURE_RETRY_MS) return;
  computeSceneCuts(video).catch(() => undefined);
}

/**
 * The stored cut frames of a video whose playback PTS table has `frameCount` frames, or null while
 * they are not known yet (the detection is then queued). A malformed or stale sidecar is
 * recomputed.
 */
export async function sceneCutFrames(video: StoredVideo, frameCount: number): Promise<number[] | null> {
  const stored = await readSceneCutsSidecar(sceneCutsKey(video), frameCount).catch((e: unknown) => {
    console.warn(`[playhead] video ${video.id}: ${(e as Error).message}; detecting scene cuts again`);
    return null;
  });
  if (stored) return stored.frames;
  scheduleSceneCuts(video);
  return null;
}
