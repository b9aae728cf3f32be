import { describe, expect, it } from "vitest";
import { newId } from "./new-id";

describe("newId", () => {
  it("gives distinct ids of the cuid-like shape, past a refill of the random pool", () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^c[0-9a-z]{8,9}[0-9a-z]{4}[0-9a-f]{12}$/);
    // 5000 ids × 6 bytes span several 4 KiB pools: the random part is not repeated across refills.
    const randomParts = new Set(ids.map((id) => id.slice(-12)));
    expect(randomParts.size).toBe(ids.length);
  });
});
