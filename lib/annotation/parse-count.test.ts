import { describe, expect, it } from "vitest";
import { parseCount } from "./parse-count";

describe("parseCount", () => {
  it("accepts whole numbers and empty", () => {
    expect(parseCount(" 7 ")).toEqual({ ok: true, value: 7 });
    expect(parseCount("0")).toEqual({ ok: true, value: 0 });
    expect(parseCount("")).toEqual({ ok: true, value: null });
  });
  it("refuses anything else with the reason", () => {
    expect(parseCount("2.5")).toEqual({ ok: false, error: "must be a whole number" });
    expect(parseCount("-1")).toEqual({ ok: false, error: "must be 0 or more" });
    expect(parseCount("three")).toEqual({ ok: false, error: "must be a number" });
    expect(parseCount("1e3")).toEqual({ ok: false, error: "must be a number" });
    expect(parseCount("2000000")).toEqual({ ok: false, error: "must be at most 1000000" });
  });
});
