import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff";

describe("retryDelayMs", () => {
  const exact = { baseMs: 10_000, maxMs: 3_600_000, jitter: 0 };

  it("grows by a factor of 4 per attempt from the base", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, exact))).toEqual([10_000, 40_000, 160_000, 640_000]);
  });

  it("is capped at maxMs, and never negative for odd inputs", () => {
    expect(retryDelayMs(9, exact)).toBe(3_600_000);
    expect(retryDelayMs(0, exact)).toBe(10_000);
    expect(retryDelayMs(-3, exact)).toBe(10_000);
  });

  it("spreads by ±jitter around the exact delay", () => {
    const opts = { baseMs: 10_000, maxMs: 3_600_000, jitter: 0.2 };
    expect(retryDelayMs(1, opts, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, opts, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(1, opts, () => 0.999999)).toBe(12_000);
    // the cap holds with jitter too
    expect(retryDelayMs(20, opts, () => 0.999999)).toBe(3_600_000);
  });
});
