import { db, testDb } from "@/tests/support/test-db";
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDir } from "@/lib/video/video-test-fixtures";
import { findVideoFiles, importDirectory } from "@/lib/video-library/import-directory";
import { IngestAbortedError, ingestVideo } from "@/lib/video-library/ingest-video";
import { createTestUser } from "@/tests/support/users";
import { storedKeys } from "@/tests/support/test-storage";
import { listTree, makeVideoFixtures, runImportVideosCli, scratchLeft, type VideoFixtures } from "./videos-helpers";

let dir = "";
let tree = "";
let fx: VideoFixtures;

/** Everything stored for the library: keys under videos/ (S3), or the whole tree, directories included (local). */
const library = () => (testDb.storage === "local" ? listTree(path.join(testDb.dataDir, "videos")) : storedKeys("videos/"));
const scratch = () => scratchLeft(testDb.dataDir);

beforeAll(async () => {
  dir = await makeTempDir("playhead-import-test-");
  fx = await makeVideoFixtures(path.join(dir, "gen"));
  tree = path.join(dir, "tree");
  await mkdir(path.join(tree, "charades", "sub"), { recursive: true });
  await mkdir(path.join(tree, "notes"), { recursive: true });
  await mkdir(path.join(tree, ".cache"), { recursive: true });
  await copyFile(fx.cfr, path.join(tree, "charades", "ABC12.mp4"));
  await copyFile(fx.mkv, path.join(tree, "charades", "sub", "old camera.MKV"));
  await copyFile(fx.text, path.join(tree, "notes", "readme.mp4"));
  await writeFile(path.join(tree, "notes", "list.txt"), "not a video extension\n");
  await copyFile(fx.offset, path.join(tree, ".cache", "hidden.mp4"));
}, 120_000);

afterAll(() => removeTempDir(dir));

describe("importDirectory (npm run videos:import)", () => {
  it("finds video files by extension, skipping hidden entries", async () => {
    expect(await findVideoFiles(tree)).toEqual(["charades/ABC12.mp4", "charades/sub/old camera.MKV", "notes/readme.mp4"]);
  });

  it("imports every video with its relative path, reports rejected files, and resumes by skipping", async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const lines: string[] = [];
    const first = await importDirectory(tree, { actorId: admin.id, log: (l) => lines.push(l) });
    expect(first).toMatchObject({ total: 3, imported: 2, skipped: 0, rejected: 1, failed: 0, interrupted: false });
    expect(lines).toContain("[1/3] charades/ABC12.mp4 … imported");
    expect(lines).toContain("[2/3] charades/sub/old camera.MKV … imported (browser copy made)");
    expect(lines.find((l) => l.startsWith("[3/3] notes/readme.mp4 … rejected: not a video"))).toBeDefined();
    expect(lines.at(-1)).toMatch(/^done: 2 imported, 0 skipped, 1 rejected, 0 failed of 3 in /);
    const rows = await db.video.findMany({ orderBy: { sourcePath: "asc" } });
    expect(rows.map((r) => [r.sourcePath, r.originalName, r.transcoded, r.addedById])).toEqual([
      ["charades/ABC12.mp4", "ABC12.mp4", false, admin.id],
      ["charades/sub/old camera.MKV", "old camera.MKV", true, admin.id],
    ]);

    const again: string[] = [];
    const second = await importDirectory(tree, { log: (l) => again.push(l) });
    expect(second).toMatchObject({ imported: 0, skipped: 2, rejected: 1 });
    expect(again).toContain("[1/3] charades/ABC12.mp4 … skipped (already imported)");
    expect(await db.video.count()).toBe(2);
    expect(await scratch()).toEqual([]);
  });

  it("an interrupted import keeps nothing of the file in progress", async () => {
    const before = await library();
    const count = await db.video.count();
    for (const step of ["copying", "transcoding", "sidecars", "thumbnail", "saving"] as const) {
      const controller = new AbortController();
      const attempt = ingestVideo(
        { file: fx.offset, mode: "copy" },
        {
          displayName: "offset.mp4",
          via: "import",
          signal: controller.signal,
          onStep: (s) => {
            if (s === step || (step === "transcoding" && s === "remuxing")) controller.abort();
          },
        },
      );
      await expect(attempt).rejects.toBeInstanceOf(IngestAbortedError);
      expect(await db.video.count()).toBe(count);
      expect(await library()).toEqual(before);
      expect(await scratch()).toEqual([]);
    }
  });

  it("runs as a CLI: progress lines, summary, exit 0; exit 1 for a missing directory", async () => {
    const ok = await runImportVideosCli([tree], testDb);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("[1/3] charades/ABC12.mp4 … skipped (already imported)");
    expect(ok.stdout).toMatch(/\[3\/3\] notes\/readme\.mp4 … rejected: not a video/);
    expect(ok.stdout).toMatch(/done: 0 imported, 2 skipped, 1 rejected, 0 failed of 3/);
    const missing = await runImportVideosCli([path.join(dir, "nope")], testDb);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/videos:import: .*nope: not a directory/);
    const badActor = await runImportVideosCli([tree, "--actor", "nobody@example.org"], testDb);
    expect(badActor.code).toBe(1);
    expect(badActor.stderr).toMatch(/--actor nobody@example.org: no user with that email/);
  }, 60_000);
});
