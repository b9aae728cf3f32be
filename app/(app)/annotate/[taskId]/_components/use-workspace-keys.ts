"use client";

import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from "react";
import type { AutosaveClient } from "@/lib/annotation/autosave-client";
import type { FrameTime } from "@/lib/annotation/document";
import { addMark, adjacentMarkFrame, deleteEntity, findEntity, nudgeEntity, setSpanEnd, setSpanStart, spanTrackOf } from "@/lib/annotation/document-ops";
import { frameAfterSeconds, frameTimeAtSec, frameTimeOfFrame } from "@/lib/annotation/video-timing";
import type { WorkspaceStore } from "@/lib/annotation/workspace-store";
import type { PlayerStore } from "@/lib/player/player-store";
import { comboOf, handleShortcutKey, workspaceShortcuts, type KeyLike, type WorkspaceControls } from "@/lib/player/shortcuts";
import { claimedByWidget, keptByFocusedControl } from "@/components/annotation-workspace/key-scope";
import { randomId } from "@/components/annotation-workspace/browser-autosave";
import type { WorkspaceRuntime } from "./workspace-types";

export const PLAYBACK_RATES = [0.25, 0.5, 1, 1.5, 2] as const;

type Args = {
  store: WorkspaceStore;
  player: PlayerStore;
  runtime: RefObject<WorkspaceRuntime>;
  autosave: AutosaveClient | null;
  helpOpen: boolean;
  setHelpOpen: Dispatch<SetStateAction<boolean>>;
  setRate: (rate: number) => void;
  /** Writes every text field's typed text into the document now (Ctrl+S saves it too). */
  flushDrafts?: () => void;
};

/**
 * The workspace's keyboard: ONE keydown listener on the window (capture phase, so video.js's own
 * controls never see the keys) running the registry lib/player/shortcuts.ts `workspaceShortcuts`.
 * Off while typing (registry rule), while the conflict dialog is open, for keys a focused widget
 * claims (aria-keyshortcuts), and Space / Enter are left to a focused button / checkbox outside the
 * player and timeline chrome (components/annotation-workspace/key-scope.ts). With the help open only "?" and Escape work.
 */
export function useWorkspaceKeys({ store, player, runtime, autosave, helpOpen, setHelpOpen, setRate, flushDrafts }: Args) {
  const helpRef = useRef(helpOpen);
  helpRef.current = helpOpen;

  useEffect(() => {
    const rt = () => runtime.current;
    const currentFrame = () => {
      const s = player.getState();
      return s.pendingFrame ?? s.frameIndex;
    };
    const timeAt = (frame: number): FrameTime | null => {
      const t = rt().timing;
      return t ? frameTimeOfFrame(t, Math.max(0, Math.min(t.frameCount - 1, frame))) : null;
    };
    /** EC-Bench evidence is at second precision: the frame shown at the nearest whole second. */
    const spanTime = (frame: number): FrameTime | null => {
      const t = rt().timing;
      if (!t) return null;
      if (store.getState().doc.benchmark !== "ECBENCH") return timeAt(frame);
      return frameTimeAtSec(t, Math.round(t.secOfFrame(frame)));
    };
    const needFrame = (what: string): number | null => {
      const f = currentFrame();
      if (f === null || !rt().timing) {
        store.notify(`${what}: the video is not ready yet`);
        return null;
      }
      return f;
    };

    const controls: WorkspaceControls = {
      stepFrames: (d) => rt().controller?.stepFrames(d),
      togglePlay: () => rt().controller?.togglePlay(),
      seekSeconds(delta) {
        const t = rt().timing;
        const f = currentFrame();
        if (!t || f === null) return;
        rt().controller?.seekToFrame(frameAfterSeconds(t, f, delta));
      },
      changeRate(direction) {
        const c = rt().controller;
        if (!c) return;
        const current = c.playbackRate();
        let i = PLAYBACK_RATES.findIndex((r) => Math.abs(r - current) < 1e-6);
        if (i < 0) i = PLAYBACK_RATES.indexOf(1);
        const next = PLAYBACK_RATES[Math.max(0, Math.min(PLAYBACK_RATES.length - 1, i + direction))];
        c.setPlaybackRate(next);
        setRate(next);
      },
      addMark() {
        const f = needFrame("Add mark");
        if (f === null) return;
        const at = timeAt(f)!;
        const id = randomId("m");
        let message: string | undefined;
        let made: string | null = null;
        store.edit("add mark", (doc) => {
          const r = addMark(doc, at, id, store.getState().selectedId);
          message = r.message;
          made = r.id;
          return r.doc;
        });
        if (made) store.select(made);
        else if (message) store.notify(message);
      },
      spanStart() {
        spanEdit("start");
      },
      spanEnd() {
        spanEdit("end");
      },
      adjacentMark(direction) {
        const f = currentFrame();
        if (f === null) return;
        const target = adjacentMarkFrame(store.getState().doc, f, direction);
        if (target === null) store.notify(direction > 0 ? "no mark after this frame" : "no mark before this frame");
        else rt().controller?.seekToFrame(target);
      },
      deleteSelected() {
        const id = store.getState().selectedId;
        if (!id) return;
        if (store.edit("delete", (doc) => deleteEntity(doc, id))) store.select(null);
      },
      nudgeSelected(delta) {
        const { selectedId, selectedPart } = store.getState();
        const t = rt().timing;
        if (!selectedId || !t) return;
        const ecSeconds = store.getState().doc.benchmark === "ECBENCH";
        const clock = {
          frameCount: t.frameCount,
          frameTime: (frame: number) => frameTimeOfFrame(t, frame),
        };
        // EC evidence moves by whole seconds (its precision), everything else by one frame.
        const step = ecSeconds ? Math.max(1, Math.round(1 / Math.max(1e-6, t.frameDurationSec(0)))) * delta : delta;
        let landed: number | null = null;
        store.edit(`nudge ${delta > 0 ? "+" : "-"}1 ${ecSeconds ? "s" : "frame"}`, (doc) => {
          let next = nudgeEntity(doc, selectedId, selectedPart, step, clock);
          const e = findEntity(next, selectedId);
          if (e) {
            const part = e.kind === "span" && selectedPart === "end" && e.end ? e.end : e.start;
            if (ecSeconds) {
              const snapped = frameTimeAtSec(t, Math.round(part.sec));
              if (snapped.frame !== part.frame) next = nudgeEntity(next, selectedId, selectedPart, snapped.frame - part.frame, clock);
              landed = snapped.frame;
            } else landed = part.frame;
          }
          return next;
        });
        if (landed !== null) rt().controller?.seekToFrame(landed);
      },
      toggleSpanEnd() {
        const { selectedId, selectedPart, doc } = store.getState();
        if (!selectedId || findEntity(doc, selectedId)?.kind !== "span") return;
        store.select(selectedId, selectedPart === "end" ? "start" : "end");
      },
      clearSelection() {
        if (helpRef.current) setHelpOpen(false);
        else store.select(null);
      },
      undo: () => void store.undo(),
      redo: () => void store.redo(),
      zoom: (d) => rt().timeline?.zoom(d),
      zoomToFit: () => rt().timeline?.zoomToFit(),
      saveNow: () => {
        flushDrafts?.();
        void autosave?.flush();
      },
      toggleHelp: () => setHelpOpen((o) => !o),
    };

    function spanEdit(part: "start" | "end") {
      const f = needFrame(part === "start" ? "Span start" : "Span end");
      if (f === null) return;
      const doc = store.getState().doc;
      if (!spanTrackOf(doc)) {
        store.notify("this task has no spans");
        return;
      }
      const at = spanTime(f)!;
      const id = randomId("s");
      let made: string | null = null;
      store.edit(part === "start" ? "span start" : "span end", (d) => {
        const r = part === "start" ? setSpanStart(d, at, id, store.getState().selectedId) : setSpanEnd(d, at, id, store.getState().selectedId);
        made = r.id;
        return r.doc;
      });
      if (made) store.select(made, part);
    }

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (document.querySelector("[data-modal-open='true']")) return;
      const combo = comboOf(e as KeyLike);
      if (helpRef.current && combo !== "Escape" && combo !== "Shift+?" && combo !== "?") return;
      if (keptByFocusedControl(e.target, combo)) return;
      if (claimedByWidget(e.target, combo)) return;
      if (handleShortcutKey(workspaceShortcuts, controls, e)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [store, player, runtime, autosave, setHelpOpen, setRate, flushDrafts]);
}
