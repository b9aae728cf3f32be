import { describe, expect, it } from "vitest";
import { afterFailure, afterSuccess, debouncedRunAt, leaseExpired, onExpiredLease } from "./lease";

const now = new Date("2026-01-01T00:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const backoff = { baseMs: 1_000, maxMs: 60_000, jitter: 0 };

describe("job state after an attempt", () => {
  it("a one-off job succeeds for good; a recurring one is queued again after its interval, attempts reset", () => {
    expect(afterSuccess({ everyMs: null }, now)).toEqual({ state: "SUCCEEDED" });
    expect(afterSuccess({ everyMs: 30_000 }, now)).toEqual({ state: "QUEUED", runAt: at(30_000), resetAttempts: true });
  });

  it("a failure is retried with a growing backoff while attempts are left, then ends FAILED", () => {
    const job = (attempts: number) => ({ everyMs: null, attempts, maxAttempts: 3 });
    expect(afterFailure(job(1), { permanent: false }, now, backoff)).toEqual({ state: "QUEUED", runAt: at(1_000), resetAttempts: false });
    expect(afterFailure(job(2), { permanent: false }, now, backoff)).toEqual({ state: "QUEUED", runAt: at(4_000), resetAttempts: false });
    expect(afterFailure(job(3), { permanent: false }, now, backoff)).toEqual({ state: "FAILED" });
  });

  it("a permanent error fails at once, whatever attempts are left", () => {
    expect(afterFailure({ everyMs: null, attempts: 1, maxAttempts: 5 }, { permanent: true }, now, backoff)).toEqual({ state: "FAILED" });
  });

  it("a recurring job never ends FAILED: it retries within its interval, and once exhausted waits a whole interval with attempts reset", () => {
    expect(afterFailure({ everyMs: 2_000, attempts: 2, maxAttempts: 3 }, { permanent: false }, now, backoff)).toEqual({ state: "QUEUED", runAt: at(2_000), resetAttempts: false });
    expect(afterFailure({ everyMs: 30_000, attempts: 1, maxAttempts: 3 }, { permanent: false }, now, backoff)).toEqual({ state: "QUEUED", runAt: at(1_000), resetAttempts: false });
    expect(afterFailure({ everyMs: 30_000, attempts: 3, maxAttempts: 3 }, { permanent: false }, now, backoff)).toEqual({ state: "QUEUED", runAt: at(30_000), resetAttempts: true });
  });
});

describe("leases", () => {
  it("expire strictly after lockedUntil", () => {
    expect(leaseExpired(null, now)).toBe(false);
    expect(leaseExpired(now, now)).toBe(false);
    expect(leaseExpired(at(-1), now)).toBe(true);
    expect(leaseExpired(at(1), now)).toBe(false);
  });

  it("an expired claim is taken over while attempts are left, else the job fails (recurring ones always go on)", () => {
    expect(onExpiredLease({ everyMs: null, attempts: 1, maxAttempts: 3 })).toBe("reclaim");
    expect(onExpiredLease({ everyMs: null, attempts: 3, maxAttempts: 3 })).toBe("fail");
    expect(onExpiredLease({ everyMs: 1_000, attempts: 9, maxAttempts: 3 })).toBe("reclaim");
  });
});

describe("debouncedRunAt", () => {
  it("runs after the pause following the latest request, at most maxWait after the job was queued", () => {
    const job = { createdAt: at(-10_000) };
    expect(debouncedRunAt(job, now, 4_000, 30_000)).toEqual(at(4_000));
    expect(debouncedRunAt(job, now, 4_000, 12_000)).toEqual(at(2_000));
    // past the maximum wait: due now, not in the past
    expect(debouncedRunAt(job, now, 4_000, 5_000)).toEqual(now);
  });
});
