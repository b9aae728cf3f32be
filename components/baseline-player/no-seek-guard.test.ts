import { describe, expect, it } from "vitest";
import { attachNoSeekGuard, type MediaLike } from "./no-seek-guard";

/** A media element's time: an accessor (as on HTMLMediaElement), advanced by playback via tick(). */
class FakeMedia implements MediaLike {
  private time = 0;
  get currentTime() {
    return this.time;
  }
  set currentTime(t: number) {
    this.time = t;
    this.emit("seeking");
  }
  playbackRate = 1;
  paused = true;
  ended = false;
  listeners = new Map<string, Set<() => void>>();
  play() {
    this.paused = false;
  }
  pause() {
    this.paused = true;
  }
  addEventListener(type: string, fn: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: () => void) {
    this.listeners.get(type)?.delete(fn);
  }
  emit(type: string) {
    for (const fn of this.listeners.get(type) ?? []) fn();
  }
  frameCallbacks: Array<(now: number, metadata: { mediaTime: number }) => void> = [];
  requestVideoFrameCallback(cb: (now: number, metadata: { mediaTime: number }) => void) {
    this.frameCallbacks.push(cb);
    return this.frameCallbacks.length;
  }
  present(mediaTime: number) {
    const cbs = this.frameCallbacks;
    this.frameCallbacks = [];
    for (const cb of cbs) cb(0, { mediaTime });
  }
  tick(t: number) {
    this.time = t;
    this.emit("timeupdate");
  }
}

/** A seek the page's own code cannot gate (the browser's own controls or keys): straight to the element. */
const nativeSeek = (m: FakeMedia, t: number) => Object.getOwnPropertyDescriptor(FakeMedia.prototype, "currentTime")!.set!.call(m, t);

describe("no-seek guard", () => {
  it("reverts rewinds and skips to the furthest played position", () => {
    const m = new FakeMedia();
    attachNoSeekGuard(m, { playbackRate: 1, durationSec: 10, allowVoluntaryPause: true, onReached: () => {} });
    m.play();
    m.emit("playing");
    m.tick(1);
    m.tick(2);
    m.currentTime = 0.5;
    expect(m.currentTime).toBe(2);
    m.currentTime = 9;
    expect(m.currentTime).toBe(2);
    nativeSeek(m, 0.5);
    expect(m.currentTime).toBe(2);
    nativeSeek(m, 9);
    expect(m.currentTime).toBe(2);
    m.currentTime = 2.05; // within a tenth of a second of the position: allowed
    expect(m.currentTime).toBe(2.05);
  });

  it("reverts into the frame on screen when currentTime still lags it (Chromium right after a pause)", () => {
    const m = new FakeMedia();
    attachNoSeekGuard(m, { playbackRate: 1, durationSec: 10, allowVoluntaryPause: true, onReached: () => {} });
    m.play();
    m.emit("playing");
    m.tick(1);
    m.tick(2);
    m.tick(2.3);
    m.present(2.3333333); // frame 70 at 30 fps is on screen, currentTime is still in frame 69
    m.currentTime = 0; // refused before it starts: nothing moves
    expect(m.currentTime).toBe(2.3);
    nativeSeek(m, 0); // a seek that got through is reverted into the frame on screen
    expect(m.currentTime).toBeGreaterThan(2.3333333);
    expect(m.currentTime).toBeLessThan(2.3333333 + 1 / 60);
    // A frame presented earlier than the furthest point played never pulls the revert back.
    m.tick(2.5);
    m.present(2.4666666);
    nativeSeek(m, 9);
    expect(m.currentTime).toBe(2.5);
  });

  it("keeps the fixed rate", () => {
    const m = new FakeMedia();
    attachNoSeekGuard(m, { playbackRate: 1.5, durationSec: 10, allowVoluntaryPause: true, onReached: () => {} });
    expect(m.playbackRate).toBe(1.5);
    m.playbackRate = 4;
    m.emit("ratechange");
    expect(m.playbackRate).toBe(1.5);
  });

  it("pauses once at the end of the stretch, measured from where playback started", () => {
    const m = new FakeMedia();
    let reached = 0;
    attachNoSeekGuard(m, { playbackRate: 1, durationSec: 3, allowVoluntaryPause: true, onReached: () => (reached += 1) });
    m.currentTime = 4; // a source whose timeline does not start at 0
    m.play();
    m.emit("playing");
    m.tick(5);
    expect(reached).toBe(0);
    m.tick(6.99);
    expect(reached).toBe(1);
    expect(m.paused).toBe(true);
    m.emit("ended");
    expect(reached).toBe(1);
  });

  it("measures the stretch from where its media begins, even when the first `playing` is handled late", () => {
    // A busy machine: playback began at 4 s (the buffered range's start), but the page only sees
    // `playing` at 4.3 s. The query point is 3 s of media after 4 s, not after 4.3 s.
    const m = new FakeMedia();
    const range = { length: 1, start: () => 4, end: () => 7 };
    Object.assign(m, { buffered: range });
    let reached = 0;
    attachNoSeekGuard(m, { playbackRate: 2, durationSec: 3, allowVoluntaryPause: false, onReached: () => (reached += 1) });
    m.currentTime = 4;
    m.play();
    m.tick(4.3);
    m.emit("playing");
    m.tick(6.5);
    expect(reached).toBe(0);
    m.tick(6.99);
    expect(reached).toBe(1);
    expect(m.paused).toBe(true);
  });

  it("ignores a buffered range that does not hold the position", () => {
    const m = new FakeMedia();
    Object.assign(m, { buffered: { length: 1, start: () => 0, end: () => 2 } });
    let reached = 0;
    attachNoSeekGuard(m, { playbackRate: 1, durationSec: 3, allowVoluntaryPause: true, onReached: () => (reached += 1) });
    m.currentTime = 4;
    m.play();
    m.emit("playing");
    m.tick(5);
    expect(reached).toBe(0);
    m.tick(6.99);
    expect(reached).toBe(1);
  });

  it("resumes a voluntary pause when pausing is not allowed", () => {
    const m = new FakeMedia();
    attachNoSeekGuard(m, { playbackRate: 1, durationSec: 3, allowVoluntaryPause: false, onReached: () => {} });
    m.play();
    m.emit("playing");
    m.pause();
    m.emit("pause");
    expect(m.paused).toBe(false);
  });

  it("never replays once the query point is reached: play() does nothing, a play started otherwise is paused", () => {
    const m = new FakeMedia();
    const guard = attachNoSeekGuard(m, { playbackRate: 1, durationSec: 3, allowVoluntaryPause: true, onReached: () => {} });
    m.play();
    expect(m.paused).toBe(false); // before the end, play() plays
    m.emit("playing");
    m.tick(3);
    expect(guard.reached()).toBe(true);
    m.ended = true;
    m.play(); // the replay button, a click, Space...
    expect(m.paused).toBe(true);
    expect(m.currentTime).toBe(3);
    // A play the guard could not intercept (media key, browser menu) is stopped at once.
    m.paused = false;
    m.emit("play");
    expect(m.paused).toBe(true);
    guard.detach();
    expect(Object.prototype.hasOwnProperty.call(m, "play")).toBe(false);
  });
});
