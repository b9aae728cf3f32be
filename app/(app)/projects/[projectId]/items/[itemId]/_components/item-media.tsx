"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Timeline, type TimelinePoint, type TimelineSpan } from "@/components/timeline/timeline";
import { videoElementTimeSource, type TimeSource } from "@/components/timeline/time-source";
import { timelineDuration } from "@/components/timeline/timeline-scale";
import { VideoPlayer } from "@/components/video-player/video-player";
import { browserSeekTimeForFrame } from "@/lib/player/frame-navigation";
import { firstPtsSeconds, frameAtTime } from "@/lib/video/frame-time";
import { decodePtsTable, type PtsTable } from "@/lib/video/pts-table";
import type { VideoDto } from "@/lib/video-library/video-dto";

type Props = {
  video: VideoDto | null;
  videoRef: string;
  points: TimelinePoint[];
  spans: TimelineSpan[];
};

/**
 * The item's video in the frame-accurate player (or "video pending") with the query-point / span
 * timeline under it. Item times are seconds from the video's first frame; the player's time is
 * the playback file's presentation time, so item time t ↔ browser time firstPts + t (0 for the
 * zero-based files the library serves). Clicking a query point seeks to its frame (PTS table),
 * anything else to the frame displayed at that time.
 *
 * No poster: the library's thumbnail is a frame a tenth of the way in, while the frame counter
 * starts at frame 0; without a poster the first picture shown is frame 0, the frame the counter
 * names (the player loads with preload="auto").
 */
export function ItemMedia({ video, videoRef, points, spans }: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<PtsTable | null>(null);
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const [origin, setOrigin] = useState(0);

  // The player creates its <video> itself: find it once it is in the DOM.
  useEffect(() => {
    const box = boxRef.current;
    if (!video || !box) return;
    const find = () => {
      const el = box.querySelector("video");
      if (el) setElement((prev) => (prev === el ? prev : el));
    };
    find();
    const mo = new MutationObserver(find);
    mo.observe(box, { childList: true, subtree: true });
    return () => mo.disconnect();
  }, [video]);

  useEffect(() => {
    if (!video) return;
    const abort = new AbortController();
    fetch(video.urls.pts, { signal: abort.signal, credentials: "same-origin" })
      .then(async (r) => (r.ok ? decodePtsTable(new Uint8Array(await r.arrayBuffer())) : null))
      .then((table) => {
        tableRef.current = table;
        setOrigin(table ? firstPtsSeconds(table) : 0);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [video]);

  const timeSource: TimeSource | null = useMemo(() => (element ? videoElementTimeSource(element, (b) => b - origin) : null), [element, origin]);

  const seek = useCallback(
    (t: number, frame: number | null) => {
      if (!element) return;
      if (!element.paused) element.pause();
      const table = tableRef.current;
      if (table && table.pts.length) {
        const i = frame ?? frameAtTime(table, firstPtsSeconds(table) + t) ?? 0;
        element.currentTime = browserSeekTimeForFrame(table, Math.min(Math.max(0, i), table.pts.length - 1));
      } else {
        element.currentTime = Math.max(0, t);
      }
      element.closest<HTMLElement>("[data-testid=video-player]")?.focus({ preventScroll: true });
    },
    [element],
  );

  const duration = timelineDuration(video?.durationSec ?? null, [...points.map((p) => p.timeSec), ...spans.map((s) => s.endSec)]);
  return (
    <div className="flex flex-col gap-3">
      {video ? (
        <div ref={boxRef}>
          <VideoPlayer
            src={video.urls.media}
            mimeType={video.mimeType}
            ptsUrl={video.urls.pts}
            mediaTimeOffset={video.mediaTimeOffset}
            frameCount={video.frameCount}
            label={`Video player: ${video.originalName}`}
            libraryControls
          />
        </div>
      ) : (
        <div role="status" data-testid="video-pending" className="flex aspect-video max-h-64 w-full items-center justify-center rounded-md border border-dashed border-amber-300 bg-amber-50 p-4 text-center text-sm text-amber-900">
          <span>
            Video pending: <span className="font-mono">{videoRef}</span>
            <br />
            <span className="text-xs text-amber-800">It attaches by file name when it is added to the video library.</span>
          </span>
        </div>
      )}
      <Timeline
        durationSec={duration}
        points={points}
        spans={spans}
        timeSource={timeSource}
        onSeek={video ? seek : undefined}
        label={video ? "Timeline of query points and evidence spans; activate a mark to seek the player" : "Timeline of query points and evidence spans"}
      />
    </div>
  );
}
