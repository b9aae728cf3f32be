import "server-only";
import { clientIp } from "@/lib/audit/client-ip";
import { errorResponse } from "@/lib/http/json-response";
import { HttpError } from "@/lib/http/http-error";
import { VideoRejectedError } from "@/lib/video/validate-video";
import { ingestVideo, PlaybackCopyError, type IngestResult } from "./ingest-video";
import { receiveUpload } from "./receive-upload";
import { sweepStaleScratch } from "./staging";
import { parseUploadName, UPLOAD_NAME_HEADER } from "./upload-name";

/**
 * The upload endpoint's work: name from `x-file-name`, body streamed to a temp file with the
 * size limit, then ingest (move mode: the temp file is consumed or removed whatever happens).
 * Returns a Response for the early refusals that must close the connection (413: otherwise
 * Node keeps reading, and discarding, the rest of a huge body), else the ingest result.
 * A rejected file becomes 422 naming the file and the reason.
 */
export async function handleVideoUpload(
  request: Request,
  opts: { maxBytes: number; actorId: string },
): Promise<Response | IngestResult> {
  const name = parseUploadName(request.headers.get(UPLOAD_NAME_HEADER));
  if (!name.ok) throw new HttpError(400, name.reason, "invalid_file_name", [{ field: UPLOAD_NAME_HEADER, message: name.reason }]);
  void sweepStaleScratch().catch(() => undefined);
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
  try {
    return await ingestVideo(
      { file: received.file, mode: "move" },
      // No abort signal: once the bytes are here, processing finishes even if the browser leaves.
      { displayName: name.name, actorId: opts.actorId, via: "upload", ip: clientIp(request.headers) },
    );
  } catch (e) {
    if (e instanceof VideoRejectedError) {
      throw new HttpError(422, e.message, "video_rejected", { file: e.fileName, reason: e.reason, rejection: e.code });
    }
    if (e instanceof PlaybackCopyError) {
      throw new HttpError(422, e.message, "video_rejected", { file: e.fileName, reason: e.reason, rejection: "not-convertible" });
    }
    throw e;
  }
}
