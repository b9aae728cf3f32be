/**
 * Interval utilities for temporal spans (evidence clips, annotated events).
 *
 * An interval is a pair `[start, end]` of times in seconds (or any other
 * common unit: every function here is unit-free). Its length is `end - start`; a
 * zero-length interval `[t, t]` is valid and has length 0.
 *
 * Used by the EC-Bench evidence metric (`lib/metrics/ecbench.ts`, reference
 * `close_models/evaluation/judge_core.py` of matsuolab/EC-Bench: `merge_intervals`,
 * `compute_iou`) and by span agreement (temporal IoU between two annotators).
 *
 * Pure TypeScript: no I/O, no dependencies.
 */

/** `[start, end]` in seconds, `start <= end` once normalised. */
export type Interval = readonly [number, number];

/** What to do with an interval whose end precedes its start. */
export type ReversedPolicy = "drop" | "swap";

/**
 * Normalises a list of intervals: keeps intervals whose two ends are finite numbers,
 * and handles reversed ones (`end < start`) by `reversed` policy:
 * - `"drop"` (default): discard them, as the EC-Bench reference `parse_clip_intervals`
 *   does (`if end >= start`);
 * - `"swap"`: keep them as `[end, start]`.
 *
 * Zero-length intervals are kept. The input order is preserved; nothing is merged.
 * Edge cases: empty input gives `[]`; NaN/±Infinity ends are dropped.
 */
export function normalizeIntervals(
  intervals: readonly Interval[],
  options: { reversed?: ReversedPolicy } = {},
): Interval[] {
  const reversed = options.reversed ?? "drop";
  const out: Interval[] = [];
  for (const iv of intervals) {
    const [s, e] = iv;
    if (!Number.isFinite(s) || !Number.isFinite(e)) continue;
    if (e < s) {
      if (reversed === "swap") out.push([e, s]);
      continue;
    }
    out.push([s, e]);
  }
  return out;
}

/**
 * Sorts intervals by start and merges every interval that overlaps, touches or lies
 * within `gap` of the running merged interval.
 *
 * Two consecutive (sorted) intervals `[s1, e1]`, `[s2, e2]` with `s2 >= s1` are merged
 * into `[s1, max(e1, e2)]` when `s2 - e1 <= gap` (`gapInclusive`, default) or
 * `s2 - e1 < gap` (`gapInclusive: false`).
 * - Default `gap = 0`, inclusive: overlapping and touching intervals merge, exactly the
 *   EC-Bench reference `merge_intervals` (`if start <= last_end`).
 * - EC-Bench annotation protocol ("merge clips separated by under 5 seconds", paper
 *   Fig. 12): `{ gap: 5, gapInclusive: false }`.
 *
 * Input is normalised first (`normalizeIntervals`, reversed intervals dropped).
 * Output is sorted, pairwise disjoint and separated by more than `gap` (or at least
 * `gap` when not inclusive). Empty input gives `[]`. Negative `gap` is treated as 0.
 */
export function mergeIntervals(
  intervals: readonly Interval[],
  options: { gap?: number; gapInclusive?: boolean } = {},
): Interval[] {
  const gap = Math.max(0, options.gap ?? 0);
  const inclusive = options.gapInclusive ?? true;
  const sorted = normalizeIntervals(intervals).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last) {
      const distance = s - last[1];
      const join = inclusive ? distance <= gap : distance < gap;
      if (join) {
        if (e > last[1]) last[1] = e;
        continue;
      }
    }
    merged.push([s, e]);
  }
  return merged;
}

/**
 * Length of the union of the intervals: Σ (e - s) over `mergeIntervals(intervals)`.
 * Empty input gives 0; zero-length intervals contribute 0.
 */
export function unionLength(intervals: readonly Interval[]): number {
  let total = 0;
  for (const [s, e] of mergeIntervals(intervals)) total += e - s;
  return total;
}

/**
 * Length of (∪A) ∩ (∪B): the overlap between the unions of two interval lists,
 * computed by a two-pointer sweep over both merged lists (as the EC-Bench reference
 * `compute_iou`). Only positive overlaps count (touching intervals overlap by 0).
 * Symmetric; 0 when either list is empty.
 */
export function intersectionLength(a: readonly Interval[], b: readonly Interval[]): number {
  const ma = mergeIntervals(a);
  const mb = mergeIntervals(b);
  let i = 0;
  let j = 0;
  let total = 0;
  while (i < ma.length && j < mb.length) {
    const [sa, ea] = ma[i];
    const [sb, eb] = mb[j];
    const lo = Math.max(sa, sb);
    const hi = Math.min(ea, eb);
    if (hi > lo) total += hi - lo;
    if (ea < eb) i += 1;
    else j += 1;
  }
  return total;
}

/**
 * Temporal IoU between the unions of two interval lists (EC-Bench reference default):
 *
 *   tIoU(A, B) = |∪A ∩ ∪B| / |∪A ∪ ∪B|,  |∪A ∪ ∪B| = |∪A| + |∪B| - |∪A ∩ ∪B|
 *
 * where ∪X is `mergeIntervals(X)` and |·| is total length.
 * Edge cases (as reference `compute_iou`):
 * - both lists empty → `null` (nothing to compare; the reference skips such rows);
 * - exactly one empty → 0;
 * - union length 0 (only zero-length intervals) → 0.
 * Symmetric, in [0, 1]; equals 1 for identical lists of positive total length.
 */
export function temporalIoU(a: readonly Interval[], b: readonly Interval[]): number | null {
  const na = normalizeIntervals(a);
  const nb = normalizeIntervals(b);
  if (na.length === 0 && nb.length === 0) return null;
  if (na.length === 0 || nb.length === 0) return 0;
  const inter = intersectionLength(na, nb);
  const union = unionLength(na) + unionLength(nb) - inter;
  if (!(union > 0)) return 0;
  return clamp01(inter / union);
}

/**
 * The hull of a list of intervals: the single interval `[min start, max end]`
 * ("predicted spans are merged into a single interval P", EC-Bench paper §4).
 * Reversed and non-finite intervals are dropped first; empty input gives `null`.
 */
export function intervalHull(intervals: readonly Interval[]): Interval | null {
  const n = normalizeIntervals(intervals);
  if (n.length === 0) return null;
  let s = Infinity;
  let e = -Infinity;
  for (const [a, b] of n) {
    if (a < s) s = a;
    if (b > e) e = b;
  }
  return [s, e];
}

/**
 * Temporal IoU of two single intervals: |a ∩ b| / |a ∪ b| with
 * |a ∩ b| = max(0, min(ea, eb) - max(sa, sb)) and |a ∪ b| = |a| + |b| - |a ∩ b|.
 * Reversed intervals are swapped. Union length 0 (both zero-length) → 0, as the
 * EC-Bench reference. Symmetric, in [0, 1]. Non-finite ends → 0.
 */
export function intervalIoU(a: Interval, b: Interval): number {
  const [na] = normalizeIntervals([a], { reversed: "swap" });
  const [nb] = normalizeIntervals([b], { reversed: "swap" });
  if (!na || !nb) return 0;
  const inter = Math.max(0, Math.min(na[1], nb[1]) - Math.max(na[0], nb[0]));
  const union = na[1] - na[0] + (nb[1] - nb[0]) - inter;
  if (!(union > 0)) return 0;
  return clamp01(inter / union);
}

/**
 * Single-interval ("hull") temporal IoU, the EC-Bench paper's definition (§4,
 * "Evidence spans"): both lists are replaced by their hulls P and G, then
 * tIoU = |P ∩ G| / |P ∪ G| (`intervalIoU`).
 * Edge cases match `temporalIoU`: both empty → `null`, one empty → 0, zero union → 0.
 * Differs from the union-based `temporalIoU` whenever a list has gaps: the hull
 * counts the gaps as evidence. The two coincide when each list is one interval.
 */
export function hullIoU(a: readonly Interval[], b: readonly Interval[]): number | null {
  const ha = intervalHull(a);
  const hb = intervalHull(b);
  if (!ha && !hb) return null;
  if (!ha || !hb) return 0;
  return intervalIoU(ha, hb);
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
