import "server-only";
import { rm } from "node:fs/promises";
import { z } from "zod";
import type { AttachResult } from "@/lib/benchmarks/attach-pending-items";
import { db } from "@/lib/db/prisma";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import { registerJobKind } from "@/lib/jobs/registry";
import { mediaStorage } from "@/lib/storage/media-storage";
import { VideoRejectedError } from "@/lib/video/validate-video";
import { ingestVideo, PlaybackCopyError } from "./ingest-video";
import { newQueuedUploadName, queuedUploadKey } from "./staging";

/**
 * Ingest of an uploaded video as a job ("video.ingest"): the upload route receives the bytes,
 * hands the file to a job (`queueUploadIngest`) and runs that job in the request (lib/jobs
 * run-now: same answer as before, 201 / 422), so that an ingest interrupted by a crash or a
 * restart is finished by another instance (or the restarted one) once its lease expires, and
 * a failure is retried and then visible (the videos page, /admin/jobs) with its error.
 *
 * The job owns its upload (`uploads/queued-<uuid>.upload` in the media storage, see staging.ts)
 * until it ends, so any instance can run it (the one that received the bytes may be gone): the
 * ingest hard-links a local file of it (the stored file itself with the local driver, a
 * downloaded copy with S3) into its staging (lib/video-library/ingest-video.ts "link"), so an
 * attempt that dies leaves the upload for the next one; the job removes it once the video is in
 * the library, or refused (not a video: a permanent failure, nothing to retry). A job that fails
 * otherwise keeps it for an admin's retry (a day, then `sweepQueuedUploads`). Idempotent: the
 * same bytes twice are one video (SHA-256), the second attempt answers "duplicate".
 */
export const INGEST_VIDEO = "video.ingest";

const payload = z.object({
  upload: z.string().regex(/^queued-[0-9a-f-]{36}\.upload$/),
  displayName: z.string().min(1).max(255),
  actorId: z.string().max(64).nullable(),
  ip: z.string().max(100).optional(),
});
export type IngestPayload = z.infer<typeof payload>;
export type IngestJobResult = { videoId: string; duplicate: boolean; attached: AttachResult | null };

registerJobKind({
  kind: INGEST_VIDEO,
  payload,
  pool: "media",
  concurrency: 1,
  maxAttempts: 3,
  run: async ({ payload: p, signal }): Promise<IngestJobResult> => {
    const storage = mediaStorage();
    const key = queuedUploadKey(p.upload);
    if (!(await storage.exists(key))) {
      // Already ingested by an attempt whose outcome was lost? Then the video is there.
      throw new PermanentJobError(`${p.displayName}: the uploaded file is no longer on the server (removed after a day); upload it again`, "upload_missing");
    }
    try {
      const result = await storage.withLocalFile(key, (file) =>
        ingestVideo({ file, mode: "link" }, { displayName: p.displayName, actorId: p.actorId, via: "upload", ip: p.ip, signal }),
      );
      await storage.delete(key);
      return { videoId: result.video.id, duplicate: result.duplicate, attached: result.attached ?? null };
    } catch (e) {
      if (e instanceof VideoRejectedError) {
        await storage.delete(key);
        throw new PermanentJobError(e.message, "video_rejected", { file: e.fileName, reason: e.reason, rejection: e.code });
      }
      if (e instanceof PlaybackCopyError) {
        await storage.delete(key);
        throw new PermanentJobError(e.message, "video_rejected", { file: e.fileName, reason: e.reason, rejection: "not-convertible" });
      }
      throw e;
    }
  },
});

/**
 * Hands a received upload (a temp file of this request, consumed) to a new ingest job: stores it
 * in the media storage (a rename with the local driver), then queues the job; the job's id.
 */
export async function queueUploadIngest(received: string, options: { displayName: string; actorId: string | null; ip?: string }): Promise<string> {
  const storage = mediaStorage();
  const name = newQueuedUploadName();
  try {
    await storage.putFile(queuedUploadKey(name), received, { move: true, contentType: "application/octet-stream" });
  } catch (error) {
    await rm(received, { force: true });
    throw error;
  }
  try {
    const job = await enqueueJob(INGEST_VIDEO, { upload: name, displayName: options.displayName, actorId: options.actorId, ip: options.ip }, { label: options.displayName });
    return job.id;
  } catch (error) {
    await storage.delete(queuedUploadKey(name));
    throw error;
  }
}

/** Whether a queued or running ingest job still needs this queued upload (for the scratch sweep). */
export async function queuedUploadPending(name: string): Promise<boolean> {
  const jobs = await db.backgroundJob.findMany({ where: { kind: INGEST_VIDEO, state: { in: ["QUEUED", "RUNNING"] } }, select: { payload: true } });
  return jobs.some((j) => (j.payload as { upload?: unknown } | null)?.upload === name);
}
