/**
 * Where the timeline's playhead comes from (browser only, no React). The playhead is drawn
 * OUTSIDE React: the timeline subscribes to a time source and moves an SVG line itself, so a
 * playing video never re-renders components.
 */
import type { PlayerStore } from "@/lib/player/player-store";

export type TimeSource = {
  /** Current item time (seconds), or null when unknown. */
  getTime(): number | null;
  /** Called on every displayed frame / seek; returns an unsubscribe function. */
  subscribe(listener: (t: number | null) => void): () => void;
};

/** Time from the player store (`browserTime` of the displayed frame), when a player exposes its store. */
export function playerStoreTimeSource(store: PlayerStore, toItemTime: (browserTime: number) => number): TimeSource {
  const read = () => {
    const s = store.getState();
    return s.frameIndex === null ? null : toItemTime(s.browserTime);
  };
  return {
    getTime: read,
    subscribe(listener) {
      return store.subscribe((s, prev) => {
        if (s.browserTime !== prev.browserTime || s.frameIndex !== prev.frameIndex) listener(read());
      });
    },
  };
}

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, metadata: { mediaTime: number }) => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/**
 * Time from a `<video>` element: the presentation time of each composited frame
 * (requestVideoFrameCallback) while it plays, currentTime on seeks and pauses.
 */
export function videoElementTimeSource(element: HTMLVideoElement, toItemTime: (browserTime: number) => number): TimeSource {
  const video = element as FrameCallbackVideo;
  let last: number | null = video.readyState >= 1 ? toItemTime(video.currentTime) : null;
  return {
    getTime: () => last,
    subscribe(listener) {
      let handle: number | null = null;
      let stopped = false;
      const emit = (browserTime: number) => {
        last = toItemTime(browserTime);
        listener(last);
      };
      const onFrame = (_now: number, meta: { mediaTime: number }) => {
        if (stopped) return;
        emit(meta.mediaTime);
        handle = video.requestVideoFrameCallback!(onFrame);
      };
      const onTime = () => emit(video.currentTime);
      if (typeof video.requestVideoFrameCallback === "function") handle = video.requestVideoFrameCallback(onFrame);
      for (const e of ["timeupdate", "seeked", "seeking", "loadeddata", "pause"]) video.addEventListener(e, onTime);
      if (video.readyState >= 1) onTime();
      return () => {
        stopped = true;
        if (handle !== null) video.cancelVideoFrameCallback?.(handle);
        for (const e of ["timeupdate", "seeked", "seeking", "loadeddata", "pause"]) video.removeEventListener(e, onTime);
      };
    },
  };
}
