import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataDir } from "@/lib/config/data-dir";
import { UnsafePathError } from "@/lib/storage/safe-path";
import { checkStorageKey } from "@/lib/storage/storage-key";
import { scratchRoot } from "@/lib/storage/scratch";
import { extensionForContainer, videoStorageKeys } from "./storage-paths";

const base = path.resolve("/srv/playhead-data");
const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("video storage layout", () => {
  const saved = process.env.PLAYHEAD_DATA_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.PLAYHEAD_DATA_DIR;
    else process.env.PLAYHEAD_DATA_DIR = saved;
  });

  it("uses PLAYHEAD_DATA_DIR, else <cwd>/data", () => {
    process.env.PLAYHEAD_DATA_DIR = base;
    expect(dataDir()).toBe(base);
    expect(scratchRoot()).toBe(path.join(base, "tmp"));
    delete process.env.PLAYHEAD_DATA_DIR;
    expect(dataDir()).toBe(path.join(process.cwd(), "data"));
  });

  it("generates every key from the video id (the data directory's layout: videos/<uuid>/...)", () => {
    const k = videoStorageKeys(id);
    const dir = `videos/${id}/`;
    expect(k.prefix).toBe(dir);
    expect(k.original("mp4")).toBe(`${dir}original.mp4`);
    expect(k.playback).toBe(`${dir}playback.mp4`);
    expect(k.ptsTable).toBe(`${dir}pts.bin`);
    expect(k.playbackPtsTable).toBe(`${dir}playback-pts.bin`);
    expect(k.sceneCuts).toBe(`${dir}scene-cuts.json`);
    expect(k.thumbnail).toBe(`${dir}thumb.jpg`);
    expect(k.frameImage(13, 160)).toBe(`${dir}frames/13-w160.jpg`);
    expect(k.segmentsPrefix("abcdef0123")).toBe(`${dir}segments/abcdef0123/`);
    expect(k.segmentFile("abcdef0123", "seg-00001.m4s")).toBe(`${dir}segments/abcdef0123/seg-00001.m4s`);
    expect(k.file("original.mkv")).toBe(`${dir}original.mkv`);
    for (const key of [k.original("mp4"), k.playback, k.frameImage(0, 1), k.segmentFile("abcdef0123", "init.mp4")]) expect(checkStorageKey(key)).toBe(key);
  });

  it("refuses ids, extensions, names and segment keys that are not generated-looking", () => {
    expect(() => videoStorageKeys("../x")).toThrow(UnsafePathError);
    expect(() => videoStorageKeys(id.toUpperCase())).toThrow(/UUID/);
    const k = videoStorageKeys(id);
    expect(() => k.original("mp4/../../x")).toThrow(UnsafePathError);
    expect(() => k.original("")).toThrow(UnsafePathError);
    expect(() => k.segmentsPrefix("../../etc")).toThrow(UnsafePathError);
    expect(() => k.segmentsPrefix("XYZ")).toThrow(UnsafePathError);
    // Names read from the database are checked too (a tampered row cannot reach other files).
    expect(() => k.file("../other/original.mp4")).toThrow(UnsafePathError);
    expect(() => k.file("a/b")).toThrow(UnsafePathError);
    expect(() => k.file(".tmp-x")).toThrow(UnsafePathError);
    expect(() => k.segmentFile("abcdef0123", "../../thumb.jpg")).toThrow(UnsafePathError);
    expect(() => k.frameImage(-1, 160)).toThrow(UnsafePathError);
    expect(() => k.frameImage(1.5, 160)).toThrow(UnsafePathError);
  });

  it("maps containers to extensions", () => {
    expect(extensionForContainer("mp4")).toBe("mp4");
    expect(extensionForContainer("matroska")).toBe("mkv");
    expect(extensionForContainer("webm")).toBe("webm");
    expect(extensionForContainer("other")).toBe("bin");
  });
});
