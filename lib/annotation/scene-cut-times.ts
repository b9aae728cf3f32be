import "server-only";
import { sceneCutsState } from "@/lib/video-library/scene-cut-jobs";
import type { FrameTime } from "./document";
import { videoTiming } from "./video-timeline";
import { frameTimeOfFrame, type VideoTiming } from "./video-timing";

type StoredVideo = Parameters<typeof videoTiming>[0] & Parameters<typeof sceneCutsState>[0];

/**
 * The video's scene cuts on the annotation timeline (`{frame, sec}` with sec = pts[frame] - pts[0]
 * of the playback file), or null while they are being detected (the detection is then queued,
 * lib/video-library/scene-cut-jobs.ts), when it failed, or when the video has no readable PTS table.
 */
export async function sceneCutTimes(video: StoredVideo, timing?: VideoTiming | null): Promise<FrameTime[] | null> {
  return (await sceneCutTimesState(video, timing)).cuts;
}

/**
 * The cuts as above, with the detection's error when it failed for good (the video cannot be
 * decoded ...; shown instead of "detecting…" until an admin retries it), else `error: null`.
 */
export async function sceneCutTimesState(video: StoredVideo, timing?: VideoTiming | null): Promise<{ cuts: FrameTime[] | null; error: string | null }> {
  const t = timing ?? (await videoTiming(video).catch(() => null));
  if (!t) return { cuts: null, error: null };
  const state = await sceneCutsState(video, t.frameCount);
  if (state.status === "ready") return { cuts: state.frames.map((f) => frameTimeOfFrame(t, f)), error: null };
  return { cuts: null, error: state.status === "failed" ? state.error : null };
}
