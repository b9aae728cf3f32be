/**
 * Seconds to frames on a video's own timeline (PURE), through the player's `frameTime` (the PTS
 * table: sec = pts[frame] - pts[0], increasing with the frame). Binary search: O(log frames).
 */
import type { FrameTime } from "./document";

/** Tolerance for "at" a second: PTS tables are rounded to the microsecond. */
const EPS = 1e-6;

/** The first frame whose time is at or after `sec` (the last frame when none is). */
export function firstFrameAtOrAfter(sec: number, frameCount: number, frameTime: (frame: number) => FrameTime): number {
  if (frameCount <= 0) return 0;
  let lo = 0;
  let hi = frameCount - 1;
  if (frameTime(hi).sec < sec - EPS) return hi;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (frameTime(mid).sec >= sec - EPS) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The frame on screen at `sec` (the last frame whose time is at or before `sec`; frame 0 before the start). */
export function frameAtSec(sec: number, frameCount: number, frameTime: (frame: number) => FrameTime): number {
  if (frameCount <= 0) return 0;
  const f = firstFrameAtOrAfter(sec, frameCount, frameTime);
  if (frameTime(f).sec <= sec + EPS) return f;
  return Math.max(0, f - 1);
}

/**
 * A point at whole-second precision (EC-Bench evidence): the first frame at second `floor(sec)`
 * (`roundUp`: `ceil(sec)`, for a clip end), as {frame, sec} of that frame.
 */
export function wholeSecondTime(sec: number, frameCount: number, frameTime: (frame: number) => FrameTime, roundUp = false): FrameTime {
  const s = roundUp ? Math.ceil(sec - EPS) : Math.floor(sec + EPS);
  return frameTime(firstFrameAtOrAfter(s, frameCount, frameTime));
}
