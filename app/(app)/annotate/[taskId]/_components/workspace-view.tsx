"use client";

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { PageVideoPlayer } from "@/components/video-player/page-video-player";
import type { FrameController } from "@/components/video-player/frame-controller";
import type { WorkspacePlayer } from "@/components/annotation-workspace/panel-props";
import { readResumeState, writeResumeState } from "@/components/annotation-workspace/resume-state";
import { startActivityReporter } from "@/components/annotation-workspace/activity-reporter";
import type { SubmitProblem, WorkspacePayload } from "@/lib/annotation/api-schemas";
import { documentChecks, entityProblems, type SubmitContext } from "@/lib/annotation/submit-rules";
import { createHeldDrafts, HeldDraftsContext } from "@/components/annotation-workspace/held-drafts";
import { plural, pluralWord } from "@/lib/text/plural";
import { frameTimeOfFrame, videoTimingOf, type VideoTiming } from "@/lib/annotation/video-timing";
import { createPlayerStore } from "@/lib/player/player-store";
import type { PtsTable } from "@/lib/video/pts-table";
import type { WorkspaceRuntime, WorkspaceSession } from "./workspace-types";
import { WorkspaceHeader } from "./workspace-header";
import { EditTimeline } from "./edit-timeline";
import { SaveStatus } from "./save-status";
import { ConflictDialog } from "./conflict-dialog";
import { HelpOverlay } from "./help-overlay";
import { SelectionEditor } from "./selection-editor";
import { FormPanel } from "./form-panel";
import { SubmitBar } from "./submit-bar";
import { HistoryPanel } from "./history-panel";
import { useWorkspaceKeys } from "./use-workspace-keys";
import { useSceneCuts } from "./use-scene-cuts";
import { ReopenButton } from "./reopen-button";

const NO_PROBLEMS: SubmitProblem[] = [];

export function WorkspaceView({ payload, session, canReopen }: { payload: WorkspacePayload; session: WorkspaceSession; canReopen: boolean }) {
  const { store, autosave } = session;
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const video = payload.video;
  const { cuts: sceneCuts, error: sceneCutsError } = useSceneCuts(video);
  const player = useMemo(() => createPlayerStore({ frameCount: video?.frameCount ?? 0 }), [video?.frameCount]);
  const runtime = useRef<WorkspaceRuntime>({ controller: null, timing: null, timeline: null });
  const [timing, setTiming] = useState<VideoTiming | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [rate, setRate] = useState(1);
  // The server's answer to the last submit, for the document it was about: once the document
  // changes, the live checks (the same function) speak for it, never a stale list.
  const [refusal, setRefusal] = useState<{ doc: unknown; problems: SubmitProblem[] }>({ doc: null, problems: [] });
  const submitted422 = refusal.doc === state.doc ? refusal.problems : NO_PROBLEMS;
  const setSubmitted422 = useCallback((problems: SubmitProblem[]) => setRefusal({ doc: store.getState().doc, problems }), [store]);
  const resume = useMemo(() => readResumeState(payload.task.id), [payload.task.id]);
  const heldDrafts = useMemo(() => createHeldDrafts(), []);

  // Every document change goes to the autosave queue (a keystroke continuing a burst of typing is not a new change).
  useEffect(() => (autosave ? store.onChange((doc, _kind, _label, meta) => autosave.enqueue(doc, { merged: meta.merged })) : undefined), [store, autosave]);
  // A save refused because the annotation was submitted elsewhere: read-only here too.
  useEffect(() => autosave?.subscribe((s) => s.status === "submitted" && store.setReadOnly(true)), [autosave, store]);
  // Another tab saved a newer version while this one had nothing unsaved: show it in place (an
  // undoable step; with unsaved changes here the conflict dialog opens instead).
  useEffect(() => {
    if (!autosave) return undefined;
    let seen = autosave.getState().adopted;
    return autosave.subscribe((s) => {
      if (!s.adopted || s.adopted === seen) return;
      seen = s.adopted;
      store.replace(s.adopted.data, `version ${s.adopted.version} from another tab`);
      store.notify(`Updated to version ${s.adopted.version}, saved in another tab.`);
    });
  }, [autosave, store]);
  // Leaving the page (closed, reloaded, hidden): what was just typed is written into the document
  // (and so into the browser's autosave queue) at once, and one last send is tried.
  useEffect(() => {
    const writeTyped = () => {
      heldDrafts.flushAll();
      if (autosave && autosave.getState().unsaved > 0) void autosave.flush();
    };
    const onHidden = () => document.visibilityState === "hidden" && writeTyped();
    window.addEventListener("pagehide", writeTyped);
    window.addEventListener("beforeunload", writeTyped);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", writeTyped);
      window.removeEventListener("beforeunload", writeTyped);
      document.removeEventListener("visibilitychange", onHidden);
    };
  }, [heldDrafts, autosave]);
  // A tab closed with unsent changes while this one had none: they are shown here and sent from here.
  useEffect(() => {
    if (!autosave) return undefined;
    let seen = autosave.getState().takenOver;
    return autosave.subscribe((s) => {
      if (!s.takenOver || s.takenOver === seen) return;
      seen = s.takenOver;
      store.replace(s.takenOver.data, "unsent changes of a closed tab");
      store.notify(`Took over ${plural(s.takenOver.changes, "unsent change")} left by a tab that was closed; sending ${pluralWord(s.takenOver.changes, "it", "them")} now.`);
    });
  }, [autosave, store]);

  // Time on task: the wall time this page is in use (visible, input or playback within the idle
  // window), reported as intervals the server unions per task (lib/tasks/activity-tracker.ts).
  // Only the task's own annotator's open workspace counts (a read-only view reports nothing).
  useEffect(() => {
    if (payload.readOnly) return undefined;
    const reporter = startActivityReporter(payload.task.id, player);
    return () => reporter.stop();
  }, [payload.readOnly, payload.task.id, player]);

  // The playhead frame is remembered per task (throttled; read back on reload).
  useEffect(() => {
    let last = 0;
    let timer: number | null = null;
    const write = () => {
      timer = null;
      last = Date.now();
      const f = player.getState().frameIndex;
      if (f !== null) writeResumeState(payload.task.id, { frame: f });
    };
    const unsub = player.subscribe((s, prev) => {
      if (s.frameIndex === prev.frameIndex || timer !== null) return;
      timer = window.setTimeout(write, Math.max(0, 400 - (Date.now() - last)));
    });
    return () => {
      unsub();
      if (timer !== null) {
        window.clearTimeout(timer);
        write();
      }
    };
  }, [player, payload.task.id]);

  const onController = useCallback(
    (controller: FrameController | null, table: PtsTable | null) => {
      runtime.current.controller = controller;
      const t = table ? videoTimingOf(table) : null;
      runtime.current.timing = t;
      setTiming(t);
      if (controller && t && resume.frame !== null && resume.frame < t.frameCount) controller.seekToFrame(resume.frame);
    },
    [resume.frame],
  );

  const seekToFrame = useCallback((frame: number) => runtime.current.controller?.seekToFrame(frame), []);

  const panelPlayer = useMemo<WorkspacePlayer | null>(() => {
    if (!timing || !video) return null;
    return {
      currentFrame: () => {
        const s = player.getState();
        return s.pendingFrame ?? s.frameIndex;
      },
      frameTime: (frame) => frameTimeOfFrame(timing, Math.max(0, Math.min(timing.frameCount - 1, frame))),
      seekToFrame,
      frameCount: timing.frameCount,
      fps: video.fps,
      durationSec: timing.durationSec,
      frameThumbnailUrl: (frame) => `/api/videos/${video.id}/frames/${frame}`,
    };
  }, [timing, video, player, seekToFrame]);

  useWorkspaceKeys({ store, player, runtime, autosave, helpOpen, setHelpOpen, setRate, flushDrafts: heldDrafts.flushAll });

  // THE checks (lib/annotation/submit-rules.ts): the same list drives the timeline's red, the
  // panel, the selection editor and the submit bar, and the server refuses a submit with it.
  const checkContext = useMemo<SubmitContext>(() => ({ activities: payload.settings.activities, format: payload.item.format }), [payload.settings.activities, payload.item.format]);
  const checks = useMemo(() => documentChecks(state.doc, checkContext), [state.doc, checkContext]);
  const liveProblems = checks.problems;
  const issuesOf = useCallback((doc: Parameters<typeof entityProblems>[0]) => entityProblems(doc, checkContext), [checkContext]);
  const problems = useMemo(() => {
    const seen = new Set(liveProblems.map((p) => `${p.field}\u0000${p.message}`));
    return [...liveProblems, ...submitted422.filter((p) => !seen.has(`${p.field}\u0000${p.message}`))];
  }, [liveProblems, submitted422]);

  return (
    <HeldDraftsContext.Provider value={heldDrafts}>
    <div className="flex flex-col gap-3" data-testid="annotation-workspace" data-benchmark={state.doc.benchmark}>
      <WorkspaceHeader payload={payload} rate={rate} onHelp={() => setHelpOpen(true)} readOnly={state.readOnly} />
      {autosave && <SaveStatus autosave={autosave} held={heldDrafts} />}
      {state.notice && (
        <p role="status" className="rounded border border-amber-200 bg-amber-50 px-3 py-1.5 text-sm text-amber-900" data-testid="workspace-notice">
          {state.notice}
        </p>
      )}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(360px,2fr)]">
        <div className="flex min-w-0 flex-col gap-3">
          <PageVideoPlayer video={video} label="Task video; keyboard shortcuts work anywhere on the page (press ? for the list)" store={player} onController={onController} missing="This item has no playable video yet: times cannot be marked until it is ready." />
          {video && timing && (
            <EditTimeline
              store={store}
              player={player}
              timing={timing}
              fps={video.fps}
              cuts={sceneCuts}
              benchmark={state.doc.benchmark}
              seekToFrame={seekToFrame}
              initialView={resume.view}
              onViewChange={(view) => writeResumeState(payload.task.id, { view })}
              onReady={(t) => (runtime.current.timeline = t)}
              issuesOf={issuesOf}
            />
          )}
          <SelectionEditor store={store} state={state} seekToFrame={seekToFrame} checks={checks} />
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <FormPanel payload={payload} store={store} state={state} player={panelPlayer} problems={problems} sceneCuts={video ? sceneCuts : undefined} sceneCutsError={sceneCutsError} />
          {autosave && (
            <SubmitBar
              annotationId={payload.annotation.id}
              autosave={autosave}
              store={store}
              held={heldDrafts}
              readOnly={state.readOnly}
              problems={liveProblems}
              serverProblems={submitted422}
              onServerProblems={setSubmitted422}
            />
          )}
          {canReopen && payload.annotation.id && payload.annotation.status === "SUBMITTED" && <ReopenButton annotationId={payload.annotation.id} />}
          {payload.annotation.id && <HistoryPanel annotationId={payload.annotation.id} store={store} autosave={autosave} readOnly={state.readOnly} />}
        </div>
      </div>
      {autosave && <ConflictDialog autosave={autosave} store={store} />}
      {helpOpen && <HelpOverlay onClose={() => setHelpOpen(false)} benchmark={state.doc.benchmark} />}
    </div>
    </HeldDraftsContext.Provider>
  );
}
