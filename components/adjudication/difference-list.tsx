"use client";

import { useEffect, useRef } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { pickStateOf } from "@/lib/review/adjudication-picks";
import { differenceLabel } from "@/lib/review/difference-label";
import type { Difference, DifferenceType } from "@/lib/review/differences";
import type { Pick } from "@/lib/review/resolve-facets";
import { annotatorColour } from "./annotator-colours";

const TYPE_TONES: Record<DifferenceType, BadgeTone> = {
  unmatched: "red",
  offset: "amber",
  span: "purple",
  count: "blue",
  label: "green",
  caption: "neutral",
};

type Props = {
  differences: readonly Difference[];
  picks: readonly Pick[];
  current: number;
  letters: readonly string[];
  readOnly: boolean;
  /** Problems from the last resolve attempt, by difference id. */
  problems: ReadonlyMap<string, string>;
  onSelect: (index: number) => void;
  onTake: (index: number, annotator: number) => void;
  onEdit: (index: number) => void;
  onClear: (index: number) => void;
};

/** The differences to step through (n / p), each with its kind badge, what is decided, and take / edit buttons. */
export function DifferenceList({ differences, picks, current, letters, readOnly, problems, onSelect, onTake, onEdit, onClear }: Props) {
  const currentRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // (scrollIntoView returns a promise in current Chromium: never let it become the effect's cleanup)
    currentRef.current?.scrollIntoView({ block: "nearest" });
  }, [current]);
  if (differences.length === 0) {
    return <p className="rounded border border-dashed p-3 text-sm text-slate-500">No differences: the annotations are identical.</p>;
  }
  const open = differences.filter((d) => pickStateOf(d, picks).kind === "open").length;
  return (
    <section aria-label="Differences" className="flex min-h-0 flex-col gap-1">
      <h2 className="text-sm font-semibold text-slate-700">
        Differences <span data-testid="differences-count">{differences.length}</span>
        {!readOnly && (
          <span className="ml-2 font-normal text-slate-500" data-testid="differences-open">
            {open === 0 ? "all decided" : `${open} need a decision`}
          </span>
        )}
      </h2>
      <ol className="max-h-[420px] overflow-auto rounded border border-slate-200" data-testid="difference-list">
        {differences.map((d, i) => {
          const state = pickStateOf(d, picks);
          const isCurrent = i === current;
          const problem = problems.get(d.id);
          return (
            <li
              key={d.id}
              ref={isCurrent ? currentRef : undefined}
              aria-current={isCurrent ? "true" : undefined}
              data-difference-id={d.id}
              data-type={d.type}
              data-pick={state.label}
              className={`flex flex-col gap-1 border-b border-slate-100 px-2 py-1.5 text-sm ${isCurrent ? "bg-amber-50 ring-2 ring-inset ring-amber-400" : ""}`}
              onClick={() => onSelect(i)}
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={TYPE_TONES[d.type]}>{d.type}</Badge>
                {d.blocking && <Badge tone="red">blocking</Badge>}
                <span className="text-xs font-medium text-slate-700" data-testid="difference-label">
                  {differenceLabel(d)}
                </span>
                <span className={`ml-auto text-xs ${state.kind === "open" ? "font-semibold text-red-700" : "text-slate-600"}`} data-testid="pick-state">
                  {state.label}
                </span>
              </div>
              <p className="break-words text-slate-800">{d.summary}</p>
              {problem && (
                <p className="text-xs text-red-700" role="alert">
                  {problem}
                </p>
              )}
              {isCurrent && !readOnly && !d.derived && (
                <div className="flex flex-wrap gap-1" onClick={(e) => e.stopPropagation()}>
                  {letters.map((letter, j) => (
                    <button
                      key={letter}
                      type="button"
                      className={`rounded border px-2 py-0.5 text-xs ${state.kind === "take" && state.annotator === j ? "font-semibold text-white" : ""}`}
                      style={state.kind === "take" && state.annotator === j ? { background: annotatorColour(j), borderColor: annotatorColour(j) } : { borderColor: annotatorColour(j), color: annotatorColour(j) }}
                      onClick={() => onTake(i, j)}
                    >
                      Take {letter}
                    </button>
                  ))}
                  <button type="button" className="rounded border border-slate-400 px-2 py-0.5 text-xs" onClick={() => onEdit(i)}>
                    Edit…
                  </button>
                  {state.kind !== "open" && state.kind !== "default" && (
                    <button type="button" className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600" onClick={() => onClear(i)}>
                      Undo decision
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
