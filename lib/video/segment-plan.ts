/**
 * Plans frame-exact segment boundaries from cut times (PURE: no Node).
 *
 * A cut at presentation time t starts a new segment at the frame displayed at t
 * (`frameAtTime`: the last frame with pts <= t + epsilon). Cuts that land on the
 * first frame or on a frame already cut at are dropped; cuts after the end of the
 * last frame are an error.
 */
import { DEFAULT_TIME_EPSILON, frameAtTime, frameDurationTicks, ticksToSeconds } from "./frame-time";
import type { PtsTable } from "./pts-table";

export type PlannedSegment = {
  index: number;
  startFrame: number;
  endFrameExclusive: number;
  /** Presentation time of startFrame (seconds, the probed file's timeline). */
  startTime: number;
  /** End of the segment's last frame (= next segment's startTime). */
  endTime: number;
};

export type SegmentPlan = {
  /** Frame indices where segments start, after frame 0, ascending. */
  cutFrames: number[];
  segments: PlannedSegment[];
};

export function planSegments(table: PtsTable, cutTimes: readonly number[], epsilon = DEFAULT_TIME_EPSILON): SegmentPlan {
  const n = table.pts.length;
  if (n === 0) throw new RangeError("cannot segment a video without frames");
  const end = ticksToSeconds(table, table.endPts);
  const frames = new Set<number>();
  for (const t of cutTimes) {
    if (!Number.isFinite(t)) throw new RangeError(`cut time ${t} is not a finite number`);
    if (t >= end - epsilon) throw new RangeError(`cut time ${t} s is not before the end of the video (${end} s)`);
    const f = frameAtTime(table, t, epsilon);
    if (f !== null && f > 0) frames.add(f);
  }
  const cutFrames = [...frames].sort((a, b) => a - b);
  const bounds = [0, ...cutFrames, n];
  const segments: PlannedSegment[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const startFrame = bounds[i];
    const endFrameExclusive = bounds[i + 1];
    segments.push({
      index: i,
      startFrame,
      endFrameExclusive,
      startTime: ticksToSeconds(table, table.pts[startFrame]),
      endTime: ticksToSeconds(table, endFrameExclusive < n ? table.pts[endFrameExclusive] : table.endPts),
    });
  }
  return { cutFrames, segments };
}

/**
 * Times (seconds, in the encoder's timeline = presentation time - `shiftSeconds`)
 * to pass to ffmpeg `-force_key_frames` so that exactly the cut frames become key
 * frames. ffmpeg forces the first frame whose time is >= the given time, so each
 * time sits a quarter of the previous frame's duration before the cut frame:
 * robust to the microsecond rounding of ffmpeg's time parsing and start shift.
 */
export function forcedKeyframeTimes(table: PtsTable, cutFrames: readonly number[], shiftSeconds: number): number[] {
  return cutFrames.map((f) => {
    if (f <= 0 || f >= table.pts.length) throw new RangeError(`cut frame ${f} is outside 1..${table.pts.length - 1}`);
    const prev = frameDurationTicks(table, f - 1);
    return ticksToSeconds(table, table.pts[f] - prev / 4) - shiftSeconds;
  });
}
