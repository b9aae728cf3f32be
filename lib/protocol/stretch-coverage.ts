/**
 * Which part of the current stretch a streaming session has been served (PURE), and what that
 * means for an answer to its query point.
 *
 * Segments are served at most once and only in order (claim-segment-serve.ts refuses a segment
 * once it or a later one was served), so for the stretch [first, last] and the set of its segments
 * served so far:
 * - `full`:     every segment was served. The answer is judged on time alone (stretch-timing.ts).
 * - `pending`:  the last segment (the one ending on the query-point frame) was not served yet, so
 *               the rest of the stretch can still be served: the answer is refused (409
 *               `stretch_not_served`) until it has been.
 * - `lost`:     the last segment was served but some earlier one never was, and never can be
 *               (a later segment was served: the served-once rule). The participant cannot see
 *               that part any more, so the answer is recorded and flagged `unseen` (excluded from
 *               scoring by default).
 * An empty stretch (the query point is on the previous one's frame) is `full`.
 *
 * A restart (a reload or a second tab: a claim of the session, or a new playlist request) while
 * the stretch plays also loses video: what the player had been served but could not have shown
 * yet (it buffers ahead) is gone, and the served-once rule never serves it again. See
 * {@link lostToRestart}; such a stretch counts as `lost` too once it is otherwise complete.
 */
export type StretchCoverage =
  | { kind: "full" }
  | { kind: "pending"; unserved: number[] }
  | { kind: "lost"; missing: number[] };

export function stretchCoverage(stretch: { first: number; last: number }, served: Iterable<number>): StretchCoverage {
  if (stretch.last < stretch.first) return { kind: "full" };
  const got = new Set(served);
  const missing: number[] = [];
  for (let k = stretch.first; k <= stretch.last; k++) if (!got.has(k)) missing.push(k);
  if (!missing.length) return { kind: "full" };
  if (!got.has(stretch.last)) return { kind: "pending", unserved: missing };
  return { kind: "lost", missing };
}

/** A segment of the current stretch served to the session: when, and its place in the HLS timeline. */
export type ServedSegment = { index: number; at: number; mediaStartSec: number; mediaEndSec: number };

/**
 * Whether a restart cut off video that had been served but could not have been shown yet. The
 * serves are split into runs at each restart (time ms); a run plays from its first serve at the
 * fixed rate at best, so by a restart at R it cannot have shown more than (R − first serve) × rate
 * seconds of media. If the media served in the run before R reaches further than that (beyond
 * `toleranceSec`), the rest of it was never on screen.
 */
export function lostToRestart(served: readonly ServedSegment[], restarts: readonly number[], playbackRate: number, toleranceSec = 0.25): boolean {
  const events = [
    ...served.map((s) => ({ at: s.at, serve: s as ServedSegment | null })),
    ...restarts.map((at) => ({ at, serve: null as ServedSegment | null })),
  ].sort((a, b) => a.at - b.at || (a.serve ? -1 : 1));
  let run: { start: number; fromSec: number; toSec: number } | null = null;
  for (const e of events) {
    if (e.serve) {
      if (!run) run = { start: e.at, fromSec: e.serve.mediaStartSec, toSec: e.serve.mediaEndSec };
      else run.toSec = Math.max(run.toSec, e.serve.mediaEndSec);
      continue;
    }
    if (!run) continue;
    const shown = ((e.at - run.start) / 1000) * playbackRate;
    if (run.toSec - run.fromSec - shown > toleranceSec) return true;
    run = null;
  }
  return false;
}
