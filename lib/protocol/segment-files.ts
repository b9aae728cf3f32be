import "server-only";
import { INIT_NAME } from "@/lib/video/segment-video";
import { segmentObjectKey, videoObjectKey } from "@/lib/video/storage-paths";
import type { LoadedPlan } from "./load-plan";

/** Storage key of a segment (or the init segment) of a loaded streaming plan. */
export function segmentFileKey(loaded: LoadedPlan, resource: number | "init"): string {
  if (!loaded.dirKey) throw new Error("not a streaming plan");
  return segmentObjectKey(loaded.storageKey, loaded.dirKey, resource === "init" ? INIT_NAME : loaded.plan.segments[resource].file);
}

/** Storage key of the playback file (free-rewatch protocol). */
export function playbackFileKey(loaded: LoadedPlan): string {
  return videoObjectKey(loaded.storageKey, loaded.playbackFile);
}
