import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPtsSidecar, writePtsSidecar } from "./pts-sidecar";
import type { PtsTable } from "./pts-table";
import { makeTempDir, removeTempDir } from "./video-test-fixtures";

let dir = "";
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(() => removeTempDir(dir));

describe("pts sidecar files", () => {
  it("round-trips a 10-minute table exactly", async () => {
    const table: PtsTable = {
      timeBase: { num: 1, den: 90000 },
      pts: Array.from({ length: 18000 }, (_, i) => 225000 + i * 3000 + (i % 7 === 0 ? 1 : 0)),
      endPts: 225000 + 18000 * 3000,
    };
    const file = path.join(dir, "pts.bin");
    await writePtsSidecar(file, table);
    expect(await readPtsSidecar(file)).toEqual(table);
  });

  it("names the file when it is corrupted", async () => {
    const file = path.join(dir, "bad-pts.bin");
    await writePtsSidecar(file, { timeBase: { num: 1, den: 1000 }, pts: [0, 40, 80], endPts: 120 });
    const bytes = await readFile(file);
    bytes[bytes.length - 1] ^= 0xff;
    await writeFile(file, bytes);
    await expect(readPtsSidecar(file)).rejects.toThrow(/^bad-pts\.bin: pts table checksum mismatch/);
  });
});
