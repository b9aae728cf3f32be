"use client";

import { useEffect, useRef, useState } from "react";

/**
 * VSAS live response: the participant types what is happening while the video plays; the text is
 * sampled once per second of media time (a missing second is filled later by the metric's own
 * extrapolation). `positionSec` is the player's position.
 */
export function LiveResponse({
  positionSec,
  active,
  onTimeline,
}: {
  positionSec: number;
  active: boolean;
  onTimeline: (timeline: { sec: number; text: string }[]) => void;
}) {
  const [text, setText] = useState("");
  const timeline = useRef<{ sec: number; text: string }[]>([]);
  const textRef = useRef(text);
  textRef.current = text;
  useEffect(() => {
    if (!active) return;
    const sec = Math.floor(positionSec);
    const last = timeline.current[timeline.current.length - 1];
    if (!last || sec > last.sec) {
      timeline.current.push({ sec, text: textRef.current });
      onTimeline([...timeline.current]);
    }
  }, [positionSec, active, onTimeline]);
  return (
    <label className="block space-y-1 text-sm">
      <span className="font-medium text-slate-700">Respond live (your text is recorded every second)</span>
      <input className="block w-full rounded-md border border-slate-300 px-3 py-2" value={text} onChange={(e) => setText(e.target.value)} data-testid="live-response" />
    </label>
  );
}
