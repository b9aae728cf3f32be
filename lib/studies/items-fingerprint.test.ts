import { describe, expect, it } from "vitest";
import { itemsFingerprint } from "./items-fingerprint";

describe("itemsFingerprint", () => {
  const a = { itemId: "item-a", attentionCheck: false };
  const b = { itemId: "item-b", attentionCheck: true };

  it("ignores order and tells apart membership and the attention flag", () => {
    expect(itemsFingerprint([a, b])).toBe(itemsFingerprint([b, a]));
    expect(itemsFingerprint([a, b])).toMatch(/^[0-9a-f]{16}$/);
    expect(itemsFingerprint([a])).not.toBe(itemsFingerprint([a, b]));
    expect(itemsFingerprint([a, b])).not.toBe(itemsFingerprint([a, { ...b, attentionCheck: false }]));
    expect(itemsFingerprint([])).not.toBe(itemsFingerprint([a]));
  });

  it("differs across many similar lists", () => {
    const seen = new Set<string>();
    for (let n = 0; n < 2000; n++) seen.add(itemsFingerprint([{ itemId: `item-${n}`, attentionCheck: n % 2 === 0 }]));
    expect(seen.size).toBe(2000);
  });
});
