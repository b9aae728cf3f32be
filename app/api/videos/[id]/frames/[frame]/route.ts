import { route } from "@/lib/http/route";
import { HttpError } from "@/lib/http/http-error";
import { frameImageFile } from "@/lib/video-library/frame-image";
import { serveFile } from "@/lib/video-library/serve-file";
import { VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { viewableVideoOr404 } from "@/lib/video-library/video-visibility";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/videos/[id]/frames/[frame] — a small JPEG of exactly that frame of the playback file
 * (the annotation workspace's identity thumbnails); 422 naming `frame` for an index outside the
 * video; 404 for a video the caller may not see.
 */
export const GET = route<undefined, undefined, { id: string; frame: string }>({ roles: VIDEO_VIEWER_ROLES }, async ({ request, params, user }) => {
  const video = await viewableVideoOr404(user, params.id);
  if (!/^\d{1,9}$/.test(params.frame)) throw new HttpError(422, "frame: must be a whole frame index (0 or more)", "invalid_frame");
  const file = await frameImageFile(video, Number(params.frame));
  return serveFile(request, { ...file, cacheControl: "private, max-age=86400" });
});
