import { HttpError } from "@/lib/http/http-error";
import { route } from "@/lib/http/route";
import { serveFile } from "@/lib/video-library/serve-file";
import { canReadOriginalFile, VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { mediaFile } from "@/lib/video-library/video-files";
import { viewableVideoOr404 } from "@/lib/video-library/video-visibility";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET / HEAD /api/media/[videoId] — the playback file with byte ranges (206 / 416), validators
 * (ETag, Last-Modified -> 304) and If-Range; `?file=original` serves the untouched original of a
 * transcoded video (admins only). Multi-range requests get the first range only (single-part
 * 206); see lib/video-library/http-range.ts. Participants are refused (403): human-baseline
 * sessions serve them segments through their own routes. Reviewers and annotators get only the
 * videos of their projects (404 for others; lib/video-library/video-access.ts).
 */
const handler = route<undefined, undefined, { videoId: string }>(
  { roles: VIDEO_VIEWER_ROLES, head: "same-as-get" },
  async ({ request, params, user }) => {
    const which = request.nextUrl.searchParams.get("file") === "original" ? "original" : "playback";
    if (which === "original" && !canReadOriginalFile(user)) throw new HttpError(403, "Only admins may fetch original files.");
    const video = await viewableVideoOr404(user, params.videoId);
    return serveFile(request, mediaFile(video, which));
  },
);

export const GET = handler;
export const HEAD = handler;
