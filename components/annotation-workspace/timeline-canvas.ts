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
import { documentTracks, moveEntity, orderIssues, shiftSpan, TRACK_TITLES, timelineEntities, type EntityPart, type TimelineEntity, type TrackId } from "@/lib/annotation/document-ops";
import type { AnnotationDocument, FrameTime } from "@/lib/annotation/document";
import type { WorkspaceStore } from "@/lib/annotation/workspace-store";
import type { PlayerStore } from "@/lib/player/player-store";
import { formatClock, tickStep } from "@/components/timeline/timeline-scale";
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
};

export type TimelineCanvas = {
  zoom(direction: 1 | -1, anchorSec?: number): void;
  zoomToFit(): void;
  getView(): TimelineView;
  setView(view: TimelineView): void;
  destroy(): void;
};

const AXIS_H = 22;
const ROW_H = 24;
const LABEL_W = 112;
const HIT_PX = 6;

const TRACK_COLOURS: Record<TrackId, string> = {
  moments: "#2563eb",
  occurrences: "#7c3aed",
  splits: "#a21caf",
  identities: "#0891b2",
  queryPoints: "#1d4ed8",
  window: "#64748b",
  evidence: "#059669",
};
const ISSUE = "#dc2626";
const SELECTED = "#f59e0b";

type Model = {
  doc: AnnotationDocument;
  tracks: TrackId[];
  entities: TimelineEntity[];
  issues: Map<string, string>;
  /** Per track: mark secs ascending and their entity indices; span entity indices. */
  marks: Map<TrackId, { secs: Float64Array; idx: Int32Array }>;
  spans: Map<TrackId, number[]>;
};

function buildModel(doc: AnnotationDocument): Model {
  const entities = timelineEntities(doc);
  const tracks = documentTracks(doc);
  const marks = new Map<TrackId, { secs: Float64Array; idx: Int32Array }>();
  const spans = new Map<TrackId, number[]>();
  for (const t of tracks) {
    const mi: number[] = [];
    const si: number[] = [];
    entities.forEach((e, i) => {
      if (e.track !== t) return;
      (e.kind === "mark" ? mi : si).push(i);
    });
    mi.sort((a, b) => entities[a].start.sec - entities[b].start.sec);
    marks.set(t, { secs: Float64Array.from(mi, (i) => entities[i].start.sec), idx: Int32Array.from(mi) });
    spans.set(t, si);
  }
  return { doc, tracks, entities, issues: orderIssues(doc), marks, spans };
}

type Drag =
  | { kind: "entity"; id: string; part: EntityPart | "body"; track: TrackId; originFrame: number; downX: number; frame: number; moved: boolean; entityFrame: number }
  | { kind: "pan"; downX: number; view: TimelineView; moved: boolean; downSec: number };

export function createTimelineCanvas(host: HTMLElement, opts: TimelineCanvasOptions): TimelineCanvas {
  const doc0 = opts.store.getState().doc;
  let model = buildModel(doc0);
  const min = minSpan(opts.fps, opts.durationSec);
  let view = clampView(opts.initialView ?? fullView(opts.durationSec), opts.durationSec, min);
  let width = Math.max(200, host.clientWidth);
  let drag: Drag | null = null;
  let raf: number | null = null;
  let destroyed = false;

  host.style.position = "relative";
  const canvas = document.createElement("canvas");
  canvas.setAttribute("data-testid", "edit-timeline-canvas");
  canvas.style.display = "block";
  canvas.style.touchAction = "none";
  const playhead = document.createElement("div");
  playhead.setAttribute("data-testid", "edit-timeline-playhead");
  playhead.style.cssText = "position:absolute;top:0;left:0;width:2px;background:#dc2626;pointer-events:none;will-change:transform;";
  host.append(canvas, playhead);

  const colourOf = (t: TrackId) => opts.colour ?? TRACK_COLOURS[t];
  const trackWidth = () => Math.max(1, width - LABEL_W);
  const height = () => AXIS_H + Math.max(1, model.tracks.length) * ROW_H + 2;
  const rowTop = (i: number) => AXIS_H + i * ROW_H;
  const frameSec = (frame: number) => opts.frameTime(frame).sec;

  const publish = () => {
    host.dataset.viewStart = view.start.toFixed(6);
    host.dataset.viewEnd = view.end.toFixed(6);
    host.dataset.entities = String(model.entities.length);
    host.dataset.labelWidth = String(LABEL_W);
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
    const tw = trackWidth();
    const X = (sec: number) => LABEL_W + xOfSec(sec, view, tw);
    const span = view.end - view.start;

    // rows
    ctx.font = "11px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    model.tracks.forEach((t, i) => {
      const y = rowTop(i);
      ctx.fillStyle = i % 2 ? "#f8fafc" : "#f1f5f9";
      ctx.fillRect(LABEL_W, y + 1, tw, ROW_H - 2);
      ctx.fillStyle = "#334155";
      ctx.fillText(`${opts.titlePrefix ?? ""}${TRACK_TITLES[t]}`, 6, y + ROW_H / 2);
    });
    if (!model.tracks.length) {
      ctx.fillStyle = "#64748b";
      ctx.fillText("Nothing of this task goes on the timeline: click to seek.", LABEL_W + 8, AXIS_H + ROW_H / 2);
    }

    // axis: frame ticks when single frames are wide enough, else clock ticks
    ctx.strokeStyle = "#cbd5e1";
    ctx.fillStyle = "#64748b";
    ctx.textAlign = "center";
    const pxPerFrame = tw / (span * (opts.fps || 30));
    if (pxPerFrame >= 6) {
      const first = Math.max(0, opts.frameAtSec(view.start));
      const last = Math.min(opts.frameCount - 1, opts.frameAtSec(view.end) + 1);
      const every = pxPerFrame >= 40 ? 1 : pxPerFrame >= 16 ? 5 : 10;
      for (let f = first; f <= last; f++) {
        const x = X(frameSec(f));
        if (x < LABEL_W || x > width) continue;
        ctx.beginPath();
        ctx.moveTo(x + 0.5, AXIS_H - (f % every === 0 ? 8 : 4));
        ctx.lineTo(x + 0.5, AXIS_H);
        ctx.stroke();
        if (f % every === 0) ctx.fillText(String(f), x, 7);
      }
    } else {
      const step = tickStep(span, tw, 80);
      for (let t = Math.ceil(view.start / step) * step; t <= view.end + 1e-9; t += step) {
        const x = X(t);
        ctx.beginPath();
        ctx.moveTo(x + 0.5, AXIS_H - 7);
        ctx.lineTo(x + 0.5, h);
        ctx.stroke();
        ctx.fillText(formatClock(t, step < 1), x, 7);
      }
    }
    ctx.textAlign = "start";

    const selected = opts.store.getState().selectedId;
    const selectedPart = opts.store.getState().selectedPart;
    const preview = dragPreview();
    // spans
    model.tracks.forEach((t, row) => {
      const y = rowTop(row);
      for (const i of model.spans.get(t) ?? []) {
        const e = preview && preview.id === model.entities[i].id ? preview.entity : model.entities[i];
        const s = e.start.sec;
        const en = e.end ? e.end.sec : s;
        if (Math.max(s, en) < view.start || Math.min(s, en) > view.end) continue;
        const x1 = X(Math.min(s, en));
        const x2 = Math.max(x1 + 2, X(Math.max(s, en)));
        const issue = model.issues.has(e.id);
        const isSel = e.id === selected;
        ctx.globalAlpha = 0.45;
        ctx.fillStyle = issue ? ISSUE : colourOf(t);
        ctx.fillRect(x1, y + 4, x2 - x1, ROW_H - 8);
        ctx.globalAlpha = 1;
        ctx.strokeStyle = isSel ? SELECTED : issue ? ISSUE : colourOf(t);
        ctx.lineWidth = isSel ? 2 : 1;
        if (issue) ctx.setLineDash([4, 3]);
        ctx.strokeRect(x1 + 0.5, y + 4.5, x2 - x1 - 1, ROW_H - 9);
        ctx.setLineDash([]);
        // edges (handles); an open span shows its start only
        ctx.fillStyle = isSel ? SELECTED : colourOf(t);
        ctx.fillRect(X(s) - 1.5, y + 2, 3, ROW_H - 4);
        if (e.end) ctx.fillRect(X(e.end.sec) - 1.5, y + 2, 3, ROW_H - 4);
        if (isSel && selectedPart) {
          const px = X(selectedPart === "end" && e.end ? e.end.sec : s);
          ctx.fillStyle = SELECTED;
          ctx.fillRect(px - 3, y + 1, 6, 4);
        }
      }
    });
    // marks (binary search for the visible range; one per pixel column)
    model.tracks.forEach((t, row) => {
      const m = model.marks.get(t);
      if (!m || !m.secs.length) return;
      const y = rowTop(row);
      const a = lowerBound(m.secs, view.start);
      const b = lowerBound(m.secs, view.end + 1e-9);
      let lastPx = -1;
      ctx.lineWidth = 2;
      for (let k = a; k < b; k++) {
        const e = model.entities[m.idx[k]];
        if (preview && preview.id === e.id) continue;
        const px = Math.round(X(m.secs[k]));
        const special = model.issues.has(e.id) || e.id === selected;
        if (px === lastPx && !special) continue;
        lastPx = px;
        drawMark(ctx, px, y, t, e, e.id === selected, model.issues.has(e.id), b - a < 200);
      }
      if (preview && preview.entity.track === t) drawMark(ctx, Math.round(X(preview.entity.start.sec)), y, t, preview.entity, true, false, true);
    });
  }

  function drawMark(ctx: CanvasRenderingContext2D, px: number, y: number, t: TrackId, e: TimelineEntity, sel: boolean, issue: boolean, withName: boolean) {
    ctx.strokeStyle = sel ? SELECTED : issue ? ISSUE : colourOf(t);
    ctx.beginPath();
    ctx.moveTo(px + 0.5, y + 3);
    ctx.lineTo(px + 0.5, y + ROW_H - 3);
    ctx.stroke();
    ctx.fillStyle = ctx.strokeStyle;
    ctx.beginPath();
    ctx.moveTo(px, y + 3);
    ctx.lineTo(px + 5, y + 8);
    ctx.lineTo(px, y + 13);
    ctx.lineTo(px - 5, y + 8);
    ctx.closePath();
    ctx.fill();
    if (withName) {
      ctx.fillStyle = issue ? ISSUE : "#1e293b";
      ctx.fillText(e.name, px + 7, y + ROW_H / 2 + 3);
    }
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
    if (s.doc !== prev.doc) model = buildModel(s.doc);
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
