import { db, testDb } from "@/tests/support/test-db";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT } from "@/app/api/videos/upload/route";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import { makeTempDir, removeTempDir } from "@/lib/video/video-test-fixtures";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { makeVideoFixtures, runImportVideosCli, type VideoFixtures } from "./videos-helpers";

/**
 * Items imported before their video is in the library are pending; the video's ingest — browser
 * upload (PUT /api/videos/upload) or `npm run videos:import` — links them and converts their
 * query times to frame indices with the video's PTS table.
 */
let dir = "";
let fx: VideoFixtures;
let admin: TestUser;

/** A VCBench line (counting question, three query points) for `video_path`. */
function vcLine(id: string, videoPath: string, times: number[], counts: number[]) {
  return JSON.stringify({
    id,
    source_dataset: "test",
    video_path: videoPath,
    question: "How many squares are visible at this moment?",
    counting_type: "O1",
    counting_subtype: "O1-Snap",
    occurrence_times: times,
    query_points: { time: times, count: counts },
  });
}

const itemOf = (externalId: string) =>
  db.item.findFirstOrThrow({ where: { externalId, project: { name: "pending" } }, include: { queryPoints: { orderBy: { ordinal: "asc" } } } });

beforeAll(async () => {
  dir = await makeTempDir("playhead-attach-test-");
  fx = await makeVideoFixtures(path.join(dir, "gen"));
  admin = await createTestUser({ role: "ADMIN" });
  const file = path.join(dir, "vcbench_data.jsonl");
  await writeFile(
    file,
    [
      vcLine("u1", "kitchen-upload.mp4", [0.1, 0.5, 0.9], [1, 2, 3]),
      vcLine("c1", "clips/hall/cli-take.mp4", [0.2, 0.4, 0.6], [0, 1, 0]),
      vcLine("n1", "never-arrives.mp4", [0.3, 0.4, 0.5], [1, 1, 1]),
    ].join("\n") + "\n",
  );
  const out = await importBenchmarkFile({ kind: "VCBENCH", file, projectName: "pending" });
  expect(out.errors).toEqual([]);
  expect(out.videos_linked).toBe(0);
}, 120_000);

afterAll(() => removeTempDir(dir));

describe(`pending items attach when their video arrives (${testDb.provider})`, () => {
  it("starts pending: no video, no frame indices", async () => {
    for (const id of ["u1", "c1", "n1"]) {
      const item = await itemOf(id);
      expect(item.videoId).toBeNull();
      expect(item.queryPoints.map((q) => q.frameIndex)).toEqual([null, null, null]);
    }
  });

  it("a browser upload with the matching name links the item and converts its query times to frames", async () => {
    const res = await call(PUT, "/api/videos/upload", {
      method: "PUT",
      as: admin,
      body: await readFile(fx.cfr),
      headers: { "x-file-name": encodeURIComponent("kitchen-upload.mp4"), "content-type": "application/octet-stream" },
    });
    expect(res.status).toBe(201);
    const item = await itemOf("u1");
    expect(item.videoId).toBe(res.json.video.id);
    // 30 fps from PTS 0: 0.1 s → frame 3, 0.5 s → 15, 0.9 s → 27.
    expect(item.queryPoints.map((q) => q.frameIndex)).toEqual([3, 15, 27]);
    expect((await itemOf("c1")).videoId).toBeNull();
    expect((await itemOf("n1")).videoId).toBeNull();
  });

  it("`npm run videos:import` links the item whose path matches and converts its query times", async () => {
    const tree = path.join(dir, "tree");
    // VCBench references are <source_dataset>/<video_path>; the tree holds them one level down.
    await mkdir(path.join(tree, "vcbench", "test", "clips", "hall"), { recursive: true });
    await copyFile(fx.mkv, path.join(tree, "vcbench", "test", "clips", "hall", "cli-take.mp4"));
    const res = await runImportVideosCli([tree], testDb);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("[1/1] vcbench/test/clips/hall/cli-take.mp4 … imported (browser copy made), 1 pending item linked");
    const video = await db.video.findFirstOrThrow({ where: { sourcePath: "vcbench/test/clips/hall/cli-take.mp4" } });
    const item = await itemOf("c1");
    expect(item.videoId).toBe(video.id);
    // 24 fps: 0.2 s → frame 4 (4.8 → the frame shown then), 0.4 s → 9, 0.6 s → 14.
    expect(item.queryPoints.map((q) => q.frameIndex)).toEqual([4, 9, 14]);
    expect((await itemOf("n1")).videoId).toBeNull();
  }, 120_000);
});
