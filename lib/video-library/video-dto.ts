/**
 * The JSON shape of a library video in API answers and page props (PURE: the type is shared
 * with client components). Storage names (storageKey, file names) stay on the server; files are
 * reached through the URLs given here.
 */
import { measuredFrameRate } from "./frame-rate";
import { readProbeSummary, type ProbeSummary } from "./probe-summary";

export type VideoDto = {
  id: string;
  sha256: string;
  originalName: string;
  sourcePath: string | null;
  status: string;
  /** True when the playback file is a remuxed / transcoded copy of the original. */
  transcoded: boolean;
  /** Playback file: size, type and probe (these are what the player and PTS table describe). */
  sizeBytes: number;
  mimeType: string;
  container: string;
  videoCodec: string;
  audioCodec: string | null;
  width: number;
  height: number;
  durationSec: number;
  avgFrameRate: string;
  nominalFrameRate: string;
  /** The measured frame rate (lib/video-library/frame-rate.ts: average, nominal, frames / duration; null when none). */
  fps: number | null;
  frameCount: number;
  firstPtsSec: number;
  timeBase: string;
  variableFrameRate: boolean;
  hasThumbnail: boolean;
  /** The original when it differs from the playback file. */
  originalProbe: ProbeSummary | null;
  /** original PTS - playback PTS (seconds); 0 when the original is played directly. */
  mediaTimeOffset: number;
  addedBy: { id: string; email: string; name: string } | null;
  createdAt: string;
  urls: { media: string; original: string | null; pts: string; ptsJson: string; thumbnail: string | null };
};

export type VideoDtoSource = {
  id: string;
  sha256: string;
  originalName: string;
  sourcePath: string | null;
  status: string;
  transcoded: boolean;
  sizeBytes: bigint | number;
  mimeType: string;
  container: string;
  videoCodec: string;
  audioCodec: string | null;
  width: number;
  height: number;
  durationSec: number;
  avgFrameRate: string;
  nominalFrameRate: string;
  frameCount: number;
  firstPtsSec: number;
  timeBase: string;
  variableFrameRate: boolean;
  thumbnailFile: string | null;
  originalProbe: unknown;
  addedBy: { id: string; email: string; name: string } | null;
  createdAt: Date;
};

export function toVideoDto(v: VideoDtoSource, opts: { includeOriginalUrl?: boolean } = {}): VideoDto {
  const originalProbe = v.transcoded ? readProbeSummary(v.originalProbe) : null;
  const base = `/api/videos/${encodeURIComponent(v.id)}`;
  const media = `/api/media/${encodeURIComponent(v.id)}`;
  return {
    id: v.id,
    sha256: v.sha256,
    originalName: v.originalName,
    sourcePath: v.sourcePath,
    status: v.status,
    transcoded: v.transcoded,
    sizeBytes: Number(v.sizeBytes),
    mimeType: v.mimeType,
    container: v.container,
    videoCodec: v.videoCodec,
    audioCodec: v.audioCodec,
    width: v.width,
    height: v.height,
    durationSec: v.durationSec,
    avgFrameRate: v.avgFrameRate,
    nominalFrameRate: v.nominalFrameRate,
    fps: measuredFrameRate(v),
    frameCount: v.frameCount,
    firstPtsSec: v.firstPtsSec,
    timeBase: v.timeBase,
    variableFrameRate: v.variableFrameRate,
    hasThumbnail: !!v.thumbnailFile,
    originalProbe,
    mediaTimeOffset: originalProbe?.mediaTimeOffset ?? 0,
    addedBy: v.addedBy,
    createdAt: v.createdAt.toISOString(),
    urls: {
      media,
      original: opts.includeOriginalUrl && v.transcoded ? `${media}?file=original` : null,
      pts: `${base}/pts`,
      ptsJson: `${base}/pts?format=json`,
      thumbnail: v.thumbnailFile ? `${base}/thumbnail` : null,
    },
  };
}
