import "server-only";
import { db } from "@/lib/db/prisma";
import type { JobDto } from "@/lib/jobs/job-dto";
import { latestJobsFor, openAndFailedJobs } from "@/lib/jobs/job-status";
import { INGEST_VIDEO } from "./ingest-jobs";
import { DETECT_SCENE_CUTS, sceneCutsKey } from "./scene-cut-jobs";

/**
 * What the video pages show of the library's background jobs (lib/jobs): uploads still being
 * processed or failed, scene-cut detections that failed (the video's latest one), per video the
 * state of its scene cuts. Failures older than FAILURE_WINDOW_DAYS drop off the videos page
 * (they stay on /admin/jobs).
 */
export const FAILURE_WINDOW_DAYS = 14;

export type SceneCutJobState = { state: JobDto["state"]; error: string | null };
export type FailedSceneCuts = { videoId: string; videoName: string; job: JobDto };
export type LibraryJobs = { uploads: JobDto[]; sceneCuts: FailedSceneCuts[] };

const since = () => new Date(Date.now() - FAILURE_WINDOW_DAYS * 24 * 3600_000);

/** The latest scene-cut job of each video (by video id), for badges on the catalogue. */
export async function sceneCutJobStates(videoIds: string[]): Promise<Record<string, SceneCutJobState>> {
  const latest = await latestJobsFor(videoIds.map(sceneCutsKey));
  const out: Record<string, SceneCutJobState> = {};
  for (const id of videoIds) {
    const job = latest.get(sceneCutsKey(id));
    if (job) out[id] = { state: job.state, error: job.state === "FAILED" ? job.lastError : null };
  }
  return out;
}

/** Uploads queued, being processed or failed recently; scene-cut detections whose latest attempt failed recently. */
export async function libraryJobs(): Promise<LibraryJobs> {
  const uploads = await openAndFailedJobs(INGEST_VIDEO, since());
  const failed = await db.backgroundJob.findMany({
    where: { kind: DETECT_SCENE_CUTS, state: "FAILED", finishedAt: { gte: since() } },
    orderBy: { finishedAt: "desc" },
    take: 50,
    select: { payload: true },
  });
  const videoIds = [...new Set(failed.map((f) => (f.payload as { videoId?: string } | null)?.videoId).filter((v): v is string => !!v))];
  const latest = await latestJobsFor(videoIds.map(sceneCutsKey));
  const videos = await db.video.findMany({ where: { id: { in: videoIds } }, select: { id: true, originalName: true } });
  const names = new Map(videos.map((v) => [v.id, v.originalName]));
  const sceneCuts = videoIds.flatMap((videoId) => {
    const job = latest.get(sceneCutsKey(videoId));
    const videoName = names.get(videoId);
    return job && job.state === "FAILED" && videoName ? [{ videoId, videoName, job }] : [];
  });
  return { uploads, sceneCuts };
}
