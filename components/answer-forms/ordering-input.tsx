"use client";

import type { ChoiceOption } from "@/lib/protocol/participant-question";

/** Puts the presented events in order (move up / down; keyboard and screen-reader friendly). */
export function OrderingInput({
  options,
  value,
  disabled,
  onChange,
}: {
  options: ChoiceOption[];
  value: string[];
  disabled: boolean;
  onChange: (v: string[]) => void;
}) {
  const text = new Map(options.map((o) => [o.label, o.text]));
  const move = (i: number, d: -1 | 1) => {
    const j = i + d;
    if (j < 0 || j >= value.length) return;
    const next = [...value];
    [next[i], next[j]] = [next[j], next[i]];
    onChange(next);
  };
  return (
    <ol className="space-y-2" aria-label="Order of events (first at the top)">
      {value.map((label, i) => (
        <li key={label} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm" data-testid={`answer-order-${label}`}>
          <span className="w-6 text-slate-500">{i + 1}.</span>
          <span className="font-semibold">{label}</span>
          <span className="flex-1">{text.get(label)}</span>
          <button type="button" className="rounded border px-2" disabled={disabled || i === 0} onClick={() => move(i, -1)} aria-label={`Move ${label} up`}>
            ↑
          </button>
          <button type="button" className="rounded border px-2" disabled={disabled || i === value.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${label} down`}>
            ↓
          </button>
        </li>
      ))}
    </ol>
  );
}
