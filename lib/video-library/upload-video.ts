import "server-only";
import { clientIp } from "@/lib/audit/client-ip";
import { db } from "@/lib/db/prisma";
import { errorResponse } from "@/lib/http/json-response";
import { HttpError } from "@/lib/http/http-error";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import { runJobNow } from "@/lib/jobs/run-now";
import { queueUploadIngest, type IngestJobResult } from "./ingest-jobs";
import type { IngestResult } from "./ingest-video";
import { receiveUpload } from "./receive-upload";
import { parseUploadName, UPLOAD_NAME_HEADER } from "./upload-name";
import { videoWithAdder } from "./video-queries";

/** The upload was received and queued, but not processed yet (its ingest is retried later, or runs on another instance). */
export type QueuedUpload = { queued: { jobId: string; name: string; message: string } };

/**
 * The upload endpoint's work: name from `x-file-name`, body streamed to a temp file with the
 * size limit, then the ingest, as a job of the queue (lib/video-library/ingest-jobs.ts) that this
 * request runs at once and waits for. Returns a Response for the early refusals that must close
 * the connection (413: otherwise Node keeps reading, and discarding, the rest of a huge body),
 * else the ingest result, or — when the job did not finish in this request (an attempt failed
 * and is retried later; the job runs elsewhere) — the queued job. A rejected file becomes 422
 * naming the file and the reason.
 */
export async function handleVideoUpload(request: Request, opts: { maxBytes: number; actorId: string }): Promise<Response | IngestResult | QueuedUpload> {
  const name = parseUploadName(request.headers.get(UPLOAD_NAME_HEADER));
  if (!name.ok) throw new HttpError(400, name.reason, "invalid_file_name", [{ field: UPLOAD_NAME_HEADER, message: name.reason }]);
  let received;
  try {
    received = await receiveUpload(request, opts.maxBytes);
  } catch (e) {
    if (e instanceof HttpError && e.status === 413) {
      const response = errorResponse(e.status, e.code, `${name.name}: ${e.message}`, e.details);
      response.headers.set("connection", "close");
      return response;
    }
    throw e;
  }
  // No abort signal: once the bytes are here, processing finishes even if the browser leaves.
  const jobId = await queueUploadIngest(received.file, { displayName: name.name, actorId: opts.actorId, ip: clientIp(request.headers) });
  const settled = await runJobNow(jobId);
  if (settled.state === "SUCCEEDED") {
    const result = settled.result as IngestJobResult;
    const video = await db.video.findUnique({ where: { id: result.videoId }, ...videoWithAdder });
    if (!video) throw new HttpError(409, `${name.name} was added, then deleted meanwhile.`, "video_deleted");
    return { video, duplicate: result.duplicate, attached: result.attached ?? undefined };
  }
  if (settled.state === "FAILED") {
    const rejection = await rejectionOf(jobId, settled.error);
    if (rejection) throw new HttpError(422, settled.message, "video_rejected", rejection);
    throw new HttpError(500, `${name.name}: processing failed (${settled.message}).`, "ingest_failed", { jobId });
  }
  const message =
    settled.state === "QUEUED" && settled.message
      ? `${name.name} was received, but processing it failed (${settled.message}); it will be retried automatically. See the Videos page.`
      : `${name.name} was received and is being processed; it will appear in the library when done.`;
  return { queued: { jobId, name: name.name, message } };
}

/** The 422 details of a refused file: from the error (ran here) or the job's stored result (ran elsewhere). */
async function rejectionOf(jobId: string, error: unknown): Promise<unknown> {
  if (error instanceof PermanentJobError) return error.code === "video_rejected" ? error.details : null;
  const row = await db.backgroundJob.findUnique({ where: { id: jobId }, select: { result: true } });
  const stored = (row?.result as { error?: { code?: string; details?: unknown } } | null)?.error;
  return stored?.code === "video_rejected" ? stored.details : null;
}
