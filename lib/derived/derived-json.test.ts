import { describe, expect, it } from "vitest";
import { decodeDerived, encodeDerived } from "./derived-json";

describe("derived JSON", () => {
  it("reads back NaN, infinities and -0 as they were", () => {
    const value = { a: Number.NaN, b: [Infinity, -Infinity, -0, 0, 1.5], c: { d: null, e: "x" } };
    const back = decodeDerived<typeof value>(encodeDerived(value));
    expect(back).toEqual(value);
    expect(Object.is(back.b[2], -0)).toBe(true);
    expect(Object.is(back.b[3], 0)).toBe(true);
  });

  it("keeps strings that look like its markers", () => {
    const value = ["\u0000NaN", "\u0000\u0000x", "NaN", ""];
    expect(decodeDerived(encodeDerived(value))).toEqual(value);
  });
});
