"use client";

import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { RunScore } from "@/components/judging/run-score";
import { ShortcutHelp } from "@/components/judging/shortcut-help";
import { useJudgementSaver } from "@/components/judging/use-judgement-saver";
import { Button } from "@/components/ui/button";
import type { EcQueuePayload } from "@/lib/judging/api-schemas";
import { linkCounts, linkPair, unlinkPred, type MatchLink } from "@/lib/judging/auto-match";
import { EC_MATCH_SHORTCUTS, ecMatchShortcuts, handleShortcutKey, type EcMatchControls } from "@/lib/player/shortcuts";
import { MatchColumns } from "./match-columns";

/** An entry of the queue: an item of a run, or a study session's answer to it. */
const entryKey = (i: { itemId: string; sessionId: string | null }) => `${i.sessionId ?? ""}|${i.itemId}`;

const SCORE_LABELS = { enumeration_precision: "Precision", enumeration_recall: "Recall", enumeration_f1: "F1", enumeration_tp_total: "TP", enumeration_fp_total: "FP", enumeration_fn_total: "FN" };

/**
 * The EC-Bench matching page: one enumeration item at a time, predicted items | true items, the
 * automatic links pre-filled; every link change is saved (the stored links replace the automatic
 * matching when the run is rescored). "Confirm" stores the links as they are.
 */
export function EcMatcher({ payload }: { payload: EcQueuePayload }) {
  const { items, run } = payload;
  const [index, setIndex] = useState(0);
  const [links, setLinks] = useState<Record<string, MatchLink[]>>(() => Object.fromEntries(items.map((i) => [entryKey(i), i.mine ?? i.auto])));
  const [stored, setStored] = useState<Record<string, boolean>>(() => Object.fromEntries(items.map((i) => [entryKey(i), i.mine !== null])));
  const [selected, setSelected] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const { save, states, error, saves } = useJudgementSaver(`/api/judge/runs/${encodeURIComponent(run.id)}/ec`);
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    rootRef.current?.focus();
  }, []);
  const item = items[index];
  // The item the keys act on, committed at once (r right after ] resets the new item).
  const indexRef = useRef(index);

  const commit = useCallback(
    (next: MatchLink[], target = items[indexRef.current]) => {
      const item = target;
      if (!item) return;
      setLinks((l) => ({ ...l, [entryKey(item)]: next }));
      setStored((s) => ({ ...s, [entryKey(item)]: true }));
      setSelected(null);
      void save(entryKey(item), { itemId: item.itemId, ...(item.sessionId ? { sessionId: item.sessionId } : {}), matches: next });
    },
    [items, save],
  );

  const controls: EcMatchControls = {
    step: (d) => {
      setSelected(null);
      indexRef.current = Math.min(items.length - 1, Math.max(0, indexRef.current + d));
      setIndex(indexRef.current);
    },
    resetToAuto: () => {
      const now = items[indexRef.current];
      if (now) commit(now.auto, now);
    },
    cancelSelection: () => {
      if (help) setHelp(false);
      else setSelected(null);
      rootRef.current?.focus();
    },
    toggleHelp: () => {
      setHelp((h) => !h);
      rootRef.current?.focus();
    },
  };
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (handleShortcutKey(ecMatchShortcuts, controls, e.nativeEvent)) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  if (!item) return <p className="text-sm text-slate-600">This run has no enumeration answer to match.</p>;
  const current = links[entryKey(item)] ?? [];
  const counts = linkCounts(current, item.predicted.length, item.truth.length);
  const state = states[entryKey(item)];
  const done = items.filter((i) => stored[entryKey(i)]).length;
  return (
    <div ref={rootRef} tabIndex={-1} onKeyDownCapture={onKeyDown} className="flex flex-col gap-3 outline-none" data-testid="ec-matcher">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Match “{run.name}”</h1>
        <span className="text-sm text-slate-600" data-testid="matched-count">
          {done} / {items.length} items matched by you · press ? for keys
        </span>
      </div>
      <RunScore score={payload.score} labels={SCORE_LABELS} projectId={run.projectId} runId={run.id} saves={saves} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Button size="sm" variant="secondary" onClick={() => controls.step(-1)} disabled={index === 0}>
          ← Previous
        </Button>
        <span data-testid="item-position">
          Question {item.externalId}
          {item.participant ? ` · ${item.participant}` : ""} ({index + 1} of {items.length})
        </span>
        <Button size="sm" variant="secondary" onClick={() => controls.step(1)} disabled={index === items.length - 1}>
          Next →
        </Button>
      </div>
      <section className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-3">
        <p>
          <span className="font-medium">Question:</span> {item.question}
        </p>
        <MatchColumns
          predicted={item.predicted}
          truth={item.truth}
          links={current}
          selected={selected}
          onSelect={setSelected}
          onLink={(p, t) => commit(linkPair(current, p, t))}
          onUnlink={(p) => commit(unlinkPred(current, p))}
        />
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span data-testid="live-counts" className="font-mono">
            TP {counts.tp} · FP {counts.fp} · FN {counts.fn}
          </span>
          <Button size="sm" onClick={() => commit(current)}>
            Confirm links
          </Button>
          <Button size="sm" variant="ghost" onClick={() => commit(item.auto)}>
            Reset to automatic (R)
          </Button>
          <span className="text-xs text-slate-500" data-testid="save-state">
            {state === "saving" ? "Saving…" : state === "saved" ? "Saved" : state === "error" ? "Not saved" : stored[entryKey(item)] ? "Saved earlier" : "Automatic links (not judged yet)"}
          </span>
        </div>
        {error ? <p className="text-sm text-red-700" role="alert">{error}</p> : null}
      </section>
      {help ? <ShortcutHelp rows={EC_MATCH_SHORTCUTS} onClose={() => { setHelp(false); rootRef.current?.focus(); }} note="Link a pair: click a predicted item, then a true item, or drag a predicted item onto a true item." /> : null}
    </div>
  );
}
