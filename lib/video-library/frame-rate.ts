/**
 * The frame rate of a stored video (PURE): the one rule every comparison, payload and page uses
 * (the k-th submit's double review, the agreement dashboard, annotator feedback, qualification
 * gold documents, the workspace and adjudication payloads, adjudication resolve, the video
 * library). The average rate ffprobe measured (`avg_frame_rate`, e.g. "30000/1001"), else the
 * nominal one (`r_frame_rate`), else frames / duration.
 */
import { rateValue } from "./probe-summary";

export type VideoRateFields = { avgFrameRate: string | null; nominalFrameRate?: string | null; frameCount: number; durationSec: number };

/** Rate used where a video has none readable (and for items without a video): 30 fps. */
export const DEFAULT_FRAME_RATE = 30;

/** "30000/1001" or "25" → frames per second; null when not a positive finite rate. */
export function parseFrameRate(rate: string | null | undefined): number | null {
  const v = rateValue(rate);
  return v !== null && Number.isFinite(v) && v > 0 ? v : null;
}

/** The measured frame rate of `video`, or null when it has none (shown as "–"). */
export function measuredFrameRate(video: VideoRateFields): number | null {
  return parseFrameRate(video.avgFrameRate) ?? parseFrameRate(video.nominalFrameRate) ?? (video.durationSec > 0 && video.frameCount > 0 ? video.frameCount / video.durationSec : null);
}

/** The frame rate to compare and step frames at: {@link measuredFrameRate}, else {@link DEFAULT_FRAME_RATE}. */
export function videoFrameRate(video: VideoRateFields | null | undefined): number {
  return (video ? measuredFrameRate(video) : null) ?? DEFAULT_FRAME_RATE;
}
