/**
 * The video context of a comparison (fps, frame count) from an item's Video row (PURE), shared by
 * the k-th submit's double review, the agreement dashboard's loader and the annotator feedback.
 * The rate is the average one, else the nominal one, else frames / duration; an item without a
 * video (or with no readable rate) is compared at 30 fps. The frame count is never smaller than the
 * largest frame the documents name, so nothing lies outside the video.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { rateValue } from "@/lib/video-library/probe-summary";

export type VideoRate = { avgFrameRate: string; nominalFrameRate?: string | null; frameCount: number; durationSec: number };

/** "30000/1001" or "25" → frames per second; null when not a positive finite rate. */
export function parseFrameRate(rate: string | null | undefined): number | null {
  const v = rateValue(rate);
  return v !== null && Number.isFinite(v) && v > 0 ? v : null;
}

/** Largest frame index any mark, span or query point of the documents names (-1 when none). */
export function lastFrameOf(docs: readonly AnnotationDocument[]): number {
  let last = -1;
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (typeof o.frame === "number" && typeof o.sec === "number") last = Math.max(last, o.frame);
      else Object.values(o).forEach(visit);
    }
  };
  docs.forEach(visit);
  return last;
}

export function reviewVideoContext(video: VideoRate | null, docs: readonly AnnotationDocument[]): { fps: number; frameCount: number } {
  const frameCount = Math.max(1, video?.frameCount ?? 0, lastFrameOf(docs) + 1);
  const fps = (video && (parseFrameRate(video.avgFrameRate) ?? parseFrameRate(video.nominalFrameRate) ?? (video.durationSec > 0 ? video.frameCount / video.durationSec : null))) ?? 30;
  return { fps, frameCount };
}
