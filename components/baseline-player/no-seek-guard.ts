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
 *   the stretch's duration, measured from where the stretch's media begins (the start of the
 *   buffered range playback started in: nothing before the stretch is ever served), whatever
 *   timeline the source uses, and `onReached` fires once. Not from the position at the first
 *   `playing` event: on a busy machine that event can be handled after playback has moved on,
 *   and the pause would then come that much early.
 * - Voluntary pause: when not allowed, a pause before the end resumes playback.
 * - Seeks are refused before they start: once playback has started, setting currentTime away from
 *   that position does nothing (a player that seeks would first drop its buffer and show the
 *   frame it seeked to); the `seeking` revert stays for seeks made another way.
 * - No replay: once the query point is reached, `play()` does nothing (on an ended element the
 *   browser would first seek back to the start), and a playback started any other way (a media
 *   key, the browser's own menu) is paused at once; the seek guard keeps the position.
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
  /** What the element holds (HTMLMediaElement.buffered), when known. */
  buffered?: { length: number; start(index: number): number; end(index: number): number };
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
      origin = stretchStart(media);
      maxPlayed = media.currentTime;
    }
  };
  const onTimeUpdate = () => {
    if (!started || reverting) return;
    const t = media.currentTime;
    if (t > maxPlayed && t - maxPlayed < 1.5) maxPlayed = t;
    if (t - origin >= opts.durationSec - tolerance) reach();
  };
  const tooFar = (t: number) => Math.abs(t - revertTarget()) > 0.1;
  const time = interceptCurrentTime(media, (t) => !started || reverting || !tooFar(t));
  const onSeeking = () => {
    if (!started) return;
    const t = media.currentTime;
    if (tooFar(t)) {
      reverting = true;
      time.set(revertTarget());
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
  const onPlay = () => {
    if (reached && !media.paused) media.pause();
  };
  // No replay after the query point: play() on an ended element would rewind to the start first.
  const ownPlay = Object.prototype.hasOwnProperty.call(media, "play") ? media.play : null;
  const nativePlay = media.play;
  media.play = function play(this: MediaLike) {
    if (reached) return Promise.resolve();
    return nativePlay.call(media);
  };

  media.playbackRate = opts.playbackRate;
  media.addEventListener("playing", onPlaying);
  media.addEventListener("timeupdate", onTimeUpdate);
  media.addEventListener("seeking", onSeeking);
  media.addEventListener("ratechange", onRate);
  media.addEventListener("pause", onPause);
  media.addEventListener("ended", onEnded);
  media.addEventListener("play", onPlay);
  return {
    detach() {
      time.restore();
      if (ownPlay) media.play = ownPlay;
      else delete (media as { play?: unknown }).play;
      media.removeEventListener("play", onPlay);
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

/**
 * Puts a gate on `media.currentTime = t`: the assignment happens only when `allow(t)`. Returns
 * the ungated setter and the function that removes the gate. Works on a real media element
 * (an accessor on its prototype) and on a plain object (a data property).
 */
function interceptCurrentTime(media: MediaLike, allow: (t: number) => boolean): { set: (t: number) => void; restore: () => void } {
  let owner: object | null = media;
  let descriptor: PropertyDescriptor | undefined;
  while (owner && !(descriptor = Object.getOwnPropertyDescriptor(owner, "currentTime"))) owner = Object.getPrototypeOf(owner);
  const ownData = owner === media && descriptor !== undefined && "value" in descriptor;
  let value = media.currentTime;
  const get = descriptor?.get ? () => descriptor!.get!.call(media) as number : () => value;
  const set = descriptor?.set ? (t: number) => descriptor!.set!.call(media, t) : (t: number) => void (value = t);
  Object.defineProperty(media, "currentTime", {
    configurable: true,
    enumerable: true,
    get,
    set: (t: number) => {
      if (allow(t)) set(t);
    },
  });
  return {
    set,
    restore: () => {
      if (ownData) Object.defineProperty(media, "currentTime", { configurable: true, enumerable: true, writable: true, value: get() });
      else delete (media as { currentTime?: number }).currentTime;
    },
  };
}

/** Where the stretch's media begins: the start of the buffered range holding the position, else the position. */
function stretchStart(media: MediaLike): number {
  const t = media.currentTime;
  const ranges = media.buffered;
  if (!ranges) return t;
  for (let i = 0; i < ranges.length; i += 1) {
    // A little slack: Chromium's position can sit a few ms before the first buffered frame.
    if (ranges.start(i) <= t + 0.05 && t <= ranges.end(i)) return Math.min(ranges.start(i), t);
  }
  return t;
}
