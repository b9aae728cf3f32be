import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { resetJobsConfig } from "./jobs-config";
import { registerJobKind } from "./registry";
import { JobSlots } from "./slots";

const noop = { payload: z.object({}), run: async () => null };

describe("JobSlots (per-instance concurrency)", () => {
  afterEach(() => {
    delete process.env.PLAYHEAD_JOBS_CONCURRENCY;
    delete process.env.PLAYHEAD_JOBS_MEDIA_CONCURRENCY;
    resetJobsConfig();
  });

  it("limits each kind to its concurrency; a release frees a slot", () => {
    registerJobKind({ kind: "unit.two", concurrency: 2, ...noop });
    const slots = new JobSlots();
    expect([slots.tryAcquire("unit.two"), slots.tryAcquire("unit.two"), slots.tryAcquire("unit.two")]).toEqual([true, true, false]);
    slots.release("unit.two");
    expect(slots.available("unit.two")).toBe(true);
  });

  it("media kinds also share the media pool (PLAYHEAD_JOBS_MEDIA_CONCURRENCY), across kinds", () => {
    process.env.PLAYHEAD_JOBS_MEDIA_CONCURRENCY = "2";
    resetJobsConfig();
    registerJobKind({ kind: "unit.ffmpeg-a", concurrency: 2, pool: "media", ...noop });
    registerJobKind({ kind: "unit.ffmpeg-b", concurrency: 2, pool: "media", ...noop });
    registerJobKind({ kind: "unit.light", concurrency: 1, ...noop });
    const slots = new JobSlots();
    expect(slots.tryAcquire("unit.ffmpeg-a")).toBe(true);
    expect(slots.tryAcquire("unit.ffmpeg-b")).toBe(true);
    expect(slots.tryAcquire("unit.ffmpeg-a")).toBe(false); // pool full, though the kind has room
    expect(slots.tryAcquire("unit.light")).toBe(true); // not media
    slots.release("unit.ffmpeg-b");
    expect(slots.tryAcquire("unit.ffmpeg-a")).toBe(true);
  });

  it("PLAYHEAD_JOBS_CONCURRENCY overrides a kind's limit", () => {
    process.env.PLAYHEAD_JOBS_CONCURRENCY = "unit.over=1";
    resetJobsConfig();
    registerJobKind({ kind: "unit.over", concurrency: 5, ...noop });
    const slots = new JobSlots();
    expect([slots.tryAcquire("unit.over"), slots.tryAcquire("unit.over")]).toEqual([true, false]);
  });

  it("acquire waits for a release (a request running its job inline)", async () => {
    registerJobKind({ kind: "unit.one", concurrency: 1, ...noop });
    const slots = new JobSlots();
    await slots.acquire("unit.one");
    let got = false;
    const waiting = slots.acquire("unit.one").then(() => (got = true));
    await Promise.resolve();
    expect(got).toBe(false);
    slots.release("unit.one");
    await waiting;
    expect(got).toBe(true);
  });
});
