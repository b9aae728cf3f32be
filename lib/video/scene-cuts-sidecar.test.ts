import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCENE_CUT_THRESHOLD, SCENE_CUTS_SIDECAR_VERSION } from "./scene-cuts";
import { readSceneCutsSidecar, writeSceneCutsSidecar } from "./scene-cuts-sidecar";
import { makeTempDir, removeTempDir } from "./video-test-fixtures";

let dir = "";
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(() => removeTempDir(dir));

const doc = { version: SCENE_CUTS_SIDECAR_VERSION, threshold: SCENE_CUT_THRESHOLD, frameCount: 140, frames: [50, 90], detectMs: 321 };

describe("scene cuts sidecar", () => {
  it("round-trips, leaving no temporary file; absent is null", async () => {
    const file = path.join(dir, "scene-cuts.json");
    expect(await readSceneCutsSidecar(file, 140)).toBeNull();
    await writeSceneCutsSidecar(file, doc);
    expect(await readSceneCutsSidecar(file, 140)).toEqual(doc);
    expect(await readdir(dir)).toEqual(["scene-cuts.json"]);
  });

  it("is stale (null) for another PTS table; names the file when malformed", async () => {
    const file = path.join(dir, "scene-cuts.json");
    await writeSceneCutsSidecar(file, doc);
    expect(await readSceneCutsSidecar(file, 141)).toBeNull();
    await writeFile(file, "{not json");
    await expect(readSceneCutsSidecar(file, 140)).rejects.toThrow(/^scene-cuts\.json: /);
    await writeFile(file, JSON.stringify({ ...doc, frames: [90, 50] }));
    await expect(readSceneCutsSidecar(file, 140)).rejects.toThrow("scene-cuts.json: frames[1] must be an integer above 90 and below 140, got 50");
  });
});
