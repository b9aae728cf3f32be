import "server-only";
import { readStoredPtsSidecar } from "@/lib/video/pts-sidecar";
import type { PtsTable } from "@/lib/video/pts-table";
import { videoStorageKeys } from "@/lib/video/storage-paths";
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

/** A stored file: its key in the media storage (lib/storage), type and strong ETag. */
export type StoredFile = { key: string; contentType: string; etag: string };

/** Key of a file in the video's storage directory (names come from the database, checked). */
function inStorage(video: StoredVideo, name: string): string {
  return videoStorageKeys(video.storageKey).file(name);
}

/**
 * The file the media route serves. ETags are strong and derived from the original's SHA-256
 * plus which derived file it is: every stored file is written once and never changed.
 */
export function mediaFile(video: StoredVideo, which: "playback" | "original"): StoredFile {
  if (which === "original" || !video.transcoded) {
    const kind = readProbeSummary(video.originalProbe)?.containerKind;
    return {
      key: inStorage(video, video.originalFile),
      contentType: video.transcoded && kind ? mimeTypeForContainer(kind) : video.mimeType,
      etag: `"${video.sha256}"`,
    };
  }
  return { key: inStorage(video, video.playbackFile), contentType: video.mimeType, etag: `"${video.sha256}-playback"` };
}

/** PTS sidecar: of the playback file (what the player steps through) or of the original. */
export function ptsFile(video: StoredVideo, which: "playback" | "original"): StoredFile {
  const name = which === "original" ? (readProbeSummary(video.originalProbe)?.ptsFile ?? video.ptsFile) : video.ptsFile;
  return {
    key: inStorage(video, name),
    contentType: "application/octet-stream",
    etag: `"${video.sha256}-${which === "original" && video.transcoded ? "original-" : ""}pts"`,
  };
}

export function thumbnailFile(video: StoredVideo): StoredFile | null {
  if (!video.thumbnailFile) return null;
  return { key: inStorage(video, video.thumbnailFile), contentType: "image/jpeg", etag: `"${video.sha256}-thumb"` };
}

/** The PTS table of the playback file or of the original, read from the media storage. */
export function readVideoPts(video: StoredVideo, which: "playback" | "original"): Promise<PtsTable> {
  return readStoredPtsSidecar(ptsFile(video, which).key);
}
