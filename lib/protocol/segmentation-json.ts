/**
 * `Segmentation.segments` JSON ⇄ {@link PlanSegment} (PURE). Written by lib/studies/open-study.ts
 * from lib/video's segmentVideo result; read back defensively.
 */
import type { PlanSegment } from "./session-plan";

export function toSegmentationJson(
  segments: readonly {
    index: number;
    startFrame: number;
    endFrameExclusive: number;
    startTime: number;
    endTime: number;
    mediaStartTime: number;
    mediaEndTime: number;
    file: string;
  }[],
): PlanSegment[] {
  return segments.map((s) => ({
    index: s.index,
    startFrame: s.startFrame,
    endFrameExclusive: s.endFrameExclusive,
    startSec: s.startTime,
    endSec: s.endTime,
    mediaStartSec: s.mediaStartTime,
    mediaEndSec: s.mediaEndTime,
    file: s.file,
  }));
}

export function fromSegmentationJson(value: unknown): PlanSegment[] {
  if (!Array.isArray(value)) throw new Error("Segmentation.segments is not a list");
  return value.map((raw, i) => {
    const r = (raw ?? {}) as Record<string, unknown>;
    const num = (k: string) => {
      const v = r[k];
      if (typeof v !== "number" || !Number.isFinite(v)) throw new Error(`Segmentation.segments[${i}].${k} is not a number`);
      return v;
    };
    const file = r.file;
    if (typeof file !== "string" || !/^[A-Za-z0-9._-]+$/.test(file)) throw new Error(`Segmentation.segments[${i}].file is not a plain file name`);
    return {
      index: num("index"),
      startFrame: num("startFrame"),
      endFrameExclusive: num("endFrameExclusive"),
      startSec: num("startSec"),
      endSec: num("endSec"),
      mediaStartSec: typeof r.mediaStartSec === "number" ? r.mediaStartSec : num("startSec"),
      mediaEndSec: typeof r.mediaEndSec === "number" ? r.mediaEndSec : num("endSec"),
      file,
    };
  });
}
