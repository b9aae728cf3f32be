import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCENE_CUT_THRESHOLD, SCENE_CUTS_SIDECAR_VERSION } from "./scene-cuts";
import { readSceneCutsSidecar, writeSceneCutsSidecar } from "./scene-cuts-sidecar";
import { makeTempDir, removeTempDir } from "./video-test-fixtures";

// The sidecar lives in the media storage; the default (local) driver keeps it under the data dir.
let dir = "";
const saved = process.env.PLAYHEAD_DATA_DIR;
const key = "videos/0f8fad5b-d9cb-469f-a165-70867728950e/scene-cuts.json";
beforeAll(async () => {
  dir = await makeTempDir();
  process.env.PLAYHEAD_DATA_DIR = dir;
});
afterAll(async () => {
  if (saved === undefined) delete process.env.PLAYHEAD_DATA_DIR;
  else process.env.PLAYHEAD_DATA_DIR = saved;
  await removeTempDir(dir);
});

const doc = { version: SCENE_CUTS_SIDECAR_VERSION, threshold: SCENE_CUT_THRESHOLD, frameCount: 140, frames: [50, 90], detectMs: 321 };
const file = () => path.join(dir, ...key.split("/"));

describe("scene cuts sidecar", () => {
  it("round-trips, leaving no temporary file; absent is null", async () => {
    expect(await readSceneCutsSidecar(key, 140)).toBeNull();
    await writeSceneCutsSidecar(key, doc);
    expect(await readSceneCutsSidecar(key, 140)).toEqual(doc);
    expect(await readdir(path.dirname(file()))).toEqual(["scene-cuts.json"]);
  });

  it("is stale (null) for another PTS table; names the file when malformed", async () => {
    await writeSceneCutsSidecar(key, doc);
    expect(await readSceneCutsSidecar(key, 141)).toBeNull();
    await writeFile(file(), "{not json");
    await expect(readSceneCutsSidecar(key, 140)).rejects.toThrow(/^scene-cuts\.json: /);
    await writeFile(file(), JSON.stringify({ ...doc, frames: [90, 50] }));
    await expect(readSceneCutsSidecar(key, 140)).rejects.toThrow("scene-cuts.json: frames[1] must be an integer above 90 and below 140, got 50");
  });
});
