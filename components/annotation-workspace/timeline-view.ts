/**
 * The editing timeline's visible window and geometry (PURE: no DOM). Times are seconds on the
 * video's timeline (`sec` of the annotation document); `view` is the visible [start, end].
 */

export type TimelineView = { start: number; end: number };

/** Narrowest view: about this many frames across the timeline (single frames are then wide). */
export const MIN_VISIBLE_FRAMES = 12;

export function minSpan(fps: number, durationSec: number): number {
  const f = fps > 0 && Number.isFinite(fps) ? fps : 30;
  return Math.min(Math.max(durationSec, 1e-3), MIN_VISIBLE_FRAMES / f);
}

export function fullView(durationSec: number): TimelineView {
  return { start: 0, end: Math.max(durationSec, 1e-3) };
}

/** Keeps the view inside [0, duration] and at least `min` wide, preserving its width when it can. */
export function clampView(v: TimelineView, durationSec: number, min: number): TimelineView {
  const d = Math.max(durationSec, 1e-3);
  let width = Math.min(d, Math.max(min, v.end - v.start));
  if (!Number.isFinite(width) || width <= 0) width = d;
  let start = Number.isFinite(v.start) ? v.start : 0;
  start = Math.max(0, Math.min(d - width, start));
  return { start, end: start + width };
}

/** Zooms by `factor` (>1 in) keeping `anchorSec` at the same x. */
export function zoomView(v: TimelineView, factor: number, anchorSec: number, durationSec: number, min: number): TimelineView {
  const width = v.end - v.start;
  const next = width / factor;
  const a = Math.max(v.start, Math.min(v.end, anchorSec));
  const ratio = width > 0 ? (a - v.start) / width : 0.5;
  return clampView({ start: a - ratio * next, end: a - ratio * next + next }, durationSec, min);
}

export function panView(v: TimelineView, deltaSec: number, durationSec: number, min: number): TimelineView {
  return clampView({ start: v.start + deltaSec, end: v.end + deltaSec }, durationSec, min);
}

/** A view that shows `sec`, paging by the view's width when it lies outside (playback follow). */
export function followView(v: TimelineView, sec: number, durationSec: number, min: number): TimelineView {
  if (sec >= v.start && sec <= v.end) return v;
  const width = v.end - v.start;
  const start = sec > v.end ? sec - width * 0.1 : sec - width * 0.9;
  return clampView({ start, end: start + width }, durationSec, min);
}

export function xOfSec(sec: number, v: TimelineView, width: number): number {
  return ((sec - v.start) / (v.end - v.start)) * width;
}

export function secOfX(x: number, v: TimelineView, width: number): number {
  return v.start + (x / Math.max(1, width)) * (v.end - v.start);
}

/** Index of the first value >= x in an ascending array (binary search). */
export function lowerBound(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
