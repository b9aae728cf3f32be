import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeVideo } from "./probe-video";
import { makeThumbnail } from "./thumbnail";
import { generateInto, makeTempDir, miniDemoSpec, removeTempDir } from "./video-test-fixtures";

let dir = "";
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(() => removeTempDir(dir));

function jpegSize(b: Buffer): { width: number; height: number } {
  // Walk the JPEG markers to the start-of-frame (SOF0..SOF2).
  let i = 2;
  while (i < b.length) {
    const marker = b[i + 1];
    const len = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  throw new Error("no SOF marker");
}

describe("makeThumbnail", { timeout: 30_000 }, () => {
  it("writes a 320 px wide JPEG, also for a video starting at 2.5 s", async () => {
    for (const id of ["cfr30", "offset"]) {
      const input = await generateInto(dir, miniDemoSpec(id, 40));
      const p = await probeVideo(input);
      const out = await makeThumbnail(input, p.duration, path.join(dir, `${id}.jpg`));
      const jpg = await readFile(out);
      expect(jpg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect(jpegSize(jpg)).toEqual({ width: 320, height: 180 });
    }
  });

  it("falls back to the first frame when the position is past the end", async () => {
    const input = await generateInto(dir, miniDemoSpec("cfr30", 10));
    const out = await makeThumbnail(input, 1000, path.join(dir, "late.jpg"), { width: 160 });
    expect(jpegSize(await readFile(out))).toEqual({ width: 160, height: 90 });
  });

  it("fails with the file name for a non-video", async () => {
    const notVideo = path.join(dir, "late.jpg.txt");
    await import("node:fs/promises").then((fs) => fs.writeFile(notVideo, "text"));
    await expect(makeThumbnail(notVideo, 1, path.join(dir, "x.jpg"))).rejects.toThrow(/^late\.jpg\.txt: thumbnail failed/);
  });
});
