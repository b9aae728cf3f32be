/**
 * Frame <-> time arithmetic on a PTS table (PURE: usable in the browser).
 *
 * Times are presentation times in seconds, in the timeline of the file the
 * table was probed from (ffprobe `pts_time`, i.e. after the MP4 edit list).
 * Frame i is displayed during [pts[i], pts[i+1]) (the last one until endPts).
 *
 * Browser time vs PTS (`mediaTimeOffset`), measured with Chromium 156 headless
 * (progressive MP4 in an HTMLVideoElement, H.264 with B-frames, AAC; frames
 * identified by decoding the frame code drawn into a canvas):
 *
 *   browserTime = pts - mediaTimeOffset
 *
 * - For an MP4 served as probed, `HTMLVideoElement.currentTime` and
 *   `requestVideoFrameCallback` `mediaTime` equal ffprobe's `pts_time` (the edit
 *   list shifting B-frame delay and AAC priming is applied by both), on constant
 *   and variable frame-rate files: mediaTimeOffset = 0. Seeking to
 *   `seekTimeForFrame(table, i)` (or to pts[i] exactly) displays frame i.
 * - For an MP4 whose first PTS is not 0 (edit list starting with an empty edit),
 *   Chromium also reports currentTime = pts (it starts at 2.5 for a 2.5 s
 *   offset), BUT `duration` reports the stream length without the offset (10
 *   instead of 12.5) and seeks beyond it are clamped until the demuxer reaches
 *   the end: frames in the last `firstPts` seconds cannot be reached reliably.
 *   Such files must therefore not be served directly: the playback copy is
 *   remuxed / transcoded with timestamps shifted so the first frame starts at 0
 *   (see `browser-playable.ts`), and
 *
 *     mediaTimeOffset = firstPts(original) - firstPts(playback copy)
 *
 *   converts between the original's presentation times and browser times. The
 *   frame index is the invariant: frame i of the playback copy is frame i of the
 *   original (both tables have the same length and the same deltas).
 * - HLS segments made by `segment-video.ts` are likewise zero-based. Measured with
 *   video.js 8.24 (VHS over MSE) in the same Chromium on the demo videos: player
 *   time = pts - mediaTimeOffset, with the `mediaTimeOffset` returned by
 *   `segmentVideo` (2.5 for the offset demo, 0 for the VFR demo), and seeking to
 *   the middle of a frame showed exactly that frame on both sides of every
 *   segment boundary.
 *
 * Keep `epsilon` small (default 0.1 ms, far below half of any real frame duration):
 * Chromium reports times in whole microseconds, so a time read back for frame i
 * can be a fraction of a microsecond before pts[i].
 */
import type { PtsTable } from "./pts-table";

export const DEFAULT_TIME_EPSILON = 1e-4;

export function frameCountOf(table: PtsTable): number {
  return table.pts.length;
}

export function ticksToSeconds(table: PtsTable, ticks: number): number {
  return (ticks * table.timeBase.num) / table.timeBase.den;
}

function checkIndex(table: PtsTable, i: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= table.pts.length) {
    throw new RangeError(`frame ${i} is outside 0..${table.pts.length - 1}`);
  }
}

/** Presentation time (seconds) at which frame i starts being displayed. */
export function timeOfFrame(table: PtsTable, i: number): number {
  checkIndex(table, i);
  return ticksToSeconds(table, table.pts[i]);
}

/** Display duration of frame i in ticks (next pts - pts; the last frame ends at endPts). */
export function frameDurationTicks(table: PtsTable, i: number): number {
  checkIndex(table, i);
  const next = i + 1 < table.pts.length ? table.pts[i + 1] : table.endPts;
  return next - table.pts[i];
}

export function frameDuration(table: PtsTable, i: number): number {
  return ticksToSeconds(table, frameDurationTicks(table, i));
}

/** First frame's presentation time in seconds (0 for an empty table). */
export function firstPtsSeconds(table: PtsTable): number {
  return table.pts.length ? ticksToSeconds(table, table.pts[0]) : 0;
}

/** Time from the first frame's start to the last frame's end, in seconds. */
export function durationOf(table: PtsTable): number {
  return table.pts.length ? ticksToSeconds(table, table.endPts - table.pts[0]) : 0;
}

/**
 * The frame being displayed at presentation time t: the last frame with
 * pts <= t + epsilon. Before the first frame, 0 (players show the first frame);
 * after the end, the last frame. null for an empty table or a non-finite t.
 */
export function frameAtTime(table: PtsTable, t: number, epsilon = DEFAULT_TIME_EPSILON): number | null {
  const n = table.pts.length;
  if (n === 0 || !Number.isFinite(t)) return null;
  const limit = t + epsilon;
  let lo = 0;
  let hi = n - 1;
  if (ticksToSeconds(table, table.pts[0]) > limit) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ticksToSeconds(table, table.pts[mid]) <= limit) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const shortestDurations = new WeakMap<PtsTable, number>();

/** Shortest non-zero frame duration of the table in ticks (0 when there is none). */
export function shortestFrameDurationTicks(table: PtsTable): number {
  const cached = shortestDurations.get(table);
  if (cached !== undefined) return cached;
  let shortest = 0;
  for (let i = 0; i < table.pts.length; i++) {
    const d = (i + 1 < table.pts.length ? table.pts[i + 1] : table.endPts) - table.pts[i];
    if (d > 0 && (shortest === 0 || d < shortest)) shortest = d;
  }
  shortestDurations.set(table, shortest);
  return shortest;
}

/**
 * A time strictly inside frame i's display interval at which a seek displays
 * exactly frame i: pts[i] + half of the SHORTER of frame i's duration and the
 * video's shortest frame duration (for a constant rate: the middle of the frame).
 *
 * Not simply the middle of a long frame, defensively: after a seek Chromium's
 * renderer drops decoded frames whose timestamp + the stream's AVERAGE frame
 * duration lies before the seek time, and that average is never shorter than the
 * shortest frame; and its keyframe lookup (by DTS, see browser-playable.ts) is
 * less likely to pick the next keyframe for an earlier time. (Frame 179 of the
 * VFR demo could not be shown by any seek into it: that was the keyframe lookup,
 * fixed by transcoding such files, not by this choice.)
 */
export function seekTimeForFrame(table: PtsTable, i: number): number {
  checkIndex(table, i);
  const d = frameDurationTicks(table, i);
  const shortest = shortestFrameDurationTicks(table);
  const step = shortest > 0 ? Math.min(d, shortest) : d;
  return ticksToSeconds(table, table.pts[i] + step / 2);
}

/** Converts a presentation time of the probed file to the player's time. */
export function browserTimeFromPts(pts: number, mediaTimeOffset: number): number {
  return pts - mediaTimeOffset;
}

/** Converts a player time back to a presentation time of the probed file. */
export function ptsFromBrowserTime(browserTime: number, mediaTimeOffset: number): number {
  return browserTime + mediaTimeOffset;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** `HH:MM:SS.mmm` (rounded to the millisecond; negative times get a leading "-"). */
export function formatClockTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return "--:--:--.---";
  const sign = seconds < 0 ? "-" : "";
  const totalMs = Math.round(Math.abs(seconds) * 1000);
  const ms = totalMs % 1000;
  const s = Math.floor(totalMs / 1000) % 60;
  const m = Math.floor(totalMs / 60000) % 60;
  const h = Math.floor(totalMs / 3600000);
  return `${sign}${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms, 3)}`;
}

/**
 * `HH:MM:SS:FF` for frame i, measured from the first frame: HH:MM:SS is the whole
 * second of the frame's time since the first frame, FF the number of earlier
 * frames in that same second (so it also works for variable frame rates; for a
 * constant rate it is the usual non-drop-frame timecode).
 */
export function formatFrameTimecode(table: PtsTable, i: number): string {
  checkIndex(table, i);
  const { num, den } = table.timeBase;
  const p0 = table.pts[0];
  const rel = (table.pts[i] - p0) * num; // seconds * den, exact integer
  const second = Math.floor(rel / den);
  // first frame j with (pts[j] - p0) * num >= second * den
  let lo = 0;
  let hi = i;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((table.pts[mid] - p0) * num >= second * den) hi = mid;
    else lo = mid + 1;
  }
  const ff = i - lo;
  const s = second % 60;
  const m = Math.floor(second / 60) % 60;
  const h = Math.floor(second / 3600);
  return `${pad(h)}:${pad(m)}:${pad(s)}:${pad(ff)}`;
}

/** `HH:MM:SS:FF` for frame index i at a constant nominal rate (non-drop-frame). */
export function formatCfrTimecode(i: number, fps: number): string {
  if (!Number.isInteger(i) || i < 0) throw new RangeError(`frame ${i} must be a non-negative integer`);
  if (!(fps > 0)) throw new RangeError(`fps must be positive, got ${fps}`);
  const perSecond = Math.round(fps);
  const second = Math.floor(i / perSecond);
  return `${pad(Math.floor(second / 3600))}:${pad(Math.floor(second / 60) % 60)}:${pad(second % 60)}:${pad(i % perSecond)}`;
}

/**
 * Whether two tables describe the same frames up to a constant time shift
 * (e.g. an original and its zero-based playback copy): same frame count, and
 * every frame's time since the first frame agrees within `toleranceSeconds`.
 */
export function sameFrameTiming(a: PtsTable, b: PtsTable, toleranceSeconds = 0.0005): boolean {
  if (a.pts.length !== b.pts.length) return false;
  if (a.pts.length === 0) return true;
  const a0 = a.pts[0];
  const b0 = b.pts[0];
  for (let i = 0; i < a.pts.length; i++) {
    const da = ticksToSeconds(a, a.pts[i] - a0);
    const db = ticksToSeconds(b, b.pts[i] - b0);
    if (Math.abs(da - db) > toleranceSeconds) return false;
  }
  return true;
}
