import { env } from "@/lib/config/env";
import { jsonResponse } from "@/lib/http/json-response";
import { route } from "@/lib/http/route";
import { handleVideoUpload } from "@/lib/video-library/upload-video";
import { VIDEO_MANAGER_ROLES } from "@/lib/video-library/video-access";
import { toVideoDto } from "@/lib/video-library/video-dto";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * PUT (or POST) /api/videos/upload — raw file bytes as the body (not multipart), the file's
 * name percent-encoded in `x-file-name`. Admin only (see lib/video-library/video-access.ts).
 *
 * 201 {video, duplicate: false} when added; 200 {video, duplicate: true} when the same bytes
 * are already in the library; 400 bad name / interrupted upload; 413 over
 * PLAYHEAD_MAX_UPLOAD_BYTES (connection closed); 422 not a video / truncated / zero frames /
 * no browser-playable copy possible, naming the file and the reason; 202 {queued: {jobId, name,
 * message}} when the file was received but its processing did not finish in this request (an
 * attempt failed and is retried in the background, or it runs on another instance: the videos
 * page shows it). Processing is a job of the queue (lib/video-library/ingest-jobs.ts).
 */
const handler = route({ roles: VIDEO_MANAGER_ROLES }, async ({ request, user }) => {
  const result = await handleVideoUpload(request, { maxBytes: env().maxUploadBytes, actorId: user.id });
  if (result instanceof Response) return result;
  if ("queued" in result) return jsonResponse(result, { status: 202 });
  return jsonResponse(
    { video: toVideoDto(result.video, { includeOriginalUrl: true }), duplicate: result.duplicate },
    { status: result.duplicate ? 200 : 201 },
  );
});

export const PUT = handler;
export const POST = handler;
