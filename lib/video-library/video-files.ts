import "server-only";
import { resolveInside, videoStoragePaths } from "@/lib/video/storage-paths";
import { mimeTypeForContainer, readProbeSummary } from "./probe-summary";

type StoredVideo = {
  sha256: string;
  storageKey: string;
  originalFile: string;
  playbackFile: string;
  transcoded: boolean;
  mimeType: string;
  ptsFile: string;
  thumbnailFile: string | null;
  originalProbe: unknown;
};

export type StoredFile = { path: string; contentType: string; etag: string };

/** Absolute path of a file in the video's storage directory (names come from the database). */
function inStorage(video: StoredVideo, name: string): string {
  return resolveInside(videoStoragePaths(video.storageKey).dir, name);
}

/**
 * The file the media route serves. ETags are strong and derived from the original's SHA-256
 * plus which derived file it is: every stored file is written once and never changed.
 */
export function mediaFile(video: StoredVideo, which: "playback" | "original"): StoredFile {
  if (which === "original" || !video.transcoded) {
    const kind = readProbeSummary(video.originalProbe)?.containerKind;
    return {
      path: inStorage(video, video.originalFile),
      contentType: video.transcoded && kind ? mimeTypeForContainer(kind) : video.mimeType,
      etag: `"${video.sha256}"`,
    };
  }
  return { path: inStorage(video, video.playbackFile), contentType: video.mimeType, etag: `"${video.sha256}-playback"` };
}

/** PTS sidecar: of the playback file (what the player steps through) or of the original. */
export function ptsFile(video: StoredVideo, which: "playback" | "original"): StoredFile {
  const name = which === "original" ? (readProbeSummary(video.originalProbe)?.ptsFile ?? video.ptsFile) : video.ptsFile;
  return {
    path: inStorage(video, name),
    contentType: "application/octet-stream",
    etag: `"${video.sha256}-${which === "original" && video.transcoded ? "original-" : ""}pts"`,
  };
}

export function thumbnailFile(video: StoredVideo): StoredFile | null {
  if (!video.thumbnailFile) return null;
  return { path: inStorage(video, video.thumbnailFile), contentType: "image/jpeg", etag: `"${video.sha256}-thumb"` };
}
