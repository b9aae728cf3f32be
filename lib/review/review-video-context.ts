/**
 * The video context of a comparison (fps, frame count) from an item's Video row (PURE), shared by
 * the agreement dashboard's loader and the annotator feedback. An item without a video (or with
 * an unreadable rate) is compared at 30 fps over the frames its documents reach.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";

export type VideoRate = { avgFrameRate: string; frameCount: number; durationSec: number };

/** "30000/1001" or "25" → frames per second; null when not a positive finite rate. */
export function parseFrameRate(rate: string): number | null {
  const [num, den = "1"] = rate.split("/");
  const v = Number(num) / Number(den);
  return Number.isFinite(v) && v > 0 ? v : null;
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
  const fps = (video && (parseFrameRate(video.avgFrameRate) ?? (video.durationSec > 0 ? video.frameCount / video.durationSec : null))) ?? 30;
  return { fps, frameCount };
}
