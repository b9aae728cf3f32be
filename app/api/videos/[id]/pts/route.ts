import { z } from "zod";
import { route } from "@/lib/http/route";
import { serveFile } from "@/lib/video-library/serve-file";
import { VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { toVideoDto } from "@/lib/video-library/video-dto";
import { ptsFile, readVideoPts } from "@/lib/video-library/video-files";
import { viewableVideoOr404 } from "@/lib/video-library/video-visibility";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const query = z.object({
  format: z.enum(["binary", "json"]).optional(),
  of: z.enum(["playback", "original"]).optional(),
});

/**
 * GET /api/videos/[id]/pts — the PTS table of the playback file (what the player shows; the
 * binary sidecar format of lib/video/pts-table.ts, decodable in the browser), or of the
 * original with `?of=original`. `?format=json` answers
 * `{timeBase:{num,den}, pts:[ticks...], endPts, frameCount, mediaTimeOffset}` instead.
 */
export const GET = route<undefined, z.infer<typeof query>, { id: string }>(
  { roles: VIDEO_VIEWER_ROLES, query, head: "same-as-get" },
  async ({ request, params, user, query }) => {
    const video = await viewableVideoOr404(user, params.id);
    if (query.format === "json") {
      const table = await readVideoPts(video, query.of ?? "playback");
      return {
        timeBase: table.timeBase,
        pts: table.pts,
        endPts: table.endPts,
        frameCount: table.pts.length,
        mediaTimeOffset: query.of === "original" ? 0 : toVideoDto(video).mediaTimeOffset,
      };
    }
    return serveFile(request, { ...ptsFile(video, query.of ?? "playback"), cacheControl: "private, max-age=3600" });
  },
);
