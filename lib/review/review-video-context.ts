/**
 * The video context of a comparison (fps, frame count) from an item's Video row (PURE), shared by
 * the k-th submit's double review, the agreement dashboard's loader and the annotator feedback.
 * The rate is the video's (`videoFrameRate`, lib/video-library/frame-rate.ts: the one rule); an
 * item without a video (or with no readable rate) is compared at 30 fps. The frame count is never smaller than the
 * largest frame the documents name, so nothing lies outside the video.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { videoFrameRate, type VideoRateFields } from "@/lib/video-library/frame-rate";

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

export function reviewVideoContext(video: VideoRateFields | null, docs: readonly AnnotationDocument[]): { fps: number; frameCount: number } {
  const frameCount = Math.max(1, video?.frameCount ?? 0, lastFrameOf(docs) + 1);
  return { fps: videoFrameRate(video), frameCount };
}
