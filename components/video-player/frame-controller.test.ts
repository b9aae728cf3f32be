import { describe, expect, it, vi } from "vitest";
import { createPlayerStore } from "@/lib/player/player-store";
import type { PtsTable } from "@/lib/video/pts-table";
import { attachFrameController } from "./frame-controller";

/**
 * The frame controller against a scripted `<video>`: events and frame callbacks arrive in the
 * order Chromium delivered them in a failing run of e2e/annotate-fast-keys (recorded with an
 * event log in the page), so the rule is pinned without a browser.
 */

/** 30 fps, 300 frames, time base 1/90000. */
const TABLE: PtsTable = { timeBase: { num: 1, den: 90_000 }, pts: Array.from({ length: 300 }, (_, i) => i * 3000), endPts: 300 * 3000 };

type FrameCallback = (now: number, metadata: { mediaTime: number }) => void;

class ScriptedVideo extends EventTarget {
  paused = true;
  seeking = false;
  readyState = 4;
  playbackRate = 1;
  private time = 0;
  private callbacks = new Map<number, FrameCallback>();
  private nextHandle = 1;

  get currentTime(): number {
    return this.time;
  }
  set currentTime(t: number) {
    this.time = t;
    this.seeking = true;
  }
  requestVideoFrameCallback(cb: FrameCallback): number {
    const h = this.nextHandle++;
    this.callbacks.set(h, cb);
    return h;
  }
  cancelVideoFrameCallback(h: number): void {
    this.callbacks.delete(h);
  }
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event("pause"));
  }
  async play(): Promise<void> {
    this.paused = false;
    this.dispatchEvent(new Event("play"));
  }
  /** The compositor presents frame `frame` (its start time, as mediaTime reports it). */
  present(frame: number): void {
    const pending = [...this.callbacks.values()];
    this.callbacks.clear();
    for (const cb of pending) cb(0, { mediaTime: (frame * 3000) / 90_000 });
  }
  /** The latest seek settles. */
  settle(): void {
    this.seeking = false;
    this.dispatchEvent(new Event("seeked"));
  }
}

function setup(startFrame: number) {
  const video = new ScriptedVideo();
  video.currentTime = ((startFrame + 0.5) * 3000) / 90_000;
  video.seeking = false;
  const store = createPlayerStore({ frameCount: TABLE.pts.length });
  const controller = attachFrameController(video as unknown as HTMLVideoElement, TABLE, store, 0);
  return { video, store, controller };
}

describe("attachFrameController", () => {
  it("a paused video ignores a frame callback of an earlier seek that arrives after the latest one settled", () => {
    const { video, store, controller } = setup(62);
    expect(store.getState().frameIndex).toBe(62);
    // Two nudges: seek to 61, then to 60 before 61 was shown.
    controller.seekToFrame(61);
    controller.seekToFrame(60);
    video.settle();
    expect(store.getState()).toMatchObject({ frameIndex: 60, pendingFrame: null });
    // Chromium then reported the frame composited for the seek to 61.
    video.present(61);
    expect(store.getState().frameIndex).toBe(60);
    // → → from 60: 62, not 63.
    controller.stepFrames(1);
    controller.stepFrames(1);
    expect(store.getState().pendingFrame).toBe(62);
    video.settle();
    video.present(60); // a late callback of the seek to 60
    expect(store.getState().frameIndex).toBe(62);
    video.present(62);
    expect(store.getState()).toMatchObject({ frameIndex: 62, pendingFrame: null });
  });

  it("ten quick steps move exactly ten frames whatever frames are presented meanwhile", () => {
    const { video, store, controller } = setup(10);
    for (let k = 0; k < 10; k++) {
      controller.stepFrames(1);
      video.present(10 + k); // lagging callbacks
    }
    video.settle();
    video.present(19);
    expect(store.getState().frameIndex).toBe(20);
    video.present(20);
    expect(store.getState()).toMatchObject({ frameIndex: 20, pendingFrame: null });
  });

  it("while playing, the read-out follows the frames presented", () => {
    const { video, store, controller } = setup(0);
    controller.togglePlay();
    expect(store.getState().playing).toBe(true);
    for (const f of [1, 2, 3, 5]) {
      video.present(f);
      expect(store.getState().frameIndex).toBe(f);
    }
  });

  it("a pause during playback snaps to the frame on screen, not to currentTime a frame behind", () => {
    vi.useFakeTimers();
    try {
      const { video, store, controller } = setup(0);
      controller.togglePlay();
      video.present(5);
      video.currentTime = (4.5 * 3000) / 90_000; // Chromium: currentTime still in the frame before
      video.seeking = false;
      video.pause();
      video.present(5); // the last callback of the playback, disagreeing with currentTime
      expect(store.getState()).toMatchObject({ frameIndex: 5, playing: false, settling: true });
      vi.advanceTimersByTime(59);
      expect(store.getState().settling).toBe(true); // not "paused" yet: the position is not final
      vi.advanceTimersByTime(1);
      expect(store.getState()).toMatchObject({ pendingFrame: 5, settling: false });
      expect(Math.round((video.currentTime * 90_000) / 3000 - 0.5)).toBe(5);
      video.settle();
      expect(store.getState()).toMatchObject({ frameIndex: 5, pendingFrame: null, playing: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a step right after a pause ends the settling and starts from the frame on screen", () => {
    vi.useFakeTimers();
    try {
      const { video, store, controller } = setup(0);
      controller.togglePlay();
      video.present(7);
      video.currentTime = (6.5 * 3000) / 90_000;
      video.seeking = false;
      video.pause();
      expect(store.getState().settling).toBe(true);
      controller.stepFrames(1);
      expect(store.getState()).toMatchObject({ settling: false, pendingFrame: 8 });
      vi.advanceTimersByTime(100); // the cancelled snap does not seek again
      expect(store.getState().pendingFrame).toBe(8);
      video.settle();
      expect(store.getState()).toMatchObject({ frameIndex: 8, pendingFrame: null, settling: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a pause that comes from a frame step does not settle (the step seeks by itself)", () => {
    const { store, controller } = setup(0);
    controller.togglePlay();
    controller.stepFrames(1);
    expect(store.getState()).toMatchObject({ playing: false, settling: false, pendingFrame: 1 });
  });
});
