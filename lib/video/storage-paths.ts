import "server-only";
import { UnsafePathError } from "@/lib/storage/safe-path";
import { checkKeySegment } from "@/lib/storage/storage-key";
import type { ContainerKind } from "./probe-video";

/**
 * Storage layout: the keys of a video's files in the media storage (lib/storage). With the local
 * driver a key is a path under the data directory (PLAYHEAD_DATA_DIR, default `<cwd>/data`), so
 * the layout on disk is the one it always was; with the S3 driver it is the object's key in the
 * bucket (after PLAYHEAD_S3_PREFIX). Every key is generated: user-supplied file names never reach
 * the filesystem or the bucket.
 *
 *   videos/<uuid>/original.<ext>      the upload, as received (ext from the probe)
 *   videos/<uuid>/playback.mp4        browser copy, when the original is not served directly
 *   videos/<uuid>/pts.bin             PTS table of the original (pts-table.ts format)
 *   videos/<uuid>/playback-pts.bin    PTS table of playback.mp4, when it exists
 *   videos/<uuid>/scene-cuts.json     scene cuts (frames of the playback file), computed once (scene-cuts.ts)
 *   videos/<uuid>/thumb.jpg           thumbnail
 *   videos/<uuid>/frames/<n>-w<w>.jpg one frame as a small JPEG (lib/video-library/frame-image.ts)
 *   videos/<uuid>/segments/<key>/     HLS output (playlist.m3u8, init.mp4, seg-00000.m4s ...)
 *   uploads/queued-<uuid>.upload      an upload waiting for its ingest job (lib/video-library/staging.ts)
 *
 * Local scratch (both drivers): `<data>/tmp/` (uploads in progress, videos being prepared;
 * lib/storage/scratch.ts).
 */

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const SEGMENT_KEY_PATTERN = /^[0-9a-f]{8,64}$/;

/** Top-level prefix of the videos (its children are the video ids). */
export const VIDEOS_PREFIX = "videos/";

/** File names inside a video's directory (the original's: `original.<ext>`). */
export const VIDEO_FILE_NAMES = {
  playback: "playback.mp4",
  ptsTable: "pts.bin",
  playbackPtsTable: "playback-pts.bin",
  sceneCuts: "scene-cuts.json",
  thumbnail: "thumb.jpg",
} as const;

/** File extension (without dot) for storing an original of the given container. */
export function extensionForContainer(kind: ContainerKind): string {
  switch (kind) {
    case "mp4":
      return "mp4";
    case "mov":
      return "mov";
    case "webm":
      return "webm";
    case "matroska":
      return "mkv";
    case "avi":
      return "avi";
    case "mpegts":
      return "ts";
    default:
      return "bin";
  }
}

export type VideoStorageKeys = {
  /** `videos/<uuid>/`: everything of the video (deleted together). */
  prefix: string;
  /** A file of the video's directory by name (names from the database are checked). */
  file: (name: string) => string;
  original: (ext: string) => string;
  playback: string;
  ptsTable: string;
  playbackPtsTable: string;
  sceneCuts: string;
  thumbnail: string;
  frameImage: (frame: number, width: number) => string;
  /** `videos/<uuid>/segments/<key>/`: one segmentation's HLS output. */
  segmentsPrefix: (key: string) => string;
  segmentFile: (key: string, name: string) => string;
};

function checkVideoId(videoId: string): string {
  if (!UUID_PATTERN.test(videoId)) throw new UnsafePathError(`video id "${videoId}" is not a lowercase UUID`);
  return videoId;
}

function checkSegmentKey(key: string): string {
  if (!SEGMENT_KEY_PATTERN.test(key)) throw new UnsafePathError(`segment key "${key}" must be 8-64 lowercase hex digits`);
  return key;
}

/**
 * Key of one file of a segmentation: `videos/<uuid>/segments/<key>/<name>`. A plain function (no
 * VideoStorageKeys object): the segment route computes it on every request.
 */
export function segmentObjectKey(videoId: string, segmentKey: string, name: string): string {
  return `${VIDEOS_PREFIX}${checkVideoId(videoId)}/segments/${checkSegmentKey(segmentKey)}/${checkKeySegment(name)}`;
}

/** Key of a file of the video's directory by name (names from the database are checked). */
export function videoObjectKey(videoId: string, name: string): string {
  return `${VIDEOS_PREFIX}${checkVideoId(videoId)}/${checkKeySegment(name)}`;
}

export function videoStorageKeys(videoId: string): VideoStorageKeys {
  const prefix = `${VIDEOS_PREFIX}${checkVideoId(videoId)}/`;
  return {
    prefix,
    file: (name: string) => prefix + checkKeySegment(name),
    original: (ext: string) => {
      if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new UnsafePathError(`extension "${ext}" is not allowed`);
      return `${prefix}original.${ext}`;
    },
    playback: prefix + VIDEO_FILE_NAMES.playback,
    ptsTable: prefix + VIDEO_FILE_NAMES.ptsTable,
    playbackPtsTable: prefix + VIDEO_FILE_NAMES.playbackPtsTable,
    sceneCuts: prefix + VIDEO_FILE_NAMES.sceneCuts,
    thumbnail: prefix + VIDEO_FILE_NAMES.thumbnail,
    frameImage: (frame: number, width: number) => {
      if (!Number.isSafeInteger(frame) || frame < 0 || !Number.isSafeInteger(width) || width <= 0) {
        throw new UnsafePathError(`frame ${frame} / width ${width} must be whole numbers`);
      }
      return `${prefix}frames/${frame}-w${width}.jpg`;
    },
    segmentsPrefix: (key: string) => `${prefix}segments/${checkSegmentKey(key)}/`,
    segmentFile: (key: string, name: string) => segmentObjectKey(videoId, key, name),
  };
}
