import { route } from "@/lib/http/route";
import { sceneCutTimes } from "@/lib/annotation/scene-cut-times";
import { VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { viewableVideoOr404 } from "@/lib/video-library/video-visibility";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/videos/[id]/scene-cuts — `{cuts: [{frame, sec}...]}` (first frames of new shots, sec
 * from the playback file's first frame), or `{cuts: null}` while the detection runs (it is queued
 * by this call if needed; the workspace polls until it has them).
 */
export const GET = route<undefined, undefined, { id: string }>({ roles: VIDEO_VIEWER_ROLES }, async ({ params, user }) => {
  const video = await viewableVideoOr404(user, params.id);
  if (video.status !== "READY") return { cuts: null };
  return { cuts: await sceneCutTimes(video) };
});
