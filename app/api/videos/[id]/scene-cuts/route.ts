import { route } from "@/lib/http/route";
import { sceneCutTimesState } from "@/lib/annotation/scene-cut-times";
import { VIDEO_VIEWER_ROLES } from "@/lib/video-library/video-access";
import { viewableVideoOr404 } from "@/lib/video-library/video-visibility";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET /api/videos/[id]/scene-cuts — `{cuts: [{frame, sec}...]}` (first frames of new shots, sec
 * from the playback file's first frame), or `{cuts: null}` while the detection is queued or runs
 * (queued by this call if needed; the workspace polls until it has them), or
 * `{cuts: null, failed: {error}}` once it failed for good (e.g. ffmpeg cannot decode the video;
 * an admin can retry it on the video's page or /admin/jobs).
 */
export const GET = route<undefined, undefined, { id: string }>({ roles: VIDEO_VIEWER_ROLES }, async ({ params, user }) => {
  const video = await viewableVideoOr404(user, params.id);
  if (video.status !== "READY") return { cuts: null };
  const { cuts, error } = await sceneCutTimesState(video);
  return error ? { cuts: null, failed: { error } } : { cuts };
});
