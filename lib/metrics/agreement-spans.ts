/**
 * Agreement between two annotators' span sets (VCBench E2 occurrences, EC-Bench
 * evidence spans): temporal IoU of the two sets, built on the interval helpers of
 * `lib/metrics/intervals.ts` (the same code the EC-Bench evidence metric uses).
 *
 * Pure TypeScript: no I/O, no dependencies outside lib/metrics.
 */
import { type Interval, hullIoU, temporalIoU } from "./intervals";

/** A span as `[start, end]` or `{ start, end }` (seconds or frames; the unit is free). */
export type SpanInput = readonly [number, number] | { readonly start: number; readonly end: number };

export type SpanIoUOptions = {
  /**
   * - `"union"` (default): IoU of the unions of the two sets (overlapping spans of one
   *   annotator merged first), `temporalIoU` of intervals.ts;
   * - `"hull"`: each set replaced by one interval from its earliest start to its latest
   *   end, `hullIoU` of intervals.ts.
   */
  mode?: "union" | "hull";
  /**
   * Frame spans whose end frame is included (a span [s, e] covers frames s … e, length
   * e − s + 1): each span is read as [s, e + 1) before computing lengths. Default
   * false: continuous time, length e − s.
   */
  inclusiveEnd?: boolean;
};

/**
 * Temporal IoU between annotator A's spans and annotator B's spans:
 *
 *   tIoU = |∪A ∩ ∪B| / |∪A ∪ ∪B|
 *
 * where ∪X is the union of the spans of X (overlapping or touching spans merged) and
 * |·| is total length (mode "hull": ∪X replaced by the hull [min start, max end]).
 * Symmetric, in [0, 1], 1 for identical sets of positive length.
 *
 * Edge cases: both sets empty → `NaN` (nothing to compare; intervals.ts returns null
 * there, mapped to `NaN` like every undefined agreement statistic here); exactly one
 * empty → 0; total union length 0 (only zero-length spans) → 0; a span with a
 * non-finite end or end < start → throws naming the annotator and span.
 */
export function spanTemporalIoU(
  a: readonly SpanInput[],
  b: readonly SpanInput[],
  options: SpanIoUOptions = {},
): number {
  const mode = options.mode ?? "union";
  if (mode !== "union" && mode !== "hull") {
    throw new RangeError(`spanTemporalIoU: mode must be "union" or "hull", got ${String(mode)}`);
  }
  const ia = toIntervals(a, "A", options.inclusiveEnd ?? false);
  const ib = toIntervals(b, "B", options.inclusiveEnd ?? false);
  const v = mode === "union" ? temporalIoU(ia, ib) : hullIoU(ia, ib);
  return v === null ? Number.NaN : v;
}

function toIntervals(spans: readonly SpanInput[], who: string, inclusiveEnd: boolean): Interval[] {
  if (!Array.isArray(spans)) throw new TypeError(`spanTemporalIoU: annotator ${who}'s spans must be an array`);
  return spans.map((s, i) => {
    const start = Array.isArray(s) ? s[0] : (s as { start: number }).start;
    const end = Array.isArray(s) ? s[1] : (s as { end: number }).end;
    if (typeof start !== "number" || typeof end !== "number" || !Number.isFinite(start) || !Number.isFinite(end)) {
      throw new RangeError(`spanTemporalIoU: annotator ${who}, span ${i}: start and end must be finite numbers`);
    }
    if (end < start) {
      throw new RangeError(`spanTemporalIoU: annotator ${who}, span ${i}: end ${end} is before start ${start}`);
    }
    return [start, inclusiveEnd ? end + 1 : end] as const;
  });
}
