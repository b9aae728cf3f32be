/**
 * Glue between a `<video>` element, its PTS table and the player store (browser only, no React).
 *
 * - The displayed frame comes from `requestVideoFrameCallback` (metadata.mediaTime is the
 *   presentation time of the frame actually composited) when the browser has it; otherwise,
 *   and additionally whenever the video is paused or has just seeked, from `currentTime`.
 * - Stepping pauses, then seeks to the middle of the target frame's display interval
 *   (lib/player/frame-navigation.ts). Repeated steps chain from the frame being sought, not
 *   from the one still displayed, so ten quick presses move exactly ten frames.
 * - On pause, currentTime is snapped to the middle of the displayed frame, so that what an
 *   annotator sees and what currentTime says can never be one frame apart.
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
    show(metadata.mediaTime);
    frameHandle = video.requestVideoFrameCallback!(onFrame);
  };
  if (hasFrameCallback) frameHandle = video.requestVideoFrameCallback!(onFrame);

  const fromCurrentTime = () => {
    if (!hasFrameCallback || video.paused) show(video.currentTime);
  };
  const onSeeked = () => {
    show(video.currentTime);
    store.setState({ pendingFrame: null });
  };
  const onPlay = () => store.setState({ playing: true });
  const onPause = () => {
    store.setState({ playing: false });
    // Snap to the displayed frame once the last frame callback has run.
    setTimeout(() => {
      if (detached || !video.paused || video.seeking) return;
      const shown = store.getState().frameIndex;
      if (shown !== null && frameAtBrowserTime(table, video.currentTime) !== shown) {
        video.currentTime = browserSeekTimeForFrame(table, shown);
      }
    }, 50);
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
      if (!video.paused) video.pause();
      const s = store.getState();
      const from = s.pendingFrame ?? s.frameIndex ?? frameAtBrowserTime(table, video.currentTime) ?? 0;
      seekToFrame(stepFrame(table, from, delta));
    },
    togglePlay() {
      if (video.paused) void video.play().catch(() => undefined);
      else video.pause();
    },
    detach() {
      detached = true;
      if (frameHandle !== null) video.cancelVideoFrameCallback?.(frameHandle);
      video.removeEventListener("loadeddata", fromCurrentTime);
      video.removeEventListener("timeupdate", fromCurrentTime);
      video.removeEventListener("seeked", onSeeked);
      video.removeEventListener("play", onPlay);
      video.removeEventListener("pause", onPause);
    },
  };
}
