"use client";

import { useEffect, useRef } from "react";
import type { SaveState } from "@/components/judging/use-judgement-saver";
import type { VsasSecondView } from "@/lib/judging/api-schemas";

export type Verdict = { binary: 0 | 1 | null; rubric: number | null };

/** The task's seconds: truth caption, response, the reviewer's verdict and its save state; a click selects one. */
export function SecondList({
  seconds,
  current,
  verdictOf,
  stateOf,
  onSelect,
}: {
  seconds: readonly VsasSecondView[];
  current: number;
  verdictOf: (t: number) => Verdict | null;
  stateOf: (t: number) => SaveState | undefined;
  onSelect: (index: number) => void;
}) {
  const currentRef = useRef<HTMLTableRowElement>(null);
  // A block body: scroll functions may return a promise, which React would take for a cleanup.
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: "nearest" });
  }, [current]);
  return (
    <table className="w-full text-sm" data-testid="second-list">
      <thead>
        <tr className="text-left text-slate-500">
          <th className="w-12">t</th>
          <th>Truth caption</th>
          <th>Response</th>
          <th className="w-24">Verdict</th>
        </tr>
      </thead>
      <tbody>
        {seconds.map((s, i) => {
          const v = verdictOf(s.t);
          const state = stateOf(s.t);
          return (
            <tr
              key={s.t}
              ref={i === current ? currentRef : undefined}
              data-second={s.t}
              aria-current={i === current ? "true" : undefined}
              className={`cursor-pointer border-t border-slate-100 align-top ${i === current ? "bg-blue-50" : "hover:bg-slate-50"}`}
              onClick={() => onSelect(i)}
            >
              <td className="font-mono">{s.t}</td>
              <td className="pr-2">{s.caption || <span className="text-slate-400">(empty)</span>}</td>
              <td className="pr-2">{s.response || <span className="text-slate-400">(no response)</span>}</td>
              <td className="whitespace-nowrap font-mono" data-verdict={v ? `${v.binary ?? "-"}/${v.rubric ?? "-"}` : ""}>
                {v ? `${v.binary === 1 ? "yes" : v.binary === 0 ? "no" : "–"} · ${v.rubric ?? "–"}` : "—"}
                {state === "saving" ? <span className="ml-1 text-slate-400">…</span> : state === "error" ? <span className="ml-1 text-red-700">!</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
