import { testDb } from "@/tests/support/test-db";
import { describe, expect, it, vi } from "vitest";
import { segmentBytes } from "@/lib/protocol/segment-bytes";
import { mediaStorage } from "@/lib/storage/media-storage";

/**
 * Segment bytes (lib/protocol/segment-bytes.ts): a launch sends many participants to the same
 * segment at once; they share one storage read, and later requests read the process's copy.
 */
describe(`segment bytes (${testDb.provider}, ${testDb.storage} storage)`, () => {
  it("simultaneous requests for one segment read the storage once, and get the same bytes", async () => {
    const key = "videos/00000000-0000-4000-8000-000000000001/segments/abc/seg-00000.m4s";
    const body = Buffer.from("a segment's bytes");
    await mediaStorage().put(key, body);
    const get = vi.spyOn(mediaStorage(), "get");
    try {
      const results = await Promise.all(Array.from({ length: 20 }, () => segmentBytes(key)));
      expect(results.every((b) => b.equals(body))).toBe(true);
      expect(await segmentBytes(key)).toEqual(body);
      expect(get).toHaveBeenCalledTimes(1);
    } finally {
      get.mockRestore();
    }
  });

  it("a failed read is not kept: the next request reads again", async () => {
    const key = "videos/00000000-0000-4000-8000-000000000002/segments/abc/seg-00000.m4s";
    const results = await Promise.allSettled([segmentBytes(key), segmentBytes(key)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    await mediaStorage().put(key, Buffer.from("now stored"));
    expect((await segmentBytes(key)).toString()).toBe("now stored");
  });
});
