/**
 * The timeline an annotation's times are checked against (PURE): `sec = pts[frame] - pts[0]` of
 * the playback file's PTS table (frame 0 at 0 s; first-frame offsets and variable frame rates are
 * in the table). Built once per video on the server (lib/annotation/video-timeline.ts caches it).
 */
import { frameAtTime, frameDuration, timeOfFrame } from "@/lib/video/frame-time";
import type { PtsTable } from "@/lib/video/pts-table";
import type { FrameTime } from "./document";

export type VideoTiming = {
  frameCount: number;
  /** sec of a frame (benchmark seconds from the video's start). */
  secOfFrame(frame: number): number;
  /** Display duration of the frame (seconds). */
  frameDurationSec(frame: number): number;
  /** The frame displayed at `sec` (clamped into the video). */
  frameAtSec(sec: number): number;
  durationSec: number;
};

export function videoTimingOf(table: PtsTable): VideoTiming {
  const n = table.pts.length;
  const first = n ? timeOfFrame(table, 0) : 0;
  const secs = new Float64Array(n);
  for (let i = 0; i < n; i++) secs[i] = timeOfFrame(table, i) - first;
  const end = n ? timeOfFrame(table, n - 1) + frameDuration(table, n - 1) - first : 0;
  return {
    frameCount: n,
    secOfFrame: (frame) => secs[frame],
    frameDurationSec: (frame) => frameDuration(table, frame),
    frameAtSec: (sec) => frameAtTime(table, first + sec) ?? 0,
    durationSec: end,
  };
}

/** `{frame, sec}` of the frame shown at `sec` (sec re-derived from the frame). */
export function frameTimeAtSec(timing: VideoTiming, sec: number): FrameTime {
  const frame = timing.frameAtSec(Math.max(0, sec));
  return { frame, sec: round6(timing.secOfFrame(frame)) };
}

/**
 * The frame `deltaSec` seconds after (before, when negative) `frame`: the frame shown at
 * sec(frame) + deltaSec, clamped into the video; a hair past the target so that rounding never
 * lands on the frame before it. What Shift+← / → and J / L do wherever a page seeks by seconds.
 */
export function frameAfterSeconds(timing: VideoTiming, frame: number, deltaSec: number): number {
  const sec = Math.max(0, Math.min(timing.durationSec, timing.secOfFrame(frame) + deltaSec));
  return Math.max(0, Math.min(timing.frameCount - 1, timing.frameAtSec(sec + 1e-6)));
}

export function frameTimeOfFrame(timing: VideoTiming, frame: number): FrameTime {
  return { frame, sec: round6(timing.secOfFrame(frame)) };
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
