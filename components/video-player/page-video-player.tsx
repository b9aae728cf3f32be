"use client";

import type { FrameController } from "./frame-controller";
import { VideoPlayer, type VideoPlayerProps } from "./video-player";
import type { PlayerStore } from "@/lib/player/player-store";
import type { PtsTable } from "@/lib/video/pts-table";

export type PageVideo = Pick<VideoPlayerProps, "src" | "mimeType" | "ptsUrl" | "mediaTimeOffset" | "frameCount">;

/**
 * The video of a page that handles the keys itself from one registry (the annotation workspace, the
 * adjudication view): the frame-exact player on the page's own store, without its own shortcuts; or
 * `missing` when the item has no playable video.
 */
export function PageVideoPlayer({
  video,
  label,
  store,
  onController,
  missing,
}: {
  video: PageVideo | null;
  label: string;
  store: PlayerStore;
  onController: (controller: FrameController | null, table: PtsTable | null) => void;
  missing: string;
}) {
  if (!video) return <p className="rounded border border-dashed p-6 text-sm text-slate-500">{missing}</p>;
  return (
    <VideoPlayer
      src={video.src}
      mimeType={video.mimeType}
      ptsUrl={video.ptsUrl}
      mediaTimeOffset={video.mediaTimeOffset}
      frameCount={video.frameCount}
      label={label}
      store={store}
      onController={onController}
      keyboard={false}
    />
  );
}
