"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { formatClock, formatSeconds, packLanes, tickTimes, timeOfX, xOfTime, type TimelineLayout } from "./timeline-scale";
import type { TimeSource } from "./time-source";
import { handleShortcutKey, timelineMarkShortcuts } from "@/lib/player/shortcuts";

export type TimelinePoint = { id: string; ordinal: number; timeSec: number; frameIndex: number | null; detail?: string };
export type TimelineSpan = { id: string; startSec: number; endSec: number; label?: string; kind: "truth" | "annotation" };

export type TimelineProps = {
  durationSec: number;
  points: readonly TimelinePoint[];
  spans: readonly TimelineSpan[];
  /** Playhead source; none → no playhead. */
  timeSource?: TimeSource | null;
  /** Click / Enter on a mark or the track; none → the timeline is display only. */
  onSeek?: (timeSec: number, frameIndex: number | null) => void;
  label: string;
};

const PAD_LEFT = 92;
const PAD_RIGHT = 16;
const AXIS_H = 24;
const ROW_H = 26;
const LANE_H = 14;

/**
 * The item's timeline (SVG): query points as diamonds (Q1, Q2 ...), evidence spans as bars packed
 * into lanes (truth in green, annotations in violet), a time axis, and a playhead moved outside
 * React from the time source. Marks are buttons: click or Enter seeks the player there (to the
 * point's frame when it has one).
 */
export function Timeline({ durationSec, points, spans, timeSource, onSeek, label }: TimelineProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const playheadRef = useRef<SVGGElement>(null);
  const [width, setWidth] = useState(800);

  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.round(el.getBoundingClientRect().width)));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const layout: TimelineLayout = { width, padLeft: PAD_LEFT, padRight: PAD_RIGHT, durationSec };
  const truth = spans.filter((s) => s.kind === "truth");
  const annotated = spans.filter((s) => s.kind === "annotation");
  const truthLanes = packLanes(truth);
  const annLanes = packLanes(annotated);
  const rows: { key: string; title: string; top: number; height: number }[] = [];
  let y = AXIS_H;
  if (points.length > 0 || spans.length === 0) {
    rows.push({ key: "points", title: "Query points", top: y, height: ROW_H });
    y += ROW_H;
  }
  if (truth.length) {
    const h = Math.max(ROW_H, truthLanes.count * LANE_H + 8);
    rows.push({ key: "truth", title: "Evidence", top: y, height: h });
    y += h;
  }
  if (annotated.length) {
    const h = Math.max(ROW_H, annLanes.count * LANE_H + 8);
    rows.push({ key: "annotation", title: "Annotated", top: y, height: h });
    y += h;
  }
  const height = y + 4;
  const rowOf = (key: string) => rows.find((r) => r.key === key);

  // The playhead follows the time source without re-rendering.
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  useEffect(() => {
    const g = playheadRef.current;
    if (!g || !timeSource) return;
    const place = (t: number | null) => {
      if (t === null || !Number.isFinite(t)) {
        g.setAttribute("visibility", "hidden");
        return;
      }
      g.setAttribute("visibility", "visible");
      g.setAttribute("transform", `translate(${xOfTime(t, layoutRef.current).toFixed(2)},0)`);
      g.setAttribute("data-time", t.toFixed(3));
    };
    place(timeSource.getTime());
    return timeSource.subscribe(place);
  }, [timeSource, width, durationSec]);

  const seekable = !!onSeek;
  const onTrackClick = (e: MouseEvent<SVGRectElement>) => {
    if (!onSeek) return;
    const box = (e.currentTarget.ownerSVGElement ?? e.currentTarget).getBoundingClientRect();
    onSeek(timeOfX(e.clientX - box.left, layout), null);
  };
  const keySeek = (t: number, frame: number | null) => (e: KeyboardEvent) => {
    if (!onSeek) return;
    if (handleShortcutKey(timelineMarkShortcuts, { seekToMark: () => onSeek(t, frame) }, e)) e.preventDefault();
  };
  const ticks = tickTimes(durationSec, width - PAD_LEFT - PAD_RIGHT);
  const fractional = durationSec < 20;
  const pointsRow = rowOf("points");

  return (
    <div ref={boxRef} className="w-full" data-testid="timeline">
      <svg width={width} height={height} role="group" aria-label={label} className="block select-none text-slate-700">
        {/* axis */}
        <line x1={PAD_LEFT} x2={width - PAD_RIGHT} y1={AXIS_H - 6} y2={AXIS_H - 6} className="stroke-slate-300" />
        {ticks.map((t) => {
          const x = xOfTime(t, layout);
          return (
            <g key={t}>
              <line x1={x} x2={x} y1={AXIS_H - 10} y2={height - 4} className="stroke-slate-100" />
              <text x={x} y={AXIS_H - 12} textAnchor="middle" className="fill-slate-500 text-[10px]">
                {formatClock(t, fractional)}
              </text>
            </g>
          );
        })}
        {/* rows */}
        {rows.map((r) => (
          <g key={r.key}>
            <text x={6} y={r.top + r.height / 2 + 4} className="fill-slate-600 text-[11px] font-medium">
              {r.title}
            </text>
            <rect
              x={PAD_LEFT}
              y={r.top + 2}
              width={Math.max(1, width - PAD_LEFT - PAD_RIGHT)}
              height={r.height - 4}
              rx={3}
              className={seekable ? "cursor-pointer fill-slate-50 hover:fill-slate-100" : "fill-slate-50"}
              onClick={onTrackClick}
            />
          </g>
        ))}
        {pointsRow && points.length === 0 && (
          <text x={PAD_LEFT + 8} y={pointsRow.top + pointsRow.height / 2 + 4} className="fill-slate-400 text-[11px]">
            none
          </text>
        )}
        {/* evidence spans */}
        {(["truth", "annotation"] as const).map((kind) => {
          const row = rowOf(kind);
          if (!row) return null;
          const list = kind === "truth" ? truth : annotated;
          const lanes = kind === "truth" ? truthLanes.lanes : annLanes.lanes;
          return list.map((s, i) => {
            const x1 = xOfTime(s.startSec, layout);
            const x2 = Math.max(x1 + 3, xOfTime(s.endSec, layout));
            const name = `${kind === "truth" ? "Evidence" : "Annotated"} span ${formatSeconds(s.startSec)} to ${formatSeconds(s.endSec)}${s.label ? `: ${s.label}` : ""}`;
            return (
              <g
                key={s.id}
                role={seekable ? "button" : "img"}
                tabIndex={seekable ? 0 : undefined}
                aria-label={name}
                data-testid="timeline-span"
                className={seekable ? "cursor-pointer outline-none focus-visible:[&>rect]:stroke-blue-600" : undefined}
                onClick={() => onSeek?.(s.startSec, null)}
                onKeyDown={keySeek(s.startSec, null)}
              >
                <title>{name}</title>
                <rect
                  x={x1}
                  y={row.top + 5 + lanes[i] * LANE_H}
                  width={x2 - x1}
                  height={LANE_H - 4}
                  rx={2}
                  className={kind === "truth" ? "fill-emerald-500/70 stroke-emerald-700 stroke-1" : "fill-violet-500/60 stroke-violet-700 stroke-1"}
                />
              </g>
            );
          });
        })}
        {/* query points */}
        {pointsRow &&
          points.map((p) => {
            const x = xOfTime(p.timeSec, layout);
            const cy = pointsRow.top + pointsRow.height / 2;
            // The name holds the visible tag (Q1, Q2, …): voice control reaches the point by what is shown.
            const name = `Query point ${p.ordinal + 1} at ${formatSeconds(p.timeSec)}${p.frameIndex !== null ? `, frame ${p.frameIndex}` : ""}${p.detail ? ` (${p.detail})` : ""}; shown as Q${p.ordinal + 1}`;
            return (
              <g
                key={p.id}
                role={seekable ? "button" : "img"}
                tabIndex={seekable ? 0 : undefined}
                aria-label={name}
                data-testid="timeline-point"
                data-time={p.timeSec}
                className={seekable ? "cursor-pointer outline-none focus-visible:[&>path]:stroke-blue-600" : undefined}
                onClick={() => onSeek?.(p.timeSec, p.frameIndex)}
                onKeyDown={keySeek(p.timeSec, p.frameIndex)}
              >
                <title>{name}</title>
                <path d={`M ${x} ${cy - 8} L ${x + 7} ${cy} L ${x} ${cy + 8} L ${x - 7} ${cy} Z`} className="fill-blue-600 stroke-white stroke-2" />
                <text x={x + 9} y={cy + 3} className="fill-blue-800 text-[9px] font-semibold">
                  {`Q${p.ordinal + 1}`}
                </text>
              </g>
            );
          })}
        {/* playhead (moved by the effect above) */}
        <g ref={playheadRef} visibility="hidden" data-testid="timeline-playhead" pointerEvents="none">
          <line x1={0} x2={0} y1={AXIS_H - 8} y2={height - 2} className="stroke-red-600 stroke-2" />
          <path d={`M -5 ${AXIS_H - 12} L 5 ${AXIS_H - 12} L 0 ${AXIS_H - 5} Z`} className="fill-red-600" />
        </g>
      </svg>
    </div>
  );
}
