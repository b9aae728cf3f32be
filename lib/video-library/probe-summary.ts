/**
 * The JSON kept in `Video.originalProbe` for a video whose playback file is a copy (PURE type
 * and builder; the server fills it from lib/video's VideoProbe). No paths, no PTS table (that
 * is the `pts.bin` sidecar).
 */
export type ProbeSummary = {
  /** Stored original's file name inside the video's storage directory, e.g. "original.mkv". */
  file: string;
  sizeBytes: number;
  container: string;
  containerKind: string;
  videoCodec: string;
  videoProfile: string | null;
  pixelFormat: string | null;
  audioCodec: string | null;
  width: number;
  height: number;
  rotation: number;
  durationSec: number;
  avgFrameRate: string;
  nominalFrameRate: string;
  frameCount: number;
  firstPtsSec: number;
  timeBase: string;
  variableFrameRate: boolean;
  /** How the playback copy was made and why. */
  playbackAction: "remux" | "transcode";
  playbackReasons: string[];
  /** original PTS - playback PTS of the same frame, seconds (lib/video/frame-time.ts). */
  mediaTimeOffset: number;
  /** Name of the original's PTS sidecar inside the storage directory. */
  ptsFile: string;
};

export type ProbeLike = {
  sizeBytes: number;
  container: string;
  containerKind: string;
  videoCodec: string;
  videoProfile: string | null;
  pixelFormat: string | null;
  audioCodec: string | null;
  width: number;
  height: number;
  rotation: number;
  duration: number;
  avgFrameRate: { text: string };
  nominalFrameRate: { text: string };
  frameCount: number;
  firstPts: number;
  timeBase: { text: string };
  variableFrameRate: boolean;
};

export function summarizeProbe(
  p: ProbeLike,
  extra: Pick<ProbeSummary, "file" | "playbackAction" | "playbackReasons" | "mediaTimeOffset" | "ptsFile">,
): ProbeSummary {
  return {
    file: extra.file,
    sizeBytes: p.sizeBytes,
    container: p.container,
    containerKind: p.containerKind,
    videoCodec: p.videoCodec,
    videoProfile: p.videoProfile,
    pixelFormat: p.pixelFormat,
    audioCodec: p.audioCodec,
    width: p.width,
    height: p.height,
    rotation: p.rotation,
    durationSec: p.duration,
    avgFrameRate: p.avgFrameRate.text,
    nominalFrameRate: p.nominalFrameRate.text,
    frameCount: p.frameCount,
    firstPtsSec: p.firstPts,
    timeBase: p.timeBase.text,
    variableFrameRate: p.variableFrameRate,
    playbackAction: extra.playbackAction,
    playbackReasons: extra.playbackReasons,
    mediaTimeOffset: extra.mediaTimeOffset,
    ptsFile: extra.ptsFile,
  };
}

/** Reads a stored originalProbe value defensively (JSON from the database). */
export function readProbeSummary(value: unknown): ProbeSummary | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Partial<ProbeSummary>;
  if (typeof v.frameCount !== "number" || typeof v.videoCodec !== "string") return null;
  return v as ProbeSummary;
}

/** MIME type for a container kind (for Content-Type and `<source type>`). */
export function mimeTypeForContainer(kind: string): string {
  switch (kind) {
    case "mp4":
      return "video/mp4";
    case "mov":
      return "video/quicktime";
    case "webm":
      return "video/webm";
    case "matroska":
      return "video/x-matroska";
    case "avi":
      return "video/x-msvideo";
    case "mpegts":
      return "video/mp2t";
    default:
      return "application/octet-stream";
  }
}

/** A rational frame rate text ("30000/1001") as a number, or null. */
export function rateValue(text: string | null | undefined): number | null {
  if (!text) return null;
  const m = /^(\d+)(?:\/(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const den = m[2] === undefined ? 1 : Number(m[2]);
  return den > 0 ? Number(m[1]) / den : null;
}
