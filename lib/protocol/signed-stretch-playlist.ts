import "server-only";
import { buildStretchPlaylist } from "./build-playlist";
import { initSegmentUrlExpiry } from "./init-segment-url";
import { signedResourcePath } from "./sign-segment-url";
import { stretchUrlTtlSeconds, type Stretch } from "./stretch";

/**
 * The HLS playlist of (what is left of) a stretch, every URL signed for this session and user:
 * the segments with an expiry of the stretch's own length at the fixed rate plus slack
 * (stretch.ts `stretchUrlTtlSeconds`), the init segment with the day's expiry
 * (init-segment-url.ts). The one writer of a participant's playlist: the playlist route
 * (session-playlist.ts) and an accepted answer (submit-answer.ts, which gives the next stretch's
 * playlist with its response) both call it.
 */
export function signedStretchPlaylist(
  session: { id: string; signingKey: string; settings: { playbackRate: number } },
  userId: string,
  stretch: Stretch,
  now: Date,
): string {
  const nowSec = Math.floor(now.getTime() / 1000);
  const exp = nowSec + stretchUrlTtlSeconds(stretch.durationSec, session.settings.playbackRate);
  const sign = (resource: number | "init") =>
    signedResourcePath(session.signingKey, { sessionId: session.id, userId, resource, exp: resource === "init" ? initSegmentUrlExpiry(nowSec) : exp });
  return buildStretchPlaylist(
    sign("init"),
    stretch.segments.map((s) => ({ index: s.index, durationSec: s.mediaEndSec - s.mediaStartSec, uri: sign(s.index) })),
  );
}
