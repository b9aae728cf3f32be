import "server-only";
import { INIT_NAME } from "@/lib/video/segment-video";
import { resolveInside, videoStoragePaths } from "@/lib/video/storage-paths";
import type { LoadedPlan } from "./load-plan";

/** Absolute path of a segment (or the init segment) of a loaded streaming plan. */
export function segmentFilePath(loaded: LoadedPlan, resource: number | "init"): string {
  if (!loaded.dirKey) throw new Error("not a streaming plan");
  const dir = videoStoragePaths(loaded.storageKey).segmentsDir(loaded.dirKey);
  if (resource === "init") return resolveInside(dir, INIT_NAME);
  return resolveInside(dir, loaded.plan.segments[resource].file);
}

/** Absolute path of the playback file (free-rewatch protocol). */
export function playbackFilePath(loaded: LoadedPlan): string {
  return resolveInside(videoStoragePaths(loaded.storageKey).dir, loaded.playbackFile);
}
