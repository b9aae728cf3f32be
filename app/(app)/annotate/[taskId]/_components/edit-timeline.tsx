"use client";

import { useEffect, useRef } from "react";
import { createTimelineCanvas, timelineTiming, type TimelineCanvas } from "@/components/annotation-workspace/timeline-canvas";
import type { TimelineView } from "@/components/annotation-workspace/timeline-view";
import type { AnnotationBenchmark, AnnotationDocument, FrameTime } from "@/lib/annotation/document";
import { frameTimeAtSec, type VideoTiming } from "@/lib/annotation/video-timing";
import type { WorkspaceStore } from "@/lib/annotation/workspace-store";
import type { PlayerStore } from "@/lib/player/player-store";

type Props = {
  store: WorkspaceStore;
  player: PlayerStore;
  timing: VideoTiming;
  fps: number;
  /** Scene cuts ({frame, sec}), null while detecting. */
  cuts: readonly FrameTime[] | null;
  benchmark: AnnotationBenchmark;
  seekToFrame: (frame: number) => void;
  initialView: TimelineView | null;
  onViewChange: (view: TimelineView) => void;
  onReady: (timeline: TimelineCanvas | null) => void;
  /** The task's checks (lib/annotation/submit-rules.ts with the project's context): entries with a problem are red. */
  issuesOf: (doc: AnnotationDocument) => ReadonlyMap<string, string>;
};

/**
 * Mounts the canvas timeline (components/annotation-workspace/timeline-canvas.ts) once per video;
 * React renders only the frame around it. Zoom buttons mirror the keys (+ / - / 0).
 */
export function EditTimeline({ store, player, timing, fps, cuts, benchmark, seekToFrame, initialView, onViewChange, onReady, issuesOf }: Props) {
  const hostRef = useRef<HTMLDivElement>(null);
  const timelineRef = useRef<TimelineCanvas | null>(null);
  const callbacks = useRef({ onViewChange, onReady, seekToFrame, issuesOf });
  callbacks.current = { onViewChange, onReady, seekToFrame, issuesOf };
  const initialViewRef = useRef(initialView);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let viewTimer: number | null = null;
    const t = createTimelineCanvas(host, {
      store,
      player,
      ...timelineTiming(timing, fps),
      snapFrame: benchmark === "ECBENCH" ? (frame) => frameTimeAtSec(timing, Math.round(timing.secOfFrame(frame))).frame : undefined,
      seekToFrame: (frame) => callbacks.current.seekToFrame(frame),
      initialView: initialViewRef.current,
      issuesOf: (doc) => callbacks.current.issuesOf(doc),
      onViewChange: (view) => {
        if (viewTimer !== null) window.clearTimeout(viewTimer);
        viewTimer = window.setTimeout(() => callbacks.current.onViewChange(view), 250);
      },
    });
    timelineRef.current = t;
    callbacks.current.onReady(t);
    return () => {
      if (viewTimer !== null) window.clearTimeout(viewTimer);
      callbacks.current.onReady(null);
      t.destroy();
      timelineRef.current = null;
    };
  }, [store, player, timing, fps, benchmark]);

  // Scene cuts arrive after the timeline is mounted (detected in the background): ticks only.
  useEffect(() => {
    timelineRef.current?.setCuts((cuts ?? []).map((c) => c.sec));
  }, [cuts, store, player, timing, fps, benchmark]);

  return (
    <section aria-label="Timeline" className="rounded-md border border-slate-200 bg-white p-2" data-shortcut-chrome="">
      <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span className="font-medium text-slate-700">Timeline</span>
        <span>click to seek · drag marks and span edges (snap to frames) · drag empty space to pan · wheel to zoom</span>
        <span className="ml-auto flex gap-1">
          <button type="button" className="rounded border px-2 py-0.5" onClick={() => timelineRef.current?.zoom(-1)} aria-label="Zoom the timeline out">
            −
          </button>
          <button type="button" className="rounded border px-2 py-0.5" onClick={() => timelineRef.current?.zoom(1)} aria-label="Zoom the timeline in">
            +
          </button>
          <button type="button" className="rounded border px-2 py-0.5" onClick={() => timelineRef.current?.zoomToFit()} aria-label="Show the whole video">
            whole video
          </button>
        </span>
      </div>
      <div ref={hostRef} className="w-full" data-testid="edit-timeline" />
    </section>
  );
}
