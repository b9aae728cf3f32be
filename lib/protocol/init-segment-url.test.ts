import { describe, expect, it } from "vitest";
import { initSegmentUrlExpiry } from "./init-segment-url";

describe("initSegmentUrlExpiry", () => {
  const day = 86_400;
  const midnight = 20_000 * day;

  it("is the same all through a UTC day", () => {
    const e = initSegmentUrlExpiry(midnight);
    expect(initSegmentUrlExpiry(midnight + 1)).toBe(e);
    expect(initSegmentUrlExpiry(midnight + day - 1)).toBe(e);
    expect(initSegmentUrlExpiry(midnight + day)).toBe(e + day);
  });

  it("leaves the URL valid for at least one day and at most two", () => {
    for (const t of [midnight, midnight + 1, midnight + day / 2, midnight + day - 1]) {
      const left = initSegmentUrlExpiry(t) - t;
      expect(left).toBeGreaterThan(day);
      expect(left).toBeLessThanOrEqual(2 * day);
    }
  });
});
