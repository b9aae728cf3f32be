import "server-only";
import { mediaStorage } from "@/lib/storage/media-storage";
import { isStorageNotFound } from "@/lib/storage/media-storage-types";
import { checkSceneCutsSidecar, SceneCutOutputError, type SceneCutsSidecar } from "./scene-cuts";

/** Stores the scene-cut sidecar (JSON) under `key` of the media storage (writes there are atomic). */
export async function writeSceneCutsSidecar(key: string, doc: SceneCutsSidecar): Promise<void> {
  await mediaStorage().put(key, JSON.stringify(doc), { contentType: "application/json" });
}

/**
 * Reads the stored scene-cut sidecar of a video whose PTS table has `frameCount` frames: null
 * when there is none yet or it is stale (another threshold, version or table); a malformed file
 * throws SceneCutOutputError naming the file.
 */
export async function readSceneCutsSidecar(key: string, frameCount: number): Promise<SceneCutsSidecar | null> {
  let text: string;
  try {
    text = (await mediaStorage().get(key)).toString("utf8");
  } catch (e) {
    if (isStorageNotFound(e)) return null;
    throw e;
  }
  try {
    return checkSceneCutsSidecar(JSON.parse(text), frameCount);
  } catch (e) {
    const name = key.slice(key.lastIndexOf("/") + 1);
    if (e instanceof SceneCutOutputError || e instanceof SyntaxError) throw new SceneCutOutputError(`${name}: ${e.message}`);
    throw e;
  }
}
