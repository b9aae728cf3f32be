/**
 * The init segment's URL and how long a browser may keep its bytes (PURE).
 *
 * The init segment of a streaming session is the fMP4 codec setup: it holds no picture, and it is
 * the same for every stretch. Its URL is therefore signed with an expiry that stays the same for
 * the whole UTC day (the end of the next day: valid 24 to 48 hours), and its response may be kept
 * by the participant's browser (`private`, never by a shared cache). Each stretch's playlist names
 * the same URL, so the browser fetches it once instead of once per stretch: one request fewer
 * between an answer and the next video (answer → playlist → segment instead of answer → playlist →
 * init → segment). Access is still decided by the server on every request that reaches it
 * (lib/protocol/segment-access.ts); segments and playlists stay `no-store`.
 */

const DAY_SECONDS = 86_400;

/** Expiry (Unix seconds) of the init segment's signed URL at `nowSec`: the end of the next UTC day. */
export function initSegmentUrlExpiry(nowSec: number): number {
  return (Math.floor(nowSec / DAY_SECONDS) + 2) * DAY_SECONDS;
}

/** Cache-Control of a served init segment: the participant's browser may reuse it for a day. */
export const INIT_SEGMENT_CACHE_CONTROL = `private, max-age=${DAY_SECONDS}, immutable`;
