"use client";

export type Span = [number, number];

/** Evidence spans [start, end] in seconds (EC-Bench, free rewatch): the minimum clips supporting the answer. */
export function EvidenceInput({ value, disabled, onChange }: { value: Span[]; disabled: boolean; onChange: (v: Span[]) => void }) {
  const set = (i: number, k: 0 | 1, v: string) => {
    const next = value.map((s) => [...s] as Span);
    next[i][k] = Math.max(0, Number(v) || 0);
    onChange(next);
  };
  return (
    <fieldset className="space-y-2 text-sm" disabled={disabled}>
      <legend className="font-medium text-slate-700">Evidence (seconds, optional)</legend>
      {value.map((s, i) => (
        <div key={i} className="flex items-center gap-2">
          <input type="number" min={0} step={1} className="w-24 rounded border px-2 py-1" value={s[0]} aria-label={`Span ${i + 1} start`} onChange={(e) => set(i, 0, e.target.value)} />
          <span>to</span>
          <input type="number" min={0} step={1} className="w-24 rounded border px-2 py-1" value={s[1]} aria-label={`Span ${i + 1} end`} onChange={(e) => set(i, 1, e.target.value)} />
          <button type="button" className="rounded border px-2" onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={`Remove span ${i + 1}`}>
            ×
          </button>
        </div>
      ))}
      <button type="button" className="rounded border px-2 py-1" onClick={() => onChange([...value, [0, 0]])}>
        Add a span
      </button>
    </fieldset>
  );
}
