/**
 * Geometry of the query-point / span timeline (PURE: no DOM, no React).
 * Times are item seconds (the benchmark's "seconds from the start of the video").
 */

export type TimelineLayout = { width: number; padLeft: number; padRight: number; durationSec: number };

const STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400];

/** x (px) of time t, clamped to the drawable range. */
export function xOfTime(t: number, l: TimelineLayout): number {
  const inner = Math.max(1, l.width - l.padLeft - l.padRight);
  const d = l.durationSec > 0 ? l.durationSec : 1;
  const clamped = Math.min(Math.max(t, 0), d);
  return l.padLeft + (clamped / d) * inner;
}

/** Time at x (px), clamped to [0, duration]. */
export function timeOfX(x: number, l: TimelineLayout): number {
  const inner = Math.max(1, l.width - l.padLeft - l.padRight);
  const d = l.durationSec > 0 ? l.durationSec : 1;
  return Math.min(d, Math.max(0, ((x - l.padLeft) / inner) * d));
}

/** The smallest "nice" tick step that keeps ticks at least `minSpacingPx` apart. */
export function tickStep(durationSec: number, widthPx: number, minSpacingPx = 72): number {
  const d = durationSec > 0 ? durationSec : 1;
  const maxTicks = Math.max(1, Math.floor(widthPx / minSpacingPx));
  for (const s of STEPS) if (d / s <= maxTicks) return s;
  return STEPS[STEPS.length - 1] * Math.ceil(d / maxTicks / STEPS[STEPS.length - 1]);
}

/** Tick times from 0 to the duration (inclusive where it falls on a step). */
export function tickTimes(durationSec: number, widthPx: number, minSpacingPx = 72): number[] {
  const step = tickStep(durationSec, widthPx, minSpacingPx);
  const out: number[] = [];
  for (let k = 0; k * step <= durationSec + 1e-9 && out.length < 1000; k++) out.push(Math.round(k * step * 1000) / 1000);
  return out;
}

/** "m:ss", "h:mm:ss", with tenths when `fractional` ("1:02.5"). */
export function formatClock(t: number, fractional = false): string {
  if (!Number.isFinite(t)) return "–";
  const sign = t < 0 ? "-" : "";
  const abs = Math.abs(t);
  const tenths = Math.round(abs * 10);
  const whole = fractional ? Math.floor(tenths / 10) : Math.round(abs);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const frac = fractional ? `.${tenths % 10}` : "";
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${sign}${h}:${String(m).padStart(2, "0")}:${ss}${frac}` : `${sign}${m}:${ss}${frac}`;
}

/** Seconds with up to 3 decimals ("12.3 s"). */
export function formatSeconds(t: number): string {
  return `${Number.isFinite(t) ? Number(t.toFixed(3)) : "–"} s`;
}

/**
 * Greedy interval packing: lane index per span (in input order) so that spans in one lane do not
 * overlap; spans are placed by start time. Returns the lanes and their count.
 */
export function packLanes(spans: ReadonlyArray<{ startSec: number; endSec: number }>): { lanes: number[]; count: number } {
  const order = spans.map((s, i) => i).sort((a, b) => spans[a].startSec - spans[b].startSec || spans[a].endSec - spans[b].endSec);
  const laneEnds: number[] = [];
  const lanes = new Array<number>(spans.length).fill(0);
  for (const i of order) {
    const s = spans[i];
    let lane = laneEnds.findIndex((end) => end <= s.startSec);
    if (lane < 0) {
      lane = laneEnds.length;
      laneEnds.push(s.endSec);
    } else laneEnds[lane] = s.endSec;
    lanes[i] = lane;
  }
  return { lanes, count: laneEnds.length };
}

/**
 * Length of the timeline: the video's duration when known, else a little beyond the last query
 * point or span end (at least 1 s).
 */
export function timelineDuration(videoDurationSec: number | null | undefined, times: readonly number[]): number {
  if (videoDurationSec && videoDurationSec > 0) return Math.max(videoDurationSec, ...times.filter(Number.isFinite));
  const last = Math.max(0, ...times.filter(Number.isFinite));
  return Math.max(1, last * 1.05);
}
