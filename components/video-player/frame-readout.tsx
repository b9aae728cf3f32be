"use client";

import { useEffect, useRef } from "react";
import { formatPts } from "@/lib/player/frame-navigation";
import type { PlayerState, PlayerStore } from "@/lib/player/player-store";

/**
 * Frame index, timecode and presentation time of the displayed frame. Rendered once by React;
 * afterwards the store subscription writes the text straight into the nodes (no re-render per
 * frame). Test hooks: data-testid="frame-index" | "timecode" | "pts".
 */
export function FrameReadout({ store, frameCount }: { store: PlayerStore; frameCount: number }) {
  const frameRef = useRef<HTMLSpanElement>(null);
  const timecodeRef = useRef<HTMLSpanElement>(null);
  const ptsRef = useRef<HTMLSpanElement>(null);
  const stateRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const write = (s: PlayerState) => {
      const frame = s.frameIndex === null ? "–" : String(s.frameIndex);
      if (frameRef.current && frameRef.current.textContent !== frame) frameRef.current.textContent = frame;
      if (timecodeRef.current && timecodeRef.current.textContent !== s.timecode) timecodeRef.current.textContent = s.timecode;
      const pts = formatPts(s.pts);
      if (ptsRef.current && ptsRef.current.textContent !== pts) ptsRef.current.textContent = pts;
      const status = s.error ?? (s.ready ? (s.pendingFrame !== null || s.settling ? "seeking" : s.playing ? "playing" : "paused") : "loading");
      if (stateRef.current && stateRef.current.textContent !== status) stateRef.current.textContent = status;
    };
    write(store.getState());
    return store.subscribe(write);
  }, [store]);

  return (
    <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 font-mono text-sm tabular-nums" aria-live="off">
      <span>
        frame <span ref={frameRef} data-testid="frame-index">–</span>
        <span className="text-neutral-500"> / {Math.max(0, frameCount - 1)}</span>
      </span>
      <span>
        timecode <span ref={timecodeRef} data-testid="timecode">--:--:--:--</span>
      </span>
      <span>
        pts <span ref={ptsRef} data-testid="pts">–</span> s
      </span>
      <span className="text-neutral-500" ref={stateRef} data-testid="player-status">
        loading
      </span>
    </div>
  );
}
