import { describe, expect, it } from "vitest";
import { UnsafePathError } from "./safe-path";
import { checkKeySegment, checkStorageKey, checkStoragePrefix } from "./storage-key";

describe("storage keys", () => {
  it("accepts the generated layout", () => {
    for (const key of ["videos/0f8fad5b-d9cb-469f-a165-70867728950e/original.mp4", "videos/x/segments/abcdef0123/seg-00000.m4s", "a", "_x/y.z"]) {
      expect(checkStorageKey(key)).toBe(key);
    }
    expect(checkStoragePrefix("videos/")).toBe("videos/");
    expect(checkKeySegment("playback-pts.bin")).toBe("playback-pts.bin");
  });

  it.each([
    ["", /empty/],
    ["/etc/passwd", /absolute/],
    ["..", /\.\./],
    ["videos/../x", /\.\./],
    ["videos/./x", /not a generated name/],
    ["videos//x", /not a generated name/],
    ["videos/x/", /not a generated name/],
    [".hidden", /not a generated name/],
    ["videos/.tmp-1-x", /not a generated name/],
    ["a\\b", /not a generated name/],
    ["a b", /not a generated name/],
    ["a\nb", /not a generated name/],
    ["C:/x", /not a generated name/],
    ["x".repeat(513), /longer than 512/],
    [Array(17).fill("a").join("/"), /more than 16 segments/],
  ])("refuses %j", (key, reason) => {
    expect(() => checkStorageKey(key)).toThrow(UnsafePathError);
    expect(() => checkStorageKey(key)).toThrow(reason);
  });

  it("refuses prefixes that are empty, not a directory or unsafe", () => {
    for (const prefix of ["", "videos", "/videos/", "../", "videos/../", "videos//"]) expect(() => checkStoragePrefix(prefix)).toThrow(UnsafePathError);
    for (const name of ["", "a/b", "..", ".x"]) expect(() => checkKeySegment(name)).toThrow(UnsafePathError);
  });
});
