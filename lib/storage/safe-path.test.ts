import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveInside, UnsafePathError } from "./safe-path";

const base = path.resolve("/srv/playhead-data");
const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("resolveInside", () => {
  it("joins safe parts inside the base", () => {
    expect(resolveInside(base, "videos", id, "thumb.jpg")).toBe(path.join(base, "videos", id, "thumb.jpg"));
    expect(resolveInside(base, "a/b", "c.txt")).toBe(path.join(base, "a", "b", "c.txt"));
    expect(resolveInside(base)).toBe(base);
    expect(resolveInside(base, "./x")).toBe(path.join(base, "x"));
    expect(resolveInside(base, "..foo", "a..b")).toBe(path.join(base, "..foo", "a..b"));
  });

  it.each([
    ["..", /\.\./],
    ["../etc/passwd", /\.\./],
    ["a/../../b", /\.\./],
    ["a/..", /\.\./],
    ["/etc/passwd", /absolute/],
    ["C:evil", /absolute/],
    ["a\\..\\b", /backslash/],
    ["a\u0000b", /control/],
    ["a\nb", /control/],
    ["a\u007fb", /control/],
    ["", /empty/],
  ])("refuses %j", (part, reason) => {
    expect(() => resolveInside(base, "videos", part)).toThrow(UnsafePathError);
    expect(() => resolveInside(base, "videos", part)).toThrow(reason);
  });
});
