import { describe, expect, it } from "vitest";
import { busyMessage, busyRetryDelay, retryWhileBusy, type BusyReason } from "./retry-while-busy";

/** A scripted sender: each call takes the next outcome (a status, or "throw" for a network error). */
function scripted(outcomes: (number | "throw")[]) {
  const calls: number[] = [];
  const send = async () => {
    const next = outcomes[calls.length];
    calls.push(calls.length);
    if (next === "throw") throw new TypeError("Failed to fetch");
    return { status: next };
  };
  return { send, calls };
}

const noSleep = { sleep: async () => {}, random: () => 0.5 };

describe("retryWhileBusy", () => {
  it("returns at once what is not a busy answer (success or the app's own refusal)", async () => {
    for (const status of [200, 400, 401, 403, 404, 409, 410, 500]) {
      const { send, calls } = scripted([status]);
      expect((await retryWhileBusy(send, noSleep)).status).toBe(status);
      expect(calls).toHaveLength(1);
    }
  });

  it("retries 502, 503, 504 and network errors until an answer comes", async () => {
    const { send, calls } = scripted([503, 502, "throw", 504, 200]);
    const retries: number[] = [];
    const r = await retryWhileBusy(send, { ...noSleep, onRetry: (k) => retries.push(k) });
    expect(r.status).toBe(200);
    expect(calls).toHaveLength(5);
    expect(retries).toEqual([1, 2, 3, 4]);
  });

  it("tells each retry why: the busy status, or a network error (no answer at all)", async () => {
    const { send } = scripted([503, "throw", 502, 200]);
    const reasons: BusyReason[] = [];
    await retryWhileBusy(send, { ...noSleep, onRetry: (_k, _d, reason) => reasons.push(reason) });
    expect(reasons).toEqual([{ status: 503 }, { networkError: true }, { status: 502 }]);
  });

  it("tells a participant a busy study from a lost connection", () => {
    for (const status of [502, 503, 504]) expect(busyMessage({ status })).toMatch(/^Many participants are starting at once\./);
    const lost = busyMessage({ networkError: true });
    expect(lost).toMatch(/cannot be reached: check your connection/);
    expect(lost).not.toMatch(/many participants/i);
  });

  it("waits with exponential backoff, capped, with jitter between half and all of it", async () => {
    expect([0, 1, 2, 3, 4, 5].map((k) => busyRetryDelay(k, 1000, 10_000, 1 - Number.EPSILON))).toEqual(
      [1000, 2000, 4000, 8000, 10_000, 10_000].map((d) => d * (1 - Number.EPSILON / 2)),
    );
    expect(busyRetryDelay(3, 1000, 10_000, 0)).toBe(4000);
    const slept: number[] = [];
    await retryWhileBusy(scripted([503, 503, 503, 200]).send, { sleep: async (ms) => void slept.push(ms), random: () => 0 });
    expect(slept).toEqual([500, 1000, 2000]);
  });

  it("gives up once the next wait would pass maxWaitMs: the last busy answer is returned, the last error thrown", async () => {
    const busy = scripted(Array(100).fill(503));
    const slept: number[] = [];
    const r = await retryWhileBusy(busy.send, { maxWaitMs: 20_000, sleep: async (ms) => void slept.push(ms), random: () => 1 - Number.EPSILON });
    expect(r.status).toBe(503);
    expect(slept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20_000);
    expect(busy.calls).toHaveLength(slept.length + 1);
    await expect(retryWhileBusy(scripted(Array(100).fill("throw")).send, { ...noSleep, maxWaitMs: 5000 })).rejects.toThrow("Failed to fetch");
  });
});
