import "server-only";
import { randomUUID } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkSceneCutsSidecar, SceneCutOutputError, type SceneCutsSidecar } from "./scene-cuts";

/** Writes the scene-cut sidecar (JSON) atomically (temporary file + rename). */
export async function writeSceneCutsSidecar(file: string, doc: SceneCutsSidecar): Promise<void> {
  const tmp = path.join(path.dirname(file), `.tmp-${randomUUID()}-${path.basename(file)}`);
  try {
    await writeFile(tmp, JSON.stringify(doc));
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Reads the scene-cut sidecar of a video whose PTS table has `frameCount` frames: null when there
 * is none yet or it is stale (another threshold, version or table); a malformed file throws
 * SceneCutOutputError naming the file.
 */
export async function readSceneCutsSidecar(file: string, frameCount: number): Promise<SceneCutsSidecar | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  try {
    return checkSceneCutsSidecar(JSON.parse(text), frameCount);
  } catch (e) {
    if (e instanceof SceneCutOutputError || e instanceof SyntaxError) throw new SceneCutOutputError(`${path.basename(file)}: ${e.message}`);
    throw e;
  }
}
