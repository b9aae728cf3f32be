import { z } from "zod";
import { route } from "@/lib/http/route";
import { text } from "@/lib/http/text-schema";
import { VIDEO_VIEWER_ROLES, canReadOriginalFile } from "@/lib/video-library/video-access";
import { toVideoDto } from "@/lib/video-library/video-dto";
import { MAX_LIST_TAKE } from "@/lib/video-library/video-queries";
import { listViewableVideos } from "@/lib/video-library/video-visibility";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const listQuery = z.object({
  q: text().max(200, "at most 200 characters").optional(),
  take: z.coerce.number().int().min(1).max(MAX_LIST_TAKE).optional(),
  skip: z.coerce.number().int().min(0).optional(),
});

/** GET /api/videos?q=&take=&skip= — the library, newest first (admins: every video; reviewers and
 * annotators: the videos used by items of their projects). */
export const GET = route({ roles: VIDEO_VIEWER_ROLES, query: listQuery }, async ({ query, user }) => {
  const { videos, total } = await listViewableVideos(user, query);
  const includeOriginalUrl = canReadOriginalFile(user);
  return { total, videos: videos.map((v) => toVideoDto(v, { includeOriginalUrl })) };
});
