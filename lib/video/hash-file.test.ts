import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256File } from "./hash-file";
import { makeTempDir, removeTempDir } from "./video-test-fixtures";

let dir = "";
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(() => removeTempDir(dir));

describe("sha256File", () => {
  it("hashes empty and multi-chunk files like a one-shot hash", async () => {
    const empty = path.join(dir, "empty");
    await writeFile(empty, "");
    expect(await sha256File(empty)).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const big = Buffer.alloc(3 * 1024 * 1024 + 17).map((_, i) => (i * 31) & 255);
    const file = path.join(dir, "big");
    await writeFile(file, big);
    expect(await sha256File(file)).toBe(createHash("sha256").update(big).digest("hex"));
  });

  it("rejects a missing file", async () => {
    await expect(sha256File(path.join(dir, "missing"))).rejects.toThrow(/ENOENT/);
  });
});
