import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataDir } from "@/lib/config/data-dir";
import { extensionForContainer, resolveInside, UnsafePathError, uploadTempDir, videoStoragePaths } from "./storage-paths";

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

describe("video storage layout", () => {
  const saved = process.env.PLAYHEAD_DATA_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.PLAYHEAD_DATA_DIR;
    else process.env.PLAYHEAD_DATA_DIR = saved;
  });

  it("uses PLAYHEAD_DATA_DIR, else <cwd>/data", () => {
    process.env.PLAYHEAD_DATA_DIR = base;
    expect(dataDir()).toBe(base);
    expect(uploadTempDir()).toBe(path.join(base, "tmp"));
    delete process.env.PLAYHEAD_DATA_DIR;
    expect(dataDir()).toBe(path.join(process.cwd(), "data"));
  });

  it("generates every path from the video id", () => {
    const p = videoStoragePaths(id, base);
    const dir = path.join(base, "videos", id);
    expect(p.dir).toBe(dir);
    expect(p.original("mp4")).toBe(path.join(dir, "original.mp4"));
    expect(p.playback).toBe(path.join(dir, "playback.mp4"));
    expect(p.ptsTable).toBe(path.join(dir, "pts.bin"));
    expect(p.playbackPtsTable).toBe(path.join(dir, "playback-pts.bin"));
    expect(p.thumbnail).toBe(path.join(dir, "thumb.jpg"));
    expect(p.segmentsDir("abcdef0123")).toBe(path.join(dir, "segments", "abcdef0123"));
  });

  it("refuses ids, extensions and segment keys that are not generated-looking", () => {
    expect(() => videoStoragePaths("../x", base)).toThrow(UnsafePathError);
    expect(() => videoStoragePaths(id.toUpperCase(), base)).toThrow(/UUID/);
    const p = videoStoragePaths(id, base);
    expect(() => p.original("mp4/../../x")).toThrow(UnsafePathError);
    expect(() => p.original("")).toThrow(UnsafePathError);
    expect(() => p.segmentsDir("../../etc")).toThrow(UnsafePathError);
    expect(() => p.segmentsDir("XYZ")).toThrow(UnsafePathError);
  });

  it("maps containers to extensions", () => {
    expect(extensionForContainer("mp4")).toBe("mp4");
    expect(extensionForContainer("matroska")).toBe("mkv");
    expect(extensionForContainer("webm")).toBe("webm");
    expect(extensionForContainer("other")).toBe("bin");
  });
});
