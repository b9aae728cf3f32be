import type { FrameController } from "@/components/video-player/frame-controller";
import type { TimelineCanvas } from "@/components/annotation-workspace/timeline-canvas";
import type { AutosaveClient } from "@/lib/annotation/autosave-client";
import type { VideoTiming } from "@/lib/annotation/video-timing";
import type { WorkspaceStore } from "@/lib/annotation/workspace-store";

/** The document store and autosave client of one open workspace (made by `Workspace`, used by `WorkspaceView`). */
export type WorkspaceSession = { store: WorkspaceStore; autosave: AutosaveClient | null };

/** Everything the keys and the timeline act on, kept in refs (never React state: no re-render per frame). */
export type WorkspaceRuntime = {
  controller: FrameController | null;
  timing: VideoTiming | null;
  timeline: TimelineCanvas | null;
};
