/**
 * The editing timeline, drawn on a canvas OUTSIDE React (browser only). It subscribes to the
 * workspace store (document, selection) and the player store (playhead) and redraws at most once
 * per animation frame; the playhead is a DOM line moved by a transform, so a playing video never
 * re-renders a component.
 *
 * Mouse: click a mark → select it and seek to exactly its frame; click empty track → seek to the
 * frame under the pointer; drag a mark or a span edge → move it, snapped to frames (one undo step
 * on release); drag a span's body → shift it; drag empty space → pan; wheel → zoom around the
 * pointer (Shift+wheel / horizontal wheel → pan).
 */
import { moveEntity, shiftSpan, type EntityPart, type TimelineEntity, type TrackId } from "@/lib/annotation/document-ops";
import type { AnnotationDocument, FrameTime } from "@/lib/annotation/document";
import { frameTimeOfFrame, type VideoTiming } from "@/lib/annotation/video-timing";
import type { WorkspaceStore } from "@/lib/annotation/workspace-store";
import type { PlayerStore } from "@/lib/player/player-store";
import { AXIS_H, buildModel, HIT_PX, LABEL_W, paintTimeline, ROW_H } from "./timeline-paint";
import { clampView, followView, fullView, lowerBound, minSpan, panView, secOfX, xOfSec, zoomView, type TimelineView } from "./timeline-view";

export type TimelineCanvasOptions = {
  store: WorkspaceStore;
  player: PlayerStore;
  durationSec: number;
  fps: number;
  frameCount: number;
  frameTime: (frame: number) => FrameTime;
  frameAtSec: (sec: number) => number;
  /** Rounds a dragged frame (EC-Bench evidence: the first frame of its whole second). */
  snapFrame?: (frame: number, track: TrackId) => number;
  seekToFrame: (frame: number) => void;
  initialView?: TimelineView | null;
  onViewChange?: (view: TimelineView) => void;
  /** One colour for every track (the adjudication view: one colour per annotator); default per track. */
  colour?: string;
  /** Put before each track's title ("A · Moments" in the adjudication view). */
  titlePrefix?: string;
  /** Scene cut times (sec), ticks on the axis; `setCuts` replaces them once detected. */
  cuts?: readonly number[];
  /** Entries with a problem, drawn red (default: lib/annotation/submit-rules.ts without a project context). */
  issuesOf?: (doc: AnnotationDocument) => ReadonlyMap<string, string>;
};

/** The video-timing part of the options (length, frame rate, frame ↔ time on the PTS table), for every timeline of a video. */
export function timelineTiming(timing: VideoTiming, fps: number): Pick<TimelineCanvasOptions, "durationSec" | "fps" | "frameCount" | "frameTime" | "frameAtSec"> {
  return {
    durationSec: timing.durationSec,
    fps,
    frameCount: timing.frameCount,
    frameTime: (frame) => frameTimeOfFrame(timing, Math.max(0, Math.min(timing.frameCount - 1, frame))),
    frameAtSec: (sec) => timing.frameAtSec(sec),
  };
}

export type TimelineCanvas = {
  zoom(direction: 1 | -1, anchorSec?: number): void;
  zoomToFit(): void;
  getView(): TimelineView;
  setView(view: TimelineView): void;
  /** Replaces the scene cut ticks (sec). */
  setCuts(cuts: readonly number[]): void;
  destroy(): void;
};

type Drag =
  | { kind: "entity"; id: string; part: EntityPart | "body"; track: TrackId; originFrame: number; downX: number; frame: number; moved: boolean; entityFrame: number }
  | { kind: "pan"; downX: number; view: TimelineView; moved: boolean; downSec: number };

export function createTimelineCanvas(host: HTMLElement, opts: TimelineCanvasOptions): TimelineCanvas {
  const doc0 = opts.store.getState().doc;
  let model = buildModel(doc0, opts.issuesOf);
  const min = minSpan(opts.fps, opts.durationSec);
  let view = clampView(opts.initialView ?? fullView(opts.durationSec), opts.durationSec, min);
  let width = Math.max(200, host.clientWidth);
  let drag: Drag | null = null;
  let raf: number | null = null;
  let destroyed = false;
  let cuts = Float64Array.from(opts.cuts ?? []).sort();

  host.style.position = "relative";
  const canvas = document.createElement("canvas");
  canvas.setAttribute("data-testid", "edit-timeline-canvas");
  canvas.style.display = "block";
  canvas.style.touchAction = "none";
  const playhead = document.createElement("div");
  playhead.setAttribute("data-testid", "edit-timeline-playhead");
  playhead.style.cssText = "position:absolute;top:0;left:0;width:2px;background:#dc2626;pointer-events:none;will-change:transform;";
  host.append(canvas, playhead);

  const trackWidth = () => Math.max(1, width - LABEL_W);
  const height = () => AXIS_H + Math.max(1, model.tracks.length) * ROW_H + 2;
  const rowTop = (i: number) => AXIS_H + i * ROW_H;
  const frameSec = (frame: number) => opts.frameTime(frame).sec;

  const publish = () => {
    host.dataset.viewStart = view.start.toFixed(6);
    host.dataset.viewEnd = view.end.toFixed(6);
    host.dataset.entities = String(model.entities.length);
    host.dataset.labelWidth = String(LABEL_W);
    host.dataset.cuts = String(cuts.length);
    host.dataset.issues = [...model.issues.keys()].join(" ");
  };

  const invalidate = () => {
    if (raf !== null || destroyed) return;
    raf = requestAnimationFrame(() => {
      raf = null;
      draw();
    });
  };

  const setView = (next: TimelineView, notify = true) => {
    const v = clampView(next, opts.durationSec, min);
    if (v.start === view.start && v.end === view.end) return;
    view = v;
    publish();
    invalidate();
    placePlayhead();
    if (notify) opts.onViewChange?.(view);
  };

  // ── drawing ──
  function draw() {
    const dpr = window.devicePixelRatio || 1;
    const h = height();
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(h * dpr);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${h}px`;
      playhead.style.height = `${h}px`;
    }
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, h);
    const st = opts.store.getState();
    const painted = paintTimeline(ctx, {
      model,
      view,
      width,
      height: h,
      fps: opts.fps,
      frameCount: opts.frameCount,
      frameSec,
      frameAtSec: opts.frameAtSec,
      selected: st.selectedId,
      selectedPart: st.selectedPart,
      preview: dragPreview(),
      colour: opts.colour,
      titlePrefix: opts.titlePrefix,
      cuts,
    });
    host.dataset.lastTickLabel = painted.lastTickLabel;
  }

  function dragPreview(): { id: string; entity: TimelineEntity } | null {
    const d = drag;
    if (!d || d.kind !== "entity" || !d.moved) return null;
    const e = model.entities.find((x) => x.id === d.id);
    if (!e) return null;
    if (d.part === "body") {
      const delta = d.frame - d.originFrame;
      const endFrame = e.end?.frame ?? e.start.frame;
      const dd = Math.max(-e.start.frame, Math.min(opts.frameCount - 1 - endFrame, delta));
      return { id: e.id, entity: { ...e, start: opts.frameTime(e.start.frame + dd), end: e.end ? opts.frameTime(e.end.frame + dd) : null } };
    }
    const at = opts.frameTime(d.frame);
    if (d.part === "end") return { id: e.id, entity: { ...e, end: at } };
    return { id: e.id, entity: { ...e, start: at } };
  }

  // ── playhead (DOM, no React) ──
  let lastFollow = 0;
  function placePlayhead() {
    const s = opts.player.getState();
    const frame = s.frameIndex;
    if (frame === null) {
      playhead.style.visibility = "hidden";
      return;
    }
    const sec = frameSec(frame);
    if (s.playing && (sec < view.start || sec > view.end)) {
      const now = performance.now();
      if (now - lastFollow > 100) {
        lastFollow = now;
        setView(followView(view, sec, opts.durationSec, min));
        return;
      }
    }
    const x = LABEL_W + xOfSec(sec, view, trackWidth());
    const visible = x >= LABEL_W - 1 && x <= width + 1;
    playhead.style.visibility = visible ? "visible" : "hidden";
    playhead.style.transform = `translateX(${(x - 1).toFixed(1)}px)`;
    playhead.dataset.frame = String(frame);
  }

  // ── hit testing ──
  function hit(x: number, y: number): { entity: TimelineEntity; part: EntityPart | "body" } | null {
    const row = Math.floor((y - AXIS_H) / ROW_H);
    if (row < 0 || row >= model.tracks.length || x < LABEL_W) return null;
    const t = model.tracks[row];
    const tw = trackWidth();
    const X = (sec: number) => LABEL_W + xOfSec(sec, view, tw);
    let best: { entity: TimelineEntity; part: EntityPart | "body"; d: number } | null = null;
    const m = model.marks.get(t);
    if (m && m.secs.length) {
      const from = lowerBound(m.secs, secOfX(x - LABEL_W - HIT_PX, view, tw));
      const to = lowerBound(m.secs, secOfX(x - LABEL_W + HIT_PX, view, tw) + 1e-9);
      for (let k = from; k < to; k++) {
        const d = Math.abs(X(m.secs[k]) - x);
        if (d <= HIT_PX && (!best || d < best.d)) best = { entity: model.entities[m.idx[k]], part: "at", d };
      }
    }
    for (const i of model.spans.get(t) ?? []) {
      const e = model.entities[i];
      const ds = Math.abs(X(e.start.sec) - x);
      if (ds <= HIT_PX && (!best || ds < best.d)) best = { entity: e, part: "start", d: ds };
      if (e.end) {
        const de = Math.abs(X(e.end.sec) - x);
        if (de <= HIT_PX && (!best || de < best.d)) best = { entity: e, part: "end", d: de };
      }
    }
    if (best) return { entity: best.entity, part: best.part };
    for (const i of model.spans.get(t) ?? []) {
      const e = model.entities[i];
      const a = Math.min(e.start.sec, e.end?.sec ?? e.start.sec);
      const b = Math.max(e.start.sec, e.end?.sec ?? e.start.sec);
      const s = secOfX(x - LABEL_W, view, tw);
      if (s >= a && s <= b) return { entity: e, part: "body" };
    }
    return null;
  }

  const localX = (ev: PointerEvent | WheelEvent | MouseEvent) => ev.clientX - canvas.getBoundingClientRect().left;
  const localY = (ev: PointerEvent | MouseEvent) => ev.clientY - canvas.getBoundingClientRect().top;
  const frameAtX = (x: number) => Math.max(0, Math.min(opts.frameCount - 1, opts.frameAtSec(Math.max(0, secOfX(x - LABEL_W, view, trackWidth())))));

  function onPointerDown(ev: PointerEvent) {
    if (ev.button !== 0) return;
    const x = localX(ev);
    const y = localY(ev);
    const h = hit(x, y);
    canvas.setPointerCapture?.(ev.pointerId);
    if (h) {
      const part = h.part === "body" ? null : h.part === "at" ? null : h.part;
      opts.store.select(h.entity.id, part);
      const entityFrame = h.part === "end" && h.entity.end ? h.entity.end.frame : h.entity.start.frame;
      const originFrame = h.part === "body" ? frameAtX(x) : entityFrame;
      drag = { kind: "entity", id: h.entity.id, part: h.part, track: h.entity.track, originFrame, downX: x, frame: originFrame, moved: false, entityFrame };
    } else {
      drag = { kind: "pan", downX: x, view, moved: false, downSec: secOfX(x - LABEL_W, view, trackWidth()) };
    }
    ev.preventDefault();
  }

  function onPointerMove(ev: PointerEvent) {
    const x = localX(ev);
    if (!drag) {
      const h = hit(x, localY(ev));
      canvas.style.cursor = !h ? (x >= LABEL_W ? "crosshair" : "default") : h.part === "start" || h.part === "end" ? "ew-resize" : h.part === "body" ? "grab" : "pointer";
      return;
    }
    if (Math.abs(x - drag.downX) > 3) drag.moved = true;
    if (!drag.moved) return;
    if (drag.kind === "pan") {
      const secPerPx = (drag.view.end - drag.view.start) / trackWidth();
      setView(panView(drag.view, -(x - drag.downX) * secPerPx, opts.durationSec, min));
      return;
    }
    if (opts.store.getState().readOnly) return;
    let f = frameAtX(x);
    if (drag.part !== "body" && opts.snapFrame) f = opts.snapFrame(f, drag.track);
    if (f !== drag.frame) {
      drag.frame = f;
      invalidate();
    }
  }

  function onPointerUp(ev: PointerEvent) {
    const d = drag;
    drag = null;
    canvas.releasePointerCapture?.(ev.pointerId);
    if (!d) return;
    if (d.kind === "pan") {
      if (!d.moved) opts.seekToFrame(frameAtX(d.downX));
      return;
    }
    if (!d.moved || d.frame === d.originFrame || opts.store.getState().readOnly) {
      invalidate();
      if (!d.moved) opts.seekToFrame(d.part === "body" ? d.originFrame : d.entityFrame);
      return;
    }
    const frame = d.frame;
    if (d.part === "body") {
      const delta = frame - d.originFrame;
      opts.store.edit("move span", (doc) => shiftSpan(doc, d.id, delta, { frameTime: opts.frameTime, frameCount: opts.frameCount }));
    } else {
      const part: EntityPart = d.part;
      opts.store.edit(part === "at" ? "move mark" : `move span ${part}`, (doc) => moveEntity(doc, d.id, part, opts.frameTime(frame)));
      opts.seekToFrame(frame);
    }
    invalidate();
  }

  function onWheel(ev: WheelEvent) {
    ev.preventDefault();
    const x = localX(ev);
    const tw = trackWidth();
    if (ev.shiftKey || Math.abs(ev.deltaX) > Math.abs(ev.deltaY)) {
      const delta = ev.shiftKey ? ev.deltaY : ev.deltaX;
      setView(panView(view, (delta / tw) * (view.end - view.start), opts.durationSec, min));
      return;
    }
    const factor = Math.exp(-ev.deltaY * 0.002);
    setView(zoomView(view, factor, secOfX(Math.max(0, x - LABEL_W), view, tw), opts.durationSec, min));
  }

  canvas.addEventListener("pointerdown", onPointerDown);
  canvas.addEventListener("pointermove", onPointerMove);
  canvas.addEventListener("pointerup", onPointerUp);
  canvas.addEventListener("pointercancel", () => {
    drag = null;
    invalidate();
  });
  canvas.addEventListener("wheel", onWheel, { passive: false });

  const unsubStore = opts.store.subscribe((s, prev) => {
    if (s.doc !== prev.doc) model = buildModel(s.doc, opts.issuesOf);
    if (s.doc !== prev.doc || s.selectedId !== prev.selectedId || s.selectedPart !== prev.selectedPart) {
      publish();
      invalidate();
    }
  });
  const unsubPlayer = opts.player.subscribe((s, prev) => {
    if (s.frameIndex !== prev.frameIndex || s.playing !== prev.playing) placePlayhead();
  });
  const ro = new ResizeObserver(() => {
    const w = Math.max(200, host.clientWidth);
    if (w !== width) {
      width = w;
      invalidate();
      placePlayhead();
    }
  });
  ro.observe(host);
  publish();
  draw();
  placePlayhead();

  const currentAnchor = () => {
    const f = opts.player.getState().frameIndex;
    return f === null ? (view.start + view.end) / 2 : frameSec(f);
  };
  return {
    zoom(direction, anchorSec) {
      setView(zoomView(view, direction > 0 ? 2 : 0.5, anchorSec ?? currentAnchor(), opts.durationSec, min));
    },
    zoomToFit() {
      setView(fullView(opts.durationSec));
    },
    getView: () => view,
    setView: (v) => setView(v),
    setCuts(next) {
      cuts = Float64Array.from(next).sort();
      host.dataset.cuts = String(cuts.length);
    host.dataset.issues = [...model.issues.keys()].join(" ");
      invalidate();
    },
    destroy() {
      destroyed = true;
      if (raf !== null) cancelAnimationFrame(raf);
      unsubStore();
      unsubPlayer();
      ro.disconnect();
      canvas.remove();
      playhead.remove();
    },
  };
}
