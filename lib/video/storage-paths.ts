import "server-only";
import path from "node:path";
import { dataDir } from "@/lib/config/data-dir";
import type { ContainerKind } from "./probe-video";

/**
 * Storage layout under the data directory (env PLAYHEAD_DATA_DIR, default
 * `<cwd>/data`; Next and the scripts run from the repo root). Every stored name is
 * generated: user-supplied file names never reach the filesystem.
 *
 *   <data>/videos/<uuid>/original.<ext>      the upload, as received (ext from the probe)
 *   <data>/videos/<uuid>/playback.mp4        browser copy, when the original is not served directly
 *   <data>/videos/<uuid>/pts.bin             PTS table of the original (pts-table.ts format)
 *   <data>/videos/<uuid>/playback-pts.bin    PTS table of playback.mp4, when it exists
 *   <data>/videos/<uuid>/scene-cuts.json     scene cuts (frames of the playback file), computed once (scene-cuts.ts)
 *   <data>/videos/<uuid>/thumb.jpg           thumbnail
 *   <data>/videos/<uuid>/segments/<key>/     HLS output (playlist.m3u8, init.mp4, seg-00000.m4s ...)
 *   <data>/tmp/                              uploads in progress (same filesystem, for atomic renames)
 */

export class UnsafePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafePathError";
  }
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const SEGMENT_KEY_PATTERN = /^[0-9a-f]{8,64}$/;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Joins `parts` onto `base` and returns the absolute result, refusing anything
 * that could leave `base`: a `..` segment, an absolute part (`/x`, `\x`, `C:`),
 * a backslash, NUL or other control characters, or an empty part. The resolved
 * path is checked to lie inside `base` as well.
 */
export function resolveInside(base: string, ...parts: string[]): string {
  const root = path.resolve(base);
  for (const part of parts) {
    if (typeof part !== "string" || part.length === 0) throw new UnsafePathError("empty path part");
    if (CONTROL_CHARS.test(part)) throw new UnsafePathError("path part contains a control character");
    if (part.includes("\\")) throw new UnsafePathError(`path part "${part}" contains a backslash`);
    if (path.isAbsolute(part) || /^[A-Za-z]:/.test(part)) throw new UnsafePathError(`path part "${part}" is absolute`);
    if (part.split("/").some((seg) => seg === "..")) throw new UnsafePathError(`path part "${part}" contains ".."`);
  }
  const full = path.resolve(root, ...parts);
  const rel = path.relative(root, full);
  if (rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) throw new UnsafePathError("path escapes its base directory");
  return full;
}

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

export type VideoStoragePaths = {
  dir: string;
  original: (ext: string) => string;
  playback: string;
  ptsTable: string;
  playbackPtsTable: string;
  sceneCuts: string;
  thumbnail: string;
  segmentsRoot: string;
  segmentsDir: (key: string) => string;
};

export function videoStoragePaths(videoId: string, root: string = dataDir()): VideoStoragePaths {
  if (!UUID_PATTERN.test(videoId)) throw new UnsafePathError(`video id "${videoId}" is not a lowercase UUID`);
  const dir = resolveInside(root, "videos", videoId);
  return {
    dir,
    original: (ext: string) => {
      if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new UnsafePathError(`extension "${ext}" is not allowed`);
      return resolveInside(dir, `original.${ext}`);
    },
    playback: resolveInside(dir, "playback.mp4"),
    ptsTable: resolveInside(dir, "pts.bin"),
    playbackPtsTable: resolveInside(dir, "playback-pts.bin"),
    sceneCuts: resolveInside(dir, "scene-cuts.json"),
    thumbnail: resolveInside(dir, "thumb.jpg"),
    segmentsRoot: resolveInside(dir, "segments"),
    segmentsDir: (key: string) => {
      if (!SEGMENT_KEY_PATTERN.test(key)) throw new UnsafePathError(`segment key "${key}" must be 8-64 lowercase hex digits`);
      return resolveInside(dir, "segments", key);
    },
  };
}

/** Directory for uploads in progress (inside the data dir so renames stay atomic). */
export function uploadTempDir(root: string = dataDir()): string {
  return resolveInside(root, "tmp");
}
