"use client";

import type { SaveState } from "@/components/judging/use-judgement-saver";
import type { Verdict } from "./second-list";

const RUBRIC = [
  { value: 0, hint: "wrong or unrelated" },
  { value: 1, hint: "partly right, major errors" },
  { value: 2, hint: "mostly right, minor errors" },
  { value: 3, hint: "fully consistent with the truth" },
] as const;

/** Yes / No and the 0-3 rubric for the current second (keys y, n, 0-3 do the same). */
export function VerdictButtons({ verdict, onChange, state }: { verdict: Verdict | null; onChange: (change: Partial<Verdict>) => void; state?: SaveState }) {
  const on = "border-blue-600 bg-blue-600 text-white";
  const off = "border-slate-300 bg-white hover:bg-slate-50";
  return (
    <div className="flex flex-wrap items-center gap-3 md:col-span-2">
      <div role="group" aria-label="Binary judge" className="flex gap-1">
        <button type="button" className={`rounded border px-3 py-1 ${verdict?.binary === 1 ? on : off}`} aria-pressed={verdict?.binary === 1} onClick={() => onChange({ binary: 1 })}>
          Yes (Y)
        </button>
        <button type="button" className={`rounded border px-3 py-1 ${verdict?.binary === 0 ? on : off}`} aria-pressed={verdict?.binary === 0} onClick={() => onChange({ binary: 0 })}>
          No (N)
        </button>
      </div>
      <div role="group" aria-label="Rubric 0-3" className="flex gap-1">
        {RUBRIC.map((r) => (
          <button
            key={r.value}
            type="button"
            title={r.hint}
            className={`rounded border px-3 py-1 ${verdict?.rubric === r.value ? on : off}`}
            aria-pressed={verdict?.rubric === r.value}
            onClick={() => onChange({ rubric: r.value })}
          >
            {r.value}
          </button>
        ))}
      </div>
      <span className="text-xs text-slate-500" data-testid="save-state">
        {state === "saving" ? "Saving…" : state === "saved" ? "Saved" : state === "error" ? "Not saved" : ""}
      </span>
    </div>
  );
}
