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
