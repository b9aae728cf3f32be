import { clientIp } from "@/lib/audit/client-ip";
import { route } from "@/lib/http/route";
import { canReadOriginalFile, VIDEO_MANAGER_ROLES, VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { toVideoDto } from "@/lib/video-library/video-dto";
import { deleteVideo } from "@/lib/video-library/video-queries";
import { viewableVideoOr404 } from "@/lib/video-library/video-visibility";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { id: string };

/** GET /api/videos/[id] — one video with its full probe (admins; other staff: videos of their projects). */
export const GET = route<undefined, undefined, Params>({ roles: VIDEO_VIEWER_ROLES }, async ({ params, user }) => {
  const video = await viewableVideoOr404(user, params.id);
  return { video: toVideoDto(video, { includeOriginalUrl: canReadOriginalFile(user) }) };
});

/** DELETE /api/videos/[id] — admin only; 409 while items, sessions or studies use the video. */
export const DELETE = route<undefined, undefined, Params>({ roles: VIDEO_MANAGER_ROLES }, async ({ params, user, request }) => {
  await deleteVideo(params.id, user.id, clientIp(request.headers));
  return { deleted: params.id };
});
