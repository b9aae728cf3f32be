import { describe, expect, it } from "vitest";
import { expertSamplePercentFromSettings, fnv1a32, inExpertSample, withExpertSamplePercent } from "./expert-sample";

describe("expert sample", () => {
  it("FNV-1a 32-bit of the UTF-8 bytes (published test vectors)", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });

  it("is deterministic: 0 % never, 100 % always, about the percentage of many ids", () => {
    const ids = Array.from({ length: 20000 }, (_, i) => `item-${i}`);
    expect(ids.some((id) => inExpertSample(id, 0))).toBe(false);
    expect(ids.every((id) => inExpertSample(id, 100))).toBe(true);
    const share = ids.filter((id) => inExpertSample(id, 10)).length / ids.length;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.12);
    expect(ids.map((id) => inExpertSample(id, 10))).toEqual(ids.map((id) => inExpertSample(id, 10)));
    // Monotone: an item sampled at 10 % is sampled at 20 %.
    expect(ids.filter((id) => inExpertSample(id, 10) && !inExpertSample(id, 20))).toEqual([]);
  });

  it("reads review.expertSamplePercent from the project settings (invalid or missing: 0)", () => {
    expect(expertSamplePercentFromSettings({})).toBe(0);
    expect(expertSamplePercentFromSettings({ review: { expertSamplePercent: 12.5 } })).toBe(12.5);
    expect(expertSamplePercentFromSettings({ review: { expertSamplePercent: 101 } })).toBe(0);
    expect(expertSamplePercentFromSettings({ review: { expertSamplePercent: "5" } })).toBe(0);
    expect(withExpertSamplePercent({ a: 1, review: { b: 2 } }, 5)).toEqual({ a: 1, review: { b: 2, expertSamplePercent: 5 } });
  });
});
