/**
 * `SegmentServe.segmentIndex` values that are not segment indices: every request for a
 * session's media or playlist is logged, allowed or refused.
 */
export const SERVE_INDEX = {
  init: -1,
  playlist: -2,
  media: -3,
  /** A request whose index parameter could not be parsed. */
  malformed: -4,
  /** The still picture of the current query point (session-still.ts). */
  still: -5,
  /** A tab claimed the session (page load, reload, second tab): a restart of the player. */
  claim: -6,
} as const;
