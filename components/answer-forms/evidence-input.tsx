"use client";

import { useState } from "react";

export type Span = [number, number];

const fmt = (s: number) => `${s.toFixed(1)} s`;

/**
 * Evidence spans [start, end] in seconds (EC-Bench, free rewatch): the minimum clips supporting the
 * answer, marked on the video's timeline. Play or seek the video, press "Mark start" then "Mark end"
 * at the current position; the spans are drawn on a bar of the video's length and stay editable to
 * the second.
 */
export function EvidenceInput({
  value,
  disabled,
  onChange,
  positionSec,
  durationSec,
}: {
  value: Span[];
  disabled: boolean;
  onChange: (v: Span[]) => void;
  positionSec?: number;
  durationSec?: number;
}) {
  const [openStart, setOpenStart] = useState<number | null>(null);
  const pos = Math.max(0, positionSec ?? 0);
  const total = durationSec && durationSec > 0 ? durationSec : Math.max(1, pos, ...value.flat());
  const set = (i: number, k: 0 | 1, v: string) => {
    const next = value.map((s) => [...s] as Span);
    next[i][k] = Math.max(0, Number(v) || 0);
    onChange(next);
  };
  const markEnd = () => {
    if (openStart === null) return;
    const [a, b] = [Math.min(openStart, pos), Math.max(openStart, pos)];
    const added: Span = [round(a), round(b)];
    onChange([...value, added].sort((x, y) => x[0] - y[0]));
    setOpenStart(null);
  };
  return (
    <fieldset className="space-y-2 text-sm" disabled={disabled} data-testid="answer-evidence">
      <legend className="font-medium text-slate-700">Evidence on the timeline (optional)</legend>
      <div className="relative h-6 w-full rounded bg-slate-200" aria-hidden data-testid="evidence-timeline">
        {value.map(([a, b], i) => (
          <div
            key={i}
            className="absolute top-0 h-6 rounded bg-amber-400/80"
            style={{ left: `${(100 * a) / total}%`, width: `${Math.max(0.5, (100 * (b - a)) / total)}%` }}
            data-testid="evidence-span-bar"
          />
        ))}
        {openStart !== null && <div className="absolute top-0 h-6 w-0.5 bg-amber-700" style={{ left: `${(100 * openStart) / total}%` }} />}
        <div className="absolute -top-1 h-8 w-0.5 bg-blue-700" style={{ left: `${Math.min(100, (100 * pos) / total)}%` }} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-600">Video at {fmt(pos)}</span>
        <button type="button" className="rounded border px-2 py-1" onClick={() => setOpenStart(round(pos))} disabled={openStart !== null}>
          Mark start
        </button>
        <button type="button" className="rounded border px-2 py-1" onClick={markEnd} disabled={openStart === null}>
          Mark end
        </button>
        {openStart !== null && <span className="text-amber-800">started at {fmt(openStart)}</span>}
      </div>
      {value.map((s, i) => (
        <div key={i} className="flex items-center gap-2" data-testid="evidence-span">
          <input type="number" min={0} step={1} className="w-24 rounded border px-2 py-1" value={s[0]} aria-label={`Span ${i + 1} start`} onChange={(e) => set(i, 0, e.target.value)} />
          <span>to</span>
          <input type="number" min={0} step={1} className="w-24 rounded border px-2 py-1" value={s[1]} aria-label={`Span ${i + 1} end`} onChange={(e) => set(i, 1, e.target.value)} />
          <span>s</span>
          <button type="button" className="rounded border px-2" onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={`Remove span ${i + 1}`}>
            ×
          </button>
        </div>
      ))}
    </fieldset>
  );
}

/** Second precision (EC-Bench evidence is annotated to the second). */
const round = (s: number) => Math.round(s);
