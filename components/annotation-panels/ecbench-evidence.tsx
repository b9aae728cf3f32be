"use client";

/**
 * EC-Bench evidence clips at second precision (starts on the first frame of a whole second, ends
 * rounded up), the minimum clips only, with the 5 s rules as suggestions the annotator accepts:
 * merge clips less than 5 s apart; reappearances of one subject within 5 s count once.
 */
import { useMemo } from "react";
import type { PanelProps, WorkspacePlayer } from "@/components/annotation-workspace/panel-props";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { EcbenchDocument, FrameTime, Span } from "@/lib/annotation/document";
import { applyEvidenceMerge, evidenceMergeSuggestions, reappearanceCount } from "@/lib/annotation/ec-evidence-merge";
import { wholeSecondTime } from "@/lib/annotation/frame-at-sec";
import { newId } from "@/lib/annotation/new-id";
import { DraftInput } from "./draft-text";
import { FieldProblems, PanelSection, LONG_LIST_ROW } from "./panel-parts";
import { plural } from "@/lib/text/plural";

const secLabel = (t: FrameTime) => `${Math.round(t.sec)} s`;

function snap(player: WorkspacePlayer, sec: number, roundUp = false): FrameTime {
  const clamped = Math.max(0, Math.min(sec, player.durationSec));
  return wholeSecondTime(clamped, player.frameCount, (f) => player.frameTime(f), roundUp);
}

function nowSec(player: WorkspacePlayer | null): number | null {
  const f = player?.currentFrame();
  return player && f !== null && f !== undefined ? player.frameTime(f).sec : null;
}

const patchClip = (doc: EcbenchDocument, id: string, patch: Partial<Span>): EcbenchDocument => ({ ...doc, evidence: doc.evidence.map((s) => (s.id === id ? { ...s, ...patch } : s)) });

export function EcbenchEvidence(props: PanelProps<EcbenchDocument> & { mergeGapSec: number; counting: boolean }) {
  const { doc, edit, readOnly, player, selectedId, select, problems, mergeGapSec, counting } = props;
  const suggestions = useMemo(() => evidenceMergeSuggestions(doc.evidence, mergeGapSec), [doc.evidence, mergeGapSec]);
  const occurrences = useMemo(() => reappearanceCount(doc.evidence, mergeGapSec), [doc.evidence, mergeGapSec]);
  const open = [...doc.evidence].reverse().find((s) => s.end === null) ?? null;
  const answerNumber = /^\d+$/.test(doc.answer.trim()) ? Number(doc.answer.trim()) : null;
  const countSuggestion =
    counting && occurrences.byLabel.length > 0 && occurrences.unlabelled === 0 && answerNumber !== occurrences.total ? occurrences.total : null;

  const start = () => {
    const s = nowSec(player);
    if (player && s !== null) {
      const t = snap(player, s);
      edit(`evidence clip from ${secLabel(t)}`, (d) => ({ ...d, evidence: [...d.evidence, { id: newId("ev", d.evidence), start: t, end: null, label: "", comment: "" }] }));
    }
  };
  const end = (clipId: string | null) => {
    const s = nowSec(player);
    if (!player || s === null || !clipId) return;
    const t = snap(player, s, true);
    edit(`evidence clip ends at ${secLabel(t)}`, (d) => patchClip(d, clipId, { end: t }));
  };
  // From the clip as it is in the document when the edit runs (not as last rendered).
  const nudge = (clipId: string, edge: "start" | "end", delta: number) => {
    if (!player) return;
    edit(`evidence ${edge} ${delta > 0 ? "+" : "−"}1 s`, (d) => {
      const clip = d.evidence.find((x) => x.id === clipId);
      const base = clip ? (edge === "start" ? clip.start : clip.end) : null;
      return base ? patchClip(d, clipId, { [edge]: snap(player, Math.round(base.sec) + delta, edge === "end") }) : d;
    });
  };

  return (
    <PanelSection
      title={`Evidence clips (${doc.evidence.length})`}
      testId="ecbench-evidence"
      actions={
        !readOnly && (
          <>
            <Button size="sm" disabled={!player} onClick={start}>
              Start clip here
            </Button>
            <Button size="sm" variant="secondary" disabled={!player || !open} onClick={() => end(open?.id ?? null)}>
              End clip here
            </Button>
          </>
        )
      }
    >
      <p className="text-xs text-slate-500">
        Second precision; only the minimum clips that support the answer (one appearance is enough when it suffices). Clips less than {mergeGapSec} s apart are merged.
      </p>
      {suggestions.length > 0 && (
        <ul className="space-y-1 rounded border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900" data-testid="evidence-suggestions">
          {suggestions.map((s) => (
            <li key={s.ids.join("+")} className="flex flex-wrap items-center justify-between gap-2" data-testid="evidence-suggestion">
              <span>{s.message}</span>
              {!readOnly && (
                <Button size="sm" variant="secondary" onClick={() => edit(`merge ${s.ids.length} evidence clips`, (d) => ({ ...d, evidence: applyEvidenceMerge(d.evidence, s) }))}>
                  Accept merge
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {counting && occurrences.byLabel.length > 0 && (
        <div className="rounded border border-slate-200 bg-slate-50 p-2 text-xs text-slate-700" data-testid="evidence-occurrences">
          Occurrences by subject ({mergeGapSec} s rule):{" "}
          {occurrences.byLabel.map((x) => `${x.label} ${x.occurrences}${x.clips !== x.occurrences ? ` (${plural(x.clips, "clip")})` : ""}`).join(", ")} · total {occurrences.total}
          {occurrences.unlabelled > 0 && ` · ${plural(occurrences.unlabelled, "unlabelled clip")} not counted`}
          {countSuggestion !== null && !readOnly && (
            <Button
              size="sm"
              variant="secondary"
              className="ml-2"
              onClick={() => edit(`answer ${countSuggestion} (5 s rule)`, (d) => ({ ...d, answer: String(countSuggestion), answerRevised: true }))}
            >
              Use {countSuggestion} as the answer
            </Button>
          )}
        </div>
      )}
      <FieldProblems problems={problems} field="evidence" exact />
      <ol className="space-y-1">
        {doc.evidence.map((s, i) => {
          return (
            <li
              key={s.id}
              data-testid="evidence-row"
              data-id={s.id}
              className={cn(LONG_LIST_ROW, "flex flex-wrap items-center gap-1.5 rounded border border-slate-100 p-1", selectedId === s.id && "border-blue-300 bg-blue-50")}
              onClick={() => select(s.id)}
            >
              <span className="w-5 text-right text-xs text-slate-500">{i + 1}</span>
              <button type="button" className="font-mono text-xs text-blue-700 hover:underline" onClick={() => player?.seekToFrame(s.start.frame)} data-testid="evidence-start">
                {secLabel(s.start)}
              </button>
              {!readOnly && (
                <span className="inline-flex">
                  <button type="button" className="px-1 text-xs text-slate-500" aria-label={`clip ${i + 1} start 1 s earlier`} onClick={() => nudge(s.id, "start", -1)}>−</button>
                  <button type="button" className="px-1 text-xs text-slate-500" aria-label={`clip ${i + 1} start 1 s later`} onClick={() => nudge(s.id, "start", 1)}>+</button>
                </span>
              )}
              <span className="text-slate-400">–</span>
              {s.end ? (
                <button type="button" className="font-mono text-xs text-blue-700 hover:underline" onClick={() => player?.seekToFrame(s.end!.frame)} data-testid="evidence-end">
                  {secLabel(s.end)}
                </button>
              ) : (
                <span className="text-xs font-medium text-amber-700">open</span>
              )}
              {!readOnly && s.end && (
                <span className="inline-flex">
                  <button type="button" className="px-1 text-xs text-slate-500" aria-label={`clip ${i + 1} end 1 s earlier`} onClick={() => nudge(s.id, "end", -1)}>−</button>
                  <button type="button" className="px-1 text-xs text-slate-500" aria-label={`clip ${i + 1} end 1 s later`} onClick={() => nudge(s.id, "end", 1)}>+</button>
                </span>
              )}
              <DraftInput
                className="min-w-0 flex-1"
                placeholder="subject (e.g. dog)"
                aria-label={`subject of clip ${i + 1}`}
                value={s.label}
                maxLength={200}
                disabled={readOnly}
                onCommit={(label, b) => edit(`label clip ${i + 1}`, (d) => patchClip(d, s.id, { label }), b)}
              />
              {!readOnly && !s.end && (
                <Button size="sm" variant="ghost" disabled={!player} onClick={() => end(s.id)}>
                  End here
                </Button>
              )}
              {!readOnly && (
                <Button size="sm" variant="ghost" aria-label={`delete clip ${i + 1}`} onClick={() => edit(`delete clip ${i + 1}`, (d) => ({ ...d, evidence: d.evidence.filter((x) => x.id !== s.id) }))}>
                  Delete
                </Button>
              )}
              <FieldProblems problems={problems} field={`evidence[${i}]`} className="w-full pl-6" />
            </li>
          );
        })}
      </ol>
    </PanelSection>
  );
}
