import "server-only";
import { ptsFile, readVideoPts } from "@/lib/video-library/video-files";
import { videoTimingOf, type VideoTiming } from "./video-timing";

/**
 * The PTS timing of a library video's playback file, cached per video (sidecars are written once
 * and never change; the sha256 is part of the key). The autosave hot path checks every time of a
 * document against it, so it must not read the file on each save.
 */
type StoredVideo = Parameters<typeof ptsFile>[0] & { id: string };

const MAX_ENTRIES = 64;
const cache = new Map<string, Promise<VideoTiming>>();

export function videoTiming(video: StoredVideo): Promise<VideoTiming> {
  const key = `${video.id}:${video.sha256}`;
  let hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  hit = readVideoPts(video, "playback").then(videoTimingOf);
  hit.catch(() => cache.delete(key));
  cache.set(key, hit);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return hit;
}

/** The columns `videoTiming` needs (select them with the item's video). */
export const VIDEO_TIMING_SELECT = {
  id: true,
  sha256: true,
  storageKey: true,
  originalFile: true,
  playbackFile: true,
  transcoded: true,
  mimeType: true,
  ptsFile: true,
  thumbnailFile: true,
  originalProbe: true,
} as const;
