/**
 * When the participant has reached the current query point, from server-side timestamps only
 * (PURE).
 *
 * A stretch of media duration D (seconds) played at the fixed rate r cannot end before
 *   earliest = max(firstServeAt + D / r, lastSegmentServeAt)
 * where firstServeAt is the first request of the stretch's first segment since it was unlocked
 * and lastSegmentServeAt the first request of its last segment (the one ending at the query
 * point). An answer is accepted only when the last segment has been served and, with
 * `enforceRealtime`, not before `earliest` (minus a small clock tolerance). An empty stretch (the
 * query point is on the same frame as the previous one) is reached when it is unlocked.
 *
 * Latency (pause → submit) = now − earliest, and a client's own measurement is accepted only if
 * it is smaller (voluntary pauses make the real pause later than `earliest`).
 */

export const REALTIME_TOLERANCE_MS = 250;

export type StretchTimingInput = {
  now: number;
  /** When the stretch was unlocked (previous answer accepted, or session start), ms. */
  unlockedAt: number;
  /** Media duration of the stretch, seconds (0 when empty). */
  durationSec: number;
  playbackRate: number;
  enforceRealtime: boolean;
  /** First allowed request of the stretch's first / last segment since unlockedAt (ms), or null. */
  firstServeAt: number | null;
  lastSegmentServeAt: number | null;
};

export type StretchTiming =
  | { reached: true; reachedAt: number; latencyMs: number }
  | { reached: false; why: "not_served" | "too_early" };

export function stretchTiming(input: StretchTimingInput): StretchTiming {
  if (input.durationSec <= 0) {
    return { reached: true, reachedAt: input.unlockedAt, latencyMs: Math.max(0, input.now - input.unlockedAt) };
  }
  if (input.firstServeAt === null || input.lastSegmentServeAt === null) return { reached: false, why: "not_served" };
  const earliest = Math.max(input.firstServeAt + (input.durationSec * 1000) / input.playbackRate, input.lastSegmentServeAt);
  if (input.enforceRealtime && input.now < earliest - REALTIME_TOLERANCE_MS) return { reached: false, why: "too_early" };
  const reachedAt = input.enforceRealtime ? earliest : Math.min(earliest, input.now);
  return { reached: true, reachedAt, latencyMs: Math.max(0, Math.round(input.now - reachedAt)) };
}

/** The latency to record: the server's bound, or the client's claim when it is smaller and sane. */
export function recordedLatency(serverLatencyMs: number, clientLatencyMs: number | undefined): number {
  if (clientLatencyMs === undefined || !Number.isFinite(clientLatencyMs) || clientLatencyMs < 0) return serverLatencyMs;
  return Math.min(serverLatencyMs, Math.round(clientLatencyMs));
}
