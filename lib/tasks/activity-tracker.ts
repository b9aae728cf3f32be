/**
 * Which wall time an open workspace was in use (PURE: the clock is passed in; the browser wiring
 * is components/annotation-workspace/activity-reporter.ts).
 *
 * Rule: the workspace is IN USE at time x when its page is visible at x and there was input
 * (key, pointer, wheel, touch) or video playback within the idle window before x, i.e. in
 * [x − ACTIVITY_IDLE_MS, x] (playing counts at every instant it lasts). So an input at t covers
 * [t, t + idle) unless the page is hidden or closed earlier; a video playing from p to q covers
 * [p, q + idle). Time with the page hidden, or idle for longer than the window, is not counted.
 *
 * The tracker keeps the covered time as intervals of epoch milliseconds; `pending(now)` is what
 * the server has not acknowledged yet. The server stores the union per task and annotator
 * (lib/tasks/activity-intervals.ts), so reports may overlap, repeat or come from several tabs.
 */
import { subtractIntervals, unionIntervals, type ActivityInterval } from "./activity-intervals";

/**
 * The idle window: 60 s. Reading a question, watching a short stretch or thinking between two
 * marks rarely leaves the keyboard, mouse and video all still for a minute; a tab left open while
 * away from the desk stops counting one minute after the last input.
 */
export const ACTIVITY_IDLE_MS = 60_000;

/** How often an open workspace reports its covered time (and at once when hidden or closed). */
export const ACTIVITY_REPORT_MS = 15_000;

export type ActivityTracker = {
  /** A key, pointer, wheel or touch input at `now`. */
  input(now: number): void;
  /** The video started (true) or stopped (false) playing at `now`. */
  playback(playing: boolean, now: number): void;
  /** The page became visible (true) or hidden / closed (false) at `now`. */
  visibility(visible: boolean, now: number): void;
  /** Covered time up to `now` that was not acknowledged, as disjoint sorted intervals. */
  pending(now: number): ActivityInterval[];
  /** The server stored these intervals: they are not reported again. */
  acknowledge(intervals: readonly ActivityInterval[]): void;
  /** Whether the workspace counts as in use at `now`. */
  activeAt(now: number): boolean;
};

export function createActivityTracker(opts: { idleMs?: number; visible?: boolean } = {}): ActivityTracker {
  const idleMs = opts.idleMs ?? ACTIVITY_IDLE_MS;
  let visible = opts.visible ?? true;
  let lastInput = Number.NEGATIVE_INFINITY;
  let playing = false;
  let lastPlayback = Number.NEGATIVE_INFINITY;
  /** Start of the interval being covered now, or null. */
  let runStart: number | null = null;
  let closed: ActivityInterval[] = [];
  let acked: ActivityInterval[] = [];

  const activeUntil = () => (playing ? Number.POSITIVE_INFINITY : Math.max(lastInput, lastPlayback) + idleMs);
  const close = (at: number) => {
    if (runStart !== null && at > runStart) closed = unionIntervals([...closed, { start: runStart, end: at }]);
    runStart = null;
  };
  /** Closes the open interval where the idle window ran out, if it did before `now`. */
  const advance = (now: number) => {
    if (runStart !== null && now >= activeUntil()) close(activeUntil());
  };
  const startIfActive = (now: number) => {
    if (visible && runStart === null && now < activeUntil()) runStart = now;
  };

  return {
    input(now) {
      advance(now);
      lastInput = Math.max(lastInput, now);
      startIfActive(now);
    },
    playback(isPlaying, now) {
      advance(now);
      if (isPlaying) playing = true;
      else if (playing) {
        playing = false;
        lastPlayback = now;
      }
      startIfActive(now);
    },
    visibility(isVisible, now) {
      advance(now);
      if (!isVisible) {
        close(now);
        visible = false;
        if (playing) lastPlayback = now;
      } else {
        visible = true;
        startIfActive(now);
      }
    },
    pending(now) {
      advance(now);
      const covered = runStart !== null && now > runStart ? [...closed, { start: runStart, end: now }] : closed;
      return subtractIntervals(covered, acked);
    },
    acknowledge(intervals) {
      acked = unionIntervals([...acked, ...intervals]);
      closed = subtractIntervals(closed, acked);
    },
    activeAt(now) {
      advance(now);
      return runStart !== null;
    },
  };
}
