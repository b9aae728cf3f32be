"use client";

import { useRouter } from "next/navigation";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { AnnotationLanes, type Lane, type LanesHandle } from "@/components/adjudication/annotation-lanes";
import { annotatorColour, RESULT_COLOUR } from "@/components/adjudication/annotator-colours";
import { DifferenceEditor } from "@/components/adjudication/difference-editor";
import { DifferenceList } from "@/components/adjudication/difference-list";
import { ExpertEditor } from "@/components/adjudication/expert-editor";
import type { FrameController } from "@/components/video-player/frame-controller";
import { PageVideoPlayer } from "@/components/video-player/page-video-player";
import { frameAfterSeconds, frameTimeOfFrame, videoTimingOf, type VideoTiming } from "@/lib/annotation/video-timing";
import { createPlayerStore } from "@/lib/player/player-store";
import type { AdjudicationControls } from "@/lib/player/shortcuts";
import { differenceMembers, nextUnresolved, pickStateOf, stepDifference, takeRefusal } from "@/lib/review/adjudication-picks";
import { differenceLabel } from "@/lib/review/difference-label";
import { noteProblem, previewResolution } from "@/lib/review/adjudication-preview";
import type { AdjudicationPayload } from "@/lib/review/api-schemas";
import type { ReviewContext } from "@/lib/review/compare";
import { noteRequired as expertNoteRequired } from "@/lib/review/note-rule";
import type { PtsTable } from "@/lib/video/pts-table";
import { AdjudicationHelp } from "./adjudication-help";
import { ClaimBar } from "./claim-bar";
import { DraftConflictDialog } from "./draft-conflict-dialog";
import { ResolutionSummary } from "./resolution-summary";
import { ResolvePanel } from "./resolve-panel";
import { useAdjudicationKeys } from "./use-adjudication-keys";
import { useDecisions } from "./use-decisions";
import { useResolve } from "./use-resolve";

export function AdjudicationView({ payload }: { payload: AdjudicationPayload }) {
  const router = useRouter();
  const d = useDecisions(payload);
  const { differences, annotations, video } = payload;
  const k = annotations.length;
  const letters = useMemo(() => annotations.map((a) => a.letter), [annotations]);
  const docs = useMemo(() => annotations.map((a) => a.data), [annotations]);
  const player = useMemo(() => createPlayerStore({ frameCount: video?.frameCount ?? 0 }), [video?.frameCount]);
  const controller = useRef<FrameController | null>(null);
  const lanesRef = useRef<LanesHandle | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const [timing, setTiming] = useState<VideoTiming | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const expert = payload.kind === "expert";
  const context = useMemo<ReviewContext>(
    () => ({ fps: video?.fps || 30, frameCount: video?.frameCount || 1_000_000, ...(payload.comparison ? { thresholds: payload.comparison.thresholds } : {}) }),
    [video, payload.comparison],
  );

  // The preview (applyPicks + the note rule: ~0.1 s with 500 marks a side) follows the picks
  // without holding up the keys.
  const previewPicks = useDeferredValue(d.picks);
  const preview = useMemo(
    () => (!expert && payload.comparison && d.editable ? previewResolution(docs, context, previewPicks, payload.comparison) : null),
    [expert, payload.comparison, d.editable, docs, context, previewPicks],
  );
  const resultDoc = d.editable ? (expert ? (d.document ?? docs[0]) : preview?.resolution.ok ? preview.resolution.document : null) : (payload.resolution?.document ?? null);
  const noteNeeded = expert ? !!d.document && expertNoteRequired(d.document, docs, context) : !!preview?.noteRequired;
  const resolver = useResolve(payload, d, () => router.refresh());

  const seekToFrame = useCallback((frame: number) => controller.current?.seekToFrame(frame), []);
  const onController = useCallback((c: FrameController | null, table: PtsTable | null) => {
    controller.current = c;
    setTiming(table ? videoTimingOf(table) : null);
  }, []);

  const go = useCallback(
    (i: number) => {
      if (i < 0) return;
      d.setCurrent(i);
      setEditing(null);
      const f = differences[i]?.frame;
      if (f !== null && f !== undefined) {
        seekToFrame(f);
        lanesRef.current?.reveal(f);
      }
    },
    [d, differences, seekToFrame],
  );

  const cur = d.current >= 0 ? differences[d.current] : undefined;
  const onLanes = useCallback((h: LanesHandle | null) => {
    lanesRef.current = h;
  }, []);

  // Once the player is ready, show the current difference (after a reload: the one the reviewer was on).
  const resumed = useRef(false);
  useEffect(() => {
    if (!timing || resumed.current || !cur) return;
    resumed.current = true;
    if (cur.frame !== null) {
      seekToFrame(cur.frame);
      lanesRef.current?.reveal(cur.frame);
    }
  }, [timing, cur, seekToFrame]);
  const take = (i: number, j: number) => {
    const diff = differences[i];
    if (!diff || !d.editable) return;
    const refusal = takeRefusal(diff, j, k);
    if (refusal) resolver.setMessage(refusal);
    else d.decide(diff.id, { take: j });
  };

  // Keys act on the committed current difference (d.currentNow()), never on the one last rendered.
  const controls: AdjudicationControls = {
    stepFrames: (delta) => controller.current?.stepFrames(delta),
    togglePlay: () => controller.current?.togglePlay(),
    seekSeconds: (delta) => {
      const s = player.getState();
      const f = s.pendingFrame ?? s.frameIndex;
      if (timing && f !== null) seekToFrame(frameAfterSeconds(timing, f, delta));
    },
    stepDifference: (dir) => go(stepDifference(differences.length, d.currentNow(), dir)),
    nextOpen: () => go(nextUnresolved(differences, d.latestPicks(), d.currentNow() + 1)),
    take: (j) => take(d.currentNow(), j),
    edit: () => {
      const i = d.currentNow();
      const now = differences[i];
      if (now && d.editable && !now.derived) setEditing(i);
    },
    clearPick: () => {
      const now = differences[d.currentNow()];
      if (now) d.decide(now.id, null);
    },
    zoom: (dir) => lanesRef.current?.zoom(dir),
    focusNote: () => noteRef.current?.focus(),
    resolve: () => void resolver.resolve(),
    toggleHelp: () => setHelpOpen((o) => !o),
    close: () => (helpOpen ? setHelpOpen(false) : setEditing(null)),
  };
  useAdjudicationKeys(controls, helpOpen);

  const lanes = useMemo<Lane[]>(() => {
    const members = cur ? differenceMembers(cur, k) : [];
    const out: Lane[] = annotations.map((a, j) => ({
      key: a.letter,
      title: `${a.letter} · ${a.annotatorName}`,
      prefix: `${a.letter} · `,
      colour: annotatorColour(j),
      doc: a.data,
      highlight: members[j]?.[0] ?? null,
    }));
    if (resultDoc && !(expert && d.editable)) out.push({ key: "result", title: payload.resolution && !d.editable ? "Final (truth)" : "Result (preview)", prefix: "= ", colour: RESULT_COLOUR, doc: resultDoc, highlight: null });
    return out;
  }, [annotations, cur, k, resultDoc, expert, d.editable, payload.resolution]);

  const blockers = useMemo(() => {
    if (!d.editable || expert) return [];
    const open = differences.filter((x) => pickStateOf(x, d.picks).kind === "open").map((x) => `${differenceLabel(x)}: needs a decision (take one version or edit)`);
    if (previewPicks !== d.picks) return open.slice(0, 8);
    if (open.length) return open.slice(0, 8).concat(open.length > 8 ? [`… and ${open.length - 8} more`] : []);
    if (preview && !preview.resolution.ok) return preview.resolution.problems.map((p) => p.message);
    const n = preview ? noteProblem(preview, d.note) : null;
    return n ? [n] : [];
  }, [d.editable, expert, differences, d.picks, previewPicks, preview, d.note]);

  return (
    <div className="flex flex-col gap-3" data-testid="adjudication-view" data-status={payload.status} data-kind={payload.kind} data-current={cur?.id ?? ""}>
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1" data-shortcut-chrome="">
        <h1 className="text-lg font-semibold">
          {expert ? "Expert review" : "Adjudication"} · {payload.item.externalId}
        </h1>
        <span className="text-sm text-slate-600" data-testid="adjudication-status">
          {payload.status.toLowerCase()}
          {payload.claimedBy && payload.status === "DISPUTED" ? ` · claimed by ${payload.claimedBy.name}` : ""}
          {!d.editable ? " · read-only" : ""}
        </span>
        <span className="flex gap-2 text-sm">
          {annotations.map((a, j) => (
            <span key={a.letter} style={{ color: annotatorColour(j) }} className="font-medium">
              {a.letter}: {a.annotatorName}
            </span>
          ))}
        </span>
        <button type="button" className="ml-auto rounded border px-2 py-0.5 text-sm" onClick={() => setHelpOpen(true)}>
          Shortcuts (?)
        </button>
      </header>
      {payload.item.question && <p className="text-sm text-slate-800">{payload.item.question}</p>}
      {payload.status === "DISPUTED" && !payload.claimedBy && !d.editable && <ClaimBar adjudicationId={payload.id} />}
      <ResolutionSummary payload={payload} />
      {resolver.message && (
        <p role="status" className="rounded border border-amber-200 bg-amber-50 px-3 py-1.5 text-sm text-amber-900" data-testid="adjudication-notice">
          {resolver.message}
        </p>
      )}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(360px,2fr)]">
        <div className="flex min-w-0 flex-col gap-3">
          <PageVideoPlayer video={video} label="Item video; keyboard shortcuts work anywhere on the page (press ? for the list)" store={player} onController={onController} missing="This item has no playable video." />
          {video && timing && <AnnotationLanes lanes={lanes} player={player} timing={timing} fps={video.fps} seekToFrame={seekToFrame} onReady={onLanes} />}
          {expert && d.editable && video && timing && (
            <ExpertEditor
              original={docs[0]}
              document={d.document}
              onChange={d.setDocument}
              player={player}
              timing={timing}
              fps={video.fps}
              seekToFrame={seekToFrame}
            />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          {!expert && (
            <DifferenceList
              differences={differences}
              picks={d.picks}
              current={d.current}
              letters={letters}
              readOnly={!d.editable}
              problems={resolver.problemsById}
              onSelect={go}
              onTake={take}
              onEdit={(i) => {
                go(i);
                setEditing(i);
              }}
              onClear={(i) => d.decide(differences[i].id, null)}
            />
          )}
          {editing !== null && differences[editing] && timing && (
            <DifferenceEditor
              key={differences[editing].id}
              difference={differences[editing]}
              currentEdit={(() => {
                const s = pickStateOf(differences[editing], d.picks);
                return s.kind === "edit" ? s.edit : undefined;
              })()}
              from={(() => {
                const s = pickStateOf(differences[editing], d.picks);
                return s.kind === "take" ? s.annotator : 0;
              })()}
              context={{ frameCount: timing.frameCount, frameTime: (f) => frameTimeOfFrame(timing, f) }}
              currentFrame={() => player.getState().pendingFrame ?? player.getState().frameIndex}
              onSave={(edit) => {
                d.decide(differences[editing].id, { edit });
                setEditing(null);
              }}
              onCancel={() => setEditing(null)}
            />
          )}
          {d.editable && (
            <ResolvePanel
              note={d.note}
              onNote={d.setNote}
              noteRef={noteRef}
              noteRequired={noteNeeded}
              blockers={blockers}
              serverProblems={resolver.problems}
              saveState={d.saveState}
              busy={resolver.busy}
              resolveLabel={expert ? (d.document ? "Resolve with my edits" : "Confirm") : "Resolve"}
              onResolve={() => void resolver.resolve()}
            />
          )}
        </div>
      </div>
      {d.saveState?.conflict && <DraftConflictDialog conflict={d.saveState.conflict} mine={{ picks: d.picks, note: d.note }} letters={letters} differences={differences} onKeepMine={d.keepMine} onTakeTheirs={d.takeTheirs} />}
      {helpOpen && <AdjudicationHelp k={k} onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
