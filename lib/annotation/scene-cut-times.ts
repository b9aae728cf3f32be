import "server-only";
import { sceneCutFrames } from "@/lib/video-library/scene-cuts";
import type { FrameTime } from "./document";
import { videoTiming } from "./video-timeline";
import { frameTimeOfFrame, type VideoTiming } from "./video-timing";

type StoredVideo = Parameters<typeof videoTiming>[0] & Parameters<typeof sceneCutFrames>[0];

/**
 * The video's scene cuts on the annotation timeline (`{frame, sec}` with sec = pts[frame] - pts[0]
 * of the playback file), or null while they are being detected (the detection is then queued,
 * lib/video-library/scene-cuts.ts) or when the video has no readable PTS table.
 */
export async function sceneCutTimes(video: StoredVideo, timing?: VideoTiming | null): Promise<FrameTime[] | null> {
  const t = timing ?? (await videoTiming(video).catch(() => null));
  if (!t) return null;
  const frames = await sceneCutFrames(video, t.frameCount);
  return frames ? frames.map((f) => frameTimeOfFrame(t, f)) : null;
}
