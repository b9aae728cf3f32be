import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { serveFile } from "@/lib/video-library/serve-file";
import { VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { thumbnailFile } from "@/lib/video-library/video-files";
import { viewableVideoOr404 } from "@/lib/video-library/video-visibility";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET /api/videos/[id]/thumbnail — JPEG; 404 when the video has none. */
export const GET = route<undefined, undefined, { id: string }>({ roles: VIDEO_VIEWER_ROLES, head: "same-as-get" }, async ({ request, params, user }) => {
  const video = await viewableVideoOr404(user, params.id);
  const file = thumbnailFile(video);
  if (!file) throw new HttpError(404, "This video has no thumbnail.");
  return serveFile(request, { ...file, cacheControl: "private, max-age=86400" });
});
