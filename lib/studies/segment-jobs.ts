import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import { registerJobKind } from "@/lib/jobs/registry";
import { toSegmentationJson } from "@/lib/protocol/segmentation-json";
import { probeVideo } from "@/lib/video/probe-video";
import { mediaStorage } from "@/lib/storage/media-storage";
import { videoStorageKeys } from "@/lib/video/storage-paths";
import { segmentIntoStorage } from "@/lib/video-library/segment-into-storage";

/**
 * HLS segmenting of a study's video as a job ("study.segment" {segmentationId, cutTimes}): the
 * frame-exact cut of a STREAMING study's video (lib/video segmentVideo), queued by
 * lib/studies/open-study.ts for each Segmentation it needs and run in that request (lib/jobs
 * run-now). ffmpeg work ("media" pool); one job per segmentation queued or running; idempotent
 * (segmentIntoStorage encodes into scratch and stores the directory in one step; a READY segmentation is left as
 * is). The Segmentation row shows the state: PROCESSING while the job runs, READY, or FAILED once
 * the job is out of attempts — never PROCESSING forever after a crash: the job is taken over.
 */
export const SEGMENT_VIDEO = "study.segment";
export const segmentKey = (segmentationId: string) => `${SEGMENT_VIDEO}:${segmentationId}`;

const payload = z.object({
  segmentationId: z.string().min(1).max(64),
  cutTimes: z.array(z.number().finite().nonnegative()).max(100_000),
});

registerJobKind({
  kind: SEGMENT_VIDEO,
  payload,
  pool: "media",
  concurrency: 1,
  maxAttempts: 3,
  dedupe: "active",
  run: async ({ payload: p }) => {
    const seg = await db.segmentation.findUnique({
      where: { id: p.segmentationId },
      select: { id: true, status: true, cutsHash: true, segments: true, video: { select: { id: true, status: true, storageKey: true, transcoded: true, playbackFile: true, originalFile: true } } },
    });
    if (!seg) return { skipped: "the segmentation was deleted" };
    if (seg.status === "READY") return { segments: Array.isArray(seg.segments) ? seg.segments.length : 0, reused: true };
    if (seg.video.status !== "READY") throw new PermanentJobError(`the video is not ready (${seg.video.status.toLowerCase()})`, "video_not_ready");
    await db.segmentation.update({ where: { id: seg.id }, data: { status: "PROCESSING" } });
    // ffmpeg reads a local file: the stored one itself, or a copy of the bucket's object (lib/storage).
    const { storageKey } = seg.video;
    const inputKey = videoStorageKeys(storageKey).file(seg.video.transcoded ? seg.video.playbackFile : seg.video.originalFile);
    const result = await mediaStorage().withLocalFile(inputKey, async (input) => segmentIntoStorage(storageKey, seg.cutsHash, input, p.cutTimes, { probe: await probeVideo(input) }));
    await db.segmentation.update({ where: { id: seg.id }, data: { status: "READY", segments: toSegmentationJson(result.segments) as never } });
    return { segments: result.segments.length };
  },
  onFailed: async ({ payload: p }) => {
    await db.segmentation.updateMany({ where: { id: (p as { segmentationId: string }).segmentationId, status: { not: "READY" } }, data: { status: "FAILED" } });
  },
});

/** Queues the segmenting of a segmentation (or returns the job already pending for it). */
export async function queueSegmenting(segmentationId: string, cutTimes: readonly number[], label: string) {
  return enqueueJob(SEGMENT_VIDEO, { segmentationId, cutTimes: [...cutTimes] }, { dedupeKey: segmentKey(segmentationId), label });
}
