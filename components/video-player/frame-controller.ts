/**
 * Glue between a `<video>` element, its PTS table and the player store (browser only, no React).
 *
 * - While playing, the displayed frame comes from `requestVideoFrameCallback` (metadata.mediaTime
 *   is the presentation time of the frame actually composited) when the browser has it;
 *   otherwise, and whenever the video is paused or has just seeked, from `currentTime`. A paused
 *   video's callback only counts when it agrees with currentTime: measured in Chromium with keys
 *   0 ms apart, a callback can report a frame composited for an EARLIER seek after the latest
 *   seek has settled (seeked at frame 60, then a callback with frame 61 of the seek before), and
 *   taking it moved the read-out, and the next step, one frame off (e2e annotate-fast-keys).
 * - Stepping pauses, then seeks to the middle of the target frame's display interval
 *   (lib/player/frame-navigation.ts). Repeated steps chain from the frame being sought, not
 *   from the one still displayed, so ten quick presses move exactly ten frames.
 * - On pause, currentTime is snapped to the middle of the frame last presented (per
 *   requestVideoFrameCallback). Measured in Chromium: right after a pause during playback,
 *   currentTime can still lie in the frame BEFORE the one on screen; without the snap the
 *   read-out (and the next step) would be one frame off what the annotator sees. Until the snap
 *   the store says `settling` (status "seeking"): "paused" means the video's position is final
 *   (e2e annotate-player-keys read the picture in that window once and saw the frame before).
 */
import { browserSeekTimeForFrame, frameAtBrowserTime, readoutForFrame, stepFrame } from "@/lib/player/frame-navigation";
import type { PlayerStore } from "@/lib/player/player-store";
import type { PlayerControls } from "@/lib/player/shortcuts";
import type { PtsTable } from "@/lib/video/pts-table";

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, metadata: { mediaTime: number }) => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

export type FrameController = PlayerControls & {
  seekToFrame: (i: number) => void;
  /** Playback rate of the video element (1 = normal). */
  playbackRate: () => number;
  setPlaybackRate: (rate: number) => void;
  detach: () => void;
};

export function attachFrameController(
  videoElement: HTMLVideoElement,
  table: PtsTable,
  store: PlayerStore,
  mediaTimeOffset: number,
): FrameController {
  const video = videoElement as FrameCallbackVideo;
  const hasFrameCallback = typeof video.requestVideoFrameCallback === "function";
  let frameHandle: number | null = null;
  let detached = false;
  /** mediaTime of the last frame composited (requestVideoFrameCallback), or null. */
  let presentedTime: number | null = null;
  let snapTimer: ReturnType<typeof setTimeout> | null = null;
  /** The next pause comes from a frame step, which seeks by itself: no snap. */
  let pauseFromStep = false;

  const show = (browserTime: number) => {
    const i = frameAtBrowserTime(table, browserTime);
    if (i === null) return;
    const r = readoutForFrame(table, i, mediaTimeOffset);
    const { pendingFrame } = store.getState();
    store.setState({
      frameIndex: i,
      browserTime,
      pts: r.pts,
      timecode: r.timecode,
      pendingFrame: pendingFrame === i ? null : pendingFrame,
    });
  };

  const onFrame = (_now: number, metadata: { mediaTime: number }) => {
    if (detached) return;
    presentedTime = metadata.mediaTime;
    if (!video.paused || frameAtBrowserTime(table, metadata.mediaTime) === frameAtBrowserTime(table, video.currentTime)) show(metadata.mediaTime);
    frameHandle = video.requestVideoFrameCallback!(onFrame);
  };
  if (hasFrameCallback) frameHandle = video.requestVideoFrameCallback!(onFrame);

  const fromCurrentTime = () => {
    if (snapTimer !== null) return; // a pause snap is pending: currentTime may be a frame behind
    if (!hasFrameCallback || video.paused) show(video.currentTime);
  };
  const onSeeked = () => {
    show(video.currentTime);
    store.setState({ pendingFrame: null });
  };
  const cancelSnap = () => {
    if (snapTimer !== null) clearTimeout(snapTimer);
    snapTimer = null;
  };
  const onPlay = () => {
    cancelSnap();
    store.setState({ playing: true, settling: false });
  };
  const onPause = () => {
    cancelSnap();
    if (pauseFromStep) {
      pauseFromStep = false;
      store.setState({ playing: false, settling: false });
      return;
    }
    // Let the last frame callbacks of the playback run, then align currentTime with the frame
    // on screen. Until then the status says "seeking" (settling), not "paused".
    store.setState({ playing: false, settling: true });
    snapTimer = setTimeout(() => {
      snapTimer = null;
      const shown = detached || !video.paused || video.seeking ? null : frameAtBrowserTime(table, presentedTime ?? video.currentTime);
      if (shown === null) return store.setState({ settling: false });
      store.setState({ settling: false, pendingFrame: shown });
      video.currentTime = browserSeekTimeForFrame(table, shown);
    }, 60);
  };

  video.addEventListener("loadeddata", fromCurrentTime);
  video.addEventListener("timeupdate", fromCurrentTime);
  video.addEventListener("seeked", onSeeked);
  video.addEventListener("play", onPlay);
  video.addEventListener("pause", onPause);
  store.setState({ ready: true, frameCount: table.pts.length, playing: !video.paused });
  if (video.readyState >= 1) show(video.currentTime);

  const seekToFrame = (i: number) => {
    const target = stepFrame(table, i, 0);
    store.setState({ pendingFrame: target });
    video.currentTime = browserSeekTimeForFrame(table, target);
  };

  return {
    seekToFrame,
    stepFrames(delta: number) {
      if (!video.paused) {
        pauseFromStep = true;
        video.pause();
      }
      if (snapTimer !== null) {
        // Stepping right after a pause: start from the frame on screen, not from currentTime.
        cancelSnap();
        const shown = frameAtBrowserTime(table, presentedTime ?? video.currentTime);
        store.setState(shown !== null ? { settling: false, pendingFrame: shown } : { settling: false });
      }
      const s = store.getState();
      const from = s.pendingFrame ?? s.frameIndex ?? frameAtBrowserTime(table, video.currentTime) ?? 0;
      seekToFrame(stepFrame(table, from, delta));
    },
    togglePlay() {
      if (video.paused) void video.play().catch(() => undefined);
      else video.pause();
    },
    playbackRate: () => video.playbackRate,
    setPlaybackRate(rate: number) {
      if (Number.isFinite(rate) && rate > 0) video.playbackRate = rate;
    },
    detach() {
      detached = true;
      cancelSnap();
      if (frameHandle !== null) video.cancelVideoFrameCallback?.(frameHandle);
      video.removeEventListener("loadeddata", fromCurrentTime);
      video.removeEventListener("timeupdate", fromCurrentTime);
      video.removeEventListener("seeked", onSeeked);
      video.removeEventListener("play", onPlay);
      video.removeEventListener("pause", onPause);
    },
  };
}
