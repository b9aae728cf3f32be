/**
 * Client-side half of "no rewind, no peek" for a streaming stretch (the server enforces it
 * regardless: segments outside the stretch are never served). PURE logic over a <video>-like
 * object so it can be unit-tested without a browser.
 *
 * - Seeking: any seek away from the furthest position played (rewind or skip ahead) is reverted
 *   to that position. Seeks VHS makes itself before playback starts (gap skipping) are allowed.
 *   The furthest position includes the frame on screen (requestVideoFrameCallback): right after
 *   a pause Chromium's currentTime can still lie in the frame before the one shown, and a revert
 *   to currentTime would step the picture back one frame.
 * - Rate: any change of playbackRate is reverted to the fixed rate.
 * - The query point: playback pauses when the stretch ends (`ended`) or when the position crosses
 *   the stretch's duration (measured from where playback started, whatever timeline the source
 *   uses), and `onReached` fires once.
 * - Voluntary pause: when not allowed, a pause before the end resumes playback.
 */

export type MediaLike = {
  currentTime: number;
  playbackRate: number;
  paused: boolean;
  ended: boolean;
  play(): Promise<void> | void;
  pause(): void;
  addEventListener(type: string, fn: () => void): void;
  removeEventListener(type: string, fn: () => void): void;
  /** HTMLVideoElement's frame callbacks, when the browser has them. */
  requestVideoFrameCallback?(cb: (now: number, metadata: { mediaTime: number }) => void): number;
  cancelVideoFrameCallback?(handle: number): void;
};

/** How far into the frame on screen a reverted seek lands (less than half of a 120 fps frame). */
const INTO_FRAME_SEC = 0.004;

export type GuardOptions = {
  playbackRate: number;
  /** Media duration of the stretch, seconds. */
  durationSec: number;
  allowVoluntaryPause: boolean;
  onReached: () => void;
  /** Half a frame or so: how close to the end counts as the end. */
  endToleranceSec?: number;
};

export type NoSeekGuard = { detach(): void; maxPlayed(): number; reached(): boolean };

export function attachNoSeekGuard(media: MediaLike, opts: GuardOptions): NoSeekGuard {
  const tolerance = opts.endToleranceSec ?? 0.02;
  let started = false;
  let origin = 0;
  let maxPlayed = 0;
  let reached = false;
  let reverting = false;
  /** mediaTime of the frame last presented, or null. */
  let presented: number | null = null;
  let frameHandle: number | null = null;
  const onFrame = (_now: number, metadata: { mediaTime: number }) => {
    presented = metadata.mediaTime;
    frameHandle = media.requestVideoFrameCallback!(onFrame);
  };
  if (media.requestVideoFrameCallback) frameHandle = media.requestVideoFrameCallback(onFrame);

  /** Where a reverted seek goes: the furthest point played, or into the frame on screen when that is further. */
  const revertTarget = () => {
    if (presented !== null && presented > maxPlayed && presented - maxPlayed < 1.5) return presented + INTO_FRAME_SEC;
    return maxPlayed;
  };

  const reach = () => {
    if (reached) return;
    reached = true;
    media.pause();
    opts.onReached();
  };
  const onPlaying = () => {
    if (!started) {
      started = true;
      origin = media.currentTime;
      maxPlayed = media.currentTime;
    }
  };
  const onTimeUpdate = () => {
    if (!started || reverting) return;
    const t = media.currentTime;
    if (t > maxPlayed && t - maxPlayed < 1.5) maxPlayed = t;
    if (t - origin >= opts.durationSec - tolerance) reach();
  };
  const onSeeking = () => {
    if (!started) return;
    const t = media.currentTime;
    const target = revertTarget();
    if (Math.abs(t - target) > 0.1) {
      reverting = true;
      media.currentTime = target;
      reverting = false;
    }
  };
  const onRate = () => {
    if (media.playbackRate !== opts.playbackRate) media.playbackRate = opts.playbackRate;
  };
  const onPause = () => {
    if (reached || opts.allowVoluntaryPause || media.ended) return;
    void media.play();
  };
  const onEnded = () => reach();

  media.playbackRate = opts.playbackRate;
  media.addEventListener("playing", onPlaying);
  media.addEventListener("timeupdate", onTimeUpdate);
  media.addEventListener("seeking", onSeeking);
  media.addEventListener("ratechange", onRate);
  media.addEventListener("pause", onPause);
  media.addEventListener("ended", onEnded);
  return {
    detach() {
      if (frameHandle !== null) media.cancelVideoFrameCallback?.(frameHandle);
      frameHandle = null;
      media.removeEventListener("playing", onPlaying);
      media.removeEventListener("timeupdate", onTimeUpdate);
      media.removeEventListener("seeking", onSeeking);
      media.removeEventListener("ratechange", onRate);
      media.removeEventListener("pause", onPause);
      media.removeEventListener("ended", onEnded);
    },
    maxPlayed: () => maxPlayed,
    reached: () => reached,
  };
}

/** Keys that would seek or change the rate in a browser or video.js: swallowed while streaming. */
export const SEEK_KEYS: ReadonlySet<string> = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
  "j",
  "J",
  "l",
  "L",
  "<",
  ">",
  ",",
  ".",
  "0",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
]);
