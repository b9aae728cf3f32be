import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { enqueueJob } from "@/lib/jobs/enqueue";
import type { JobDto } from "@/lib/jobs/job-dto";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import { latestJobFor } from "@/lib/jobs/job-status";
import { registerJobKind } from "@/lib/jobs/registry";
import { computeSceneCuts, storedSceneCutFrames, type StoredVideo } from "./scene-cuts";

/**
 * Scene-cut detection as a job ("video.scene-cuts" {videoId}; lib/video-library/scene-cuts.ts
 * says why): ffmpeg work (the "media" pool), one job per video queued or running (key
 * `video.scene-cuts:<videoId>`), idempotent (the sidecar is written whole, and a valid one
 * makes the job a no-op). A video whose file ffmpeg cannot decode fails each attempt; once out
 * of attempts the job is FAILED with the error, which `sceneCutsState` reports ("failed") until
 * an admin retries the job: it is never queued again by itself.
 */
export const DETECT_SCENE_CUTS = "video.scene-cuts";
export const sceneCutsKey = (videoId: string) => `${DETECT_SCENE_CUTS}:${videoId}`;

const STORED_SELECT = { id: true, status: true, storageKey: true, sha256: true, transcoded: true, playbackFile: true, originalFile: true, ptsFile: true, originalProbe: true, mimeType: true, thumbnailFile: true, originalName: true, frameCount: true } as const;

/**
 * ffmpeg's messages start with the stored file's name and may hold server paths: keep the reason
 * only (annotators see it; they know the video by its name), without decoder addresses.
 */
function userMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .replace(/\/[^\s:;,()'"]*\/([^\s/:;,()'"]+)/g, "$1")
    .replace(/^[\w.-]+\.(mp4|mkv|mov|webm|avi|ts|m4v|bin|json):\s*/, "")
    .replace(/\[[\w ]+ @ 0x[0-9a-f]+\]\s*/g, "")
    .slice(0, 500);
}

registerJobKind({
  kind: DETECT_SCENE_CUTS,
  payload: z.object({ videoId: z.string().min(1).max(64) }),
  pool: "media",
  concurrency: 1,
  maxAttempts: 3,
  dedupe: "active",
  run: async ({ payload, signal }) => {
    const video = await db.video.findUnique({ where: { id: payload.videoId }, select: STORED_SELECT });
    if (!video) return { skipped: "the video was deleted" };
    if (video.status !== "READY") throw new PermanentJobError(`the video is not ready (${video.status.toLowerCase()})`, "video_not_ready");
    const stored = await storedSceneCutFrames(video, video.frameCount);
    if (stored) return { cuts: stored.length, reused: true };
    try {
      const doc = await computeSceneCuts(video, { signal });
      return { cuts: doc.frames.length, detectMs: doc.detectMs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new PermanentJobError("the video's files are missing from storage", "files_missing");
      if (signal.aborted) throw error;
      throw new Error(userMessage(error));
    }
  },
});

export type SceneCutsState =
  | { status: "ready"; frames: number[] }
  | { status: "pending"; job: JobDto | null }
  | { status: "failed"; job: JobDto; error: string };

/**
 * The video's scene cuts, or why there are none yet: pending (queued or running; queued by this
 * call when no job stands for it — a first use, or a sidecar gone since), or failed (the job's
 * error; not queued again until an admin retries it).
 */
export async function sceneCutsState(video: StoredVideo, frameCount: number): Promise<SceneCutsState> {
  const frames = await storedSceneCutFrames(video, frameCount);
  if (frames) return { status: "ready", frames };
  const job = await latestJobFor(sceneCutsKey(video.id));
  if (job?.state === "FAILED") return { status: "failed", job, error: job.lastError ?? "scene detection failed" };
  if (job?.state === "QUEUED" || job?.state === "RUNNING") return { status: "pending", job };
  await enqueueJob(DETECT_SCENE_CUTS, { videoId: video.id }, { dedupeKey: sceneCutsKey(video.id), label: video.originalName ?? video.id });
  return { status: "pending", job: await latestJobFor(sceneCutsKey(video.id)) };
}

/** The stored cut frames of a video whose playback has `frameCount` frames, or null while unknown (detection queued) or failed. */
export async function sceneCutFrames(video: StoredVideo, frameCount: number): Promise<number[] | null> {
  const state = await sceneCutsState(video, frameCount);
  return state.status === "ready" ? state.frames : null;
}
