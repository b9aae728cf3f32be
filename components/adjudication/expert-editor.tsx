"use client";

import { useEffect, useMemo, useRef } from "react";
import { randomId } from "@/components/annotation-workspace/browser-autosave";
import { createTimelineCanvas, timelineTiming } from "@/components/annotation-workspace/timeline-canvas";
import { Button } from "@/components/ui/button";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { addMark, deleteEntity, markTrackOf } from "@/lib/annotation/document-ops";
import { frameTimeOfFrame, type VideoTiming } from "@/lib/annotation/video-timing";
import { createWorkspaceStore } from "@/lib/annotation/workspace-store";
import { inTimeOrder } from "@/lib/annotation/time-order";
import type { PlayerStore } from "@/lib/player/player-store";
import { RESULT_COLOUR } from "./annotator-colours";

type Props = {
  /** The document under expert review (annotation A). */
  original: AnnotationDocument;
  /** The reviewer's edited version so far (undefined: none, confirm as is). */
  document: AnnotationDocument | undefined;
  onChange: (doc: AnnotationDocument | undefined) => void;
  player: PlayerStore;
  timing: VideoTiming;
  fps: number;
  seekToFrame: (frame: number) => void;
};

/**
 * Expert review: the workspace's editing timeline (drag marks and span edges, snapped to frames)
 * on the reviewer's copy of the document, with add / delete / undo; "Back to the original" drops
 * the edits (then Resolve confirms the document as it is).
 */
export function ExpertEditor({ original, document, onChange, player, timing, fps, seekToFrame }: Props) {
  const initial = useRef(document);
  const store = useMemo(() => createWorkspaceStore(initial.current ?? original, { normalise: inTimeOrder }), [original]);
  const hostRef = useRef<HTMLDivElement>(null);
  const change = useRef(onChange);
  change.current = onChange;
  const seek = useRef(seekToFrame);
  seek.current = seekToFrame;

  useEffect(() => store.onChange((doc) => change.current(doc)), [store]);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const canvas = createTimelineCanvas(host, {
      store,
      player,
      ...timelineTiming(timing, fps),
      seekToFrame: (frame) => seek.current(frame),
      colour: RESULT_COLOUR,
      titlePrefix: "= ",
    });
    return () => canvas.destroy();
  }, [store, player, timing, fps]);

  const add = () => {
    const s = player.getState();
    const f = s.pendingFrame ?? s.frameIndex;
    if (f === null) return;
    const id = randomId("m");
    store.edit("add mark", (doc) => addMark(doc, frameTimeOfFrame(timing, f), id, store.getState().selectedId).doc);
  };
  const remove = () => {
    const id = store.getState().selectedId;
    if (id && store.edit("delete", (doc) => deleteEntity(doc, id))) store.select(null);
  };
  const reset = () => {
    store.replace(original, "back to the original", { history: "reset" });
    change.current(undefined);
  };

  return (
    <section aria-label="Your version" className="flex flex-col gap-1 rounded-md border border-slate-300 bg-white p-2" data-testid="expert-editor">
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
        <span className="font-medium">Your version {document ? "(edited)" : "(as annotated)"}</span>
        <span>drag marks and span edges · click a mark to select it</span>
        <span className="ml-auto flex gap-1">
          {markTrackOf(original) && (
            <Button size="sm" variant="secondary" onClick={add}>
              Add a mark here
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={remove}>
            Delete selected
          </Button>
          <Button size="sm" variant="ghost" onClick={() => store.undo()}>
            Undo
          </Button>
          <Button size="sm" variant="ghost" onClick={reset}>
            Back to the original
          </Button>
        </span>
      </div>
      <div ref={hostRef} className="w-full" />
    </section>
  );
}
