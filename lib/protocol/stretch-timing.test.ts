import { describe, expect, it } from "vitest";
import { recordedLatency, stretchTiming } from "./stretch-timing";

const base = { unlockedAt: 1000, durationSec: 4, playbackRate: 1, enforceRealtime: true, firstServeAt: 2000, lastSegmentServeAt: 3000 };

describe("stretch timing", () => {
  it("not reached until the last segment was served", () => {
    expect(stretchTiming({ ...base, now: 99_999, lastSegmentServeAt: null })).toEqual({ reached: false, why: "not_served" });
    expect(stretchTiming({ ...base, now: 99_999, firstServeAt: null })).toEqual({ reached: false, why: "not_served" });
  });

  it("not reached before the stretch could play at the fixed rate", () => {
    expect(stretchTiming({ ...base, now: 5000 })).toEqual({ reached: false, why: "too_early" });
    expect(stretchTiming({ ...base, now: 5800 })).toMatchObject({ reached: true, reachedAt: 6000, latencyMs: 0 });
    expect(stretchTiming({ ...base, now: 7500 })).toMatchObject({ reached: true, reachedAt: 6000, latencyMs: 1500 });
    expect(stretchTiming({ ...base, playbackRate: 2, now: 4100 })).toMatchObject({ reached: true, reachedAt: 4000, latencyMs: 100 });
  });

  it("the last segment's own serve time bounds the pause too", () => {
    expect(stretchTiming({ ...base, lastSegmentServeAt: 9000, now: 9500 })).toMatchObject({ reached: true, latencyMs: 500 });
  });

  it("without real-time enforcement only serving counts", () => {
    expect(stretchTiming({ ...base, enforceRealtime: false, now: 3500 })).toMatchObject({ reached: true, latencyMs: 0 });
  });

  it("an empty stretch is reached when unlocked", () => {
    expect(stretchTiming({ ...base, durationSec: 0, firstServeAt: null, lastSegmentServeAt: null, now: 1700 })).toEqual({ reached: true, reachedAt: 1000, latencyMs: 700 });
  });

  it("a client's latency is kept only below the server's bound", () => {
    expect(recordedLatency(1500, 900)).toBe(900);
    expect(recordedLatency(1500, 5000)).toBe(1500);
    expect(recordedLatency(1500, undefined)).toBe(1500);
    expect(recordedLatency(1500, -3)).toBe(1500);
  });
});
