/**
 * Painting of the editing timeline (browser only, no state): track rows, the axis (frame ticks
 * when single frames are wide enough, else clock ticks; scene cuts as thin grey ticks), spans and
 * marks. Entries are batched into
 * one path per track and style, and entries that land in the same pixel column as the previous one
 * are drawn once, so a zoomed-out view of a long video with thousands of entries costs a handful of
 * canvas calls per frame. Interaction and state live in timeline-canvas.ts.
 */
import { documentTracks, TRACK_TITLES, timelineEntities, type TimelineEntity, type TrackId } from "@/lib/annotation/document-ops";
import { entityProblems } from "@/lib/annotation/submit-rules";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { formatClock, tickStep } from "@/components/timeline/timeline-scale";
import { lowerBound, xOfSec, type TimelineView } from "./timeline-view";

export const AXIS_H = 22;
export const ROW_H = 24;
export const LABEL_W = 112;
export const HIT_PX = 6;
const NAME_COLOUR = "#1e293b";
/** Width of one character of a mark's name at 11 px (an upper estimate, to leave names apart). */
const NAME_CHAR_PX = 6.5;

export const TRACK_COLOURS: Record<TrackId, string> = {
  moments: "#2563eb",
  occurrences: "#7c3aed",
  splits: "#a21caf",
  identities: "#0891b2",
  queryPoints: "#1d4ed8",
  window: "#64748b",
  evidence: "#059669",
};
export const ISSUE = "#dc2626";
export const CUT_TICK = "#94a3b8";
export const SELECTED = "#f59e0b";

export type Model = {
  doc: AnnotationDocument;
  tracks: TrackId[];
  entities: TimelineEntity[];
  /** Entries with a problem (drawn red): the submit checks' own list (lib/annotation/submit-rules.ts). */
  issues: ReadonlyMap<string, string>;
  /** Per track: mark secs ascending and their entity indices; span entity indices. */
  marks: Map<TrackId, { secs: Float64Array; idx: Int32Array }>;
  spans: Map<TrackId, number[]>;
};

export function buildModel(doc: AnnotationDocument, issuesOf: (doc: AnnotationDocument) => ReadonlyMap<string, string> = entityProblems): Model {
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
  return { doc, tracks, entities, issues: issuesOf(doc), marks, spans };
}

export type PaintArgs = {
  model: Model;
  view: TimelineView;
  width: number;
  height: number;
  fps: number;
  frameCount: number;
  frameSec: (frame: number) => number;
  frameAtSec: (sec: number) => number;
  selected: string | null;
  selectedPart: "start" | "end" | null;
  /** The entity being dragged, drawn at its dragged position. */
  preview: { id: string; entity: TimelineEntity } | null;
  /** One colour for every track (the adjudication view: one per annotator); default per track. */
  colour?: string;
  /** Put before each track's title ("A · Moments"). */
  titlePrefix?: string;
  /** Scene cut times (sec, ascending), drawn as thin grey ticks on the axis. */
  cuts?: Float64Array;
};

/** What a paint drew that a test or a caller may want to know. */
export type PaintResult = {
  /** Text of the rightmost tick label drawn ("" when none). */
  lastTickLabel: string;
};

/**
 * `text` shortened with "…" until `measure(text)` fits in `maxWidth` (the whole text when it fits;
 * "" when not even "…" does). PURE.
 */
export function fitText(text: string, maxWidth: number, measure: (s: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  // The longest prefix p such that p + "…" fits (binary search: measure is monotone in the length).
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, mid).trimEnd()}…`) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  if (lo === 0) return measure("…") <= maxWidth ? "…" : "";
  return `${text.slice(0, lo).trimEnd()}…`;
}

/**
 * Where each tick label goes (PURE): centred on its tick, but moved inside [left, right] when it
 * would cross an edge (the last tick of the video sits on the right edge), and left out when it
 * would overlap the label before it. `ticks` ascending by x; returns the labels to draw with the
 * x of their centre.
 */
export function placeTickLabels(ticks: readonly { x: number; text: string }[], left: number, right: number, measure: (s: string) => number, gap = 4): { x: number; text: string }[] {
  const out: { x: number; text: string }[] = [];
  let freeFrom = -Infinity;
  for (const t of ticks) {
    const w = measure(t.text);
    if (w > right - left) continue;
    const x = Math.min(Math.max(t.x, left + w / 2), right - w / 2);
    if (x - w / 2 < freeFrom) continue;
    out.push({ x, text: t.text });
    freeFrom = x + w / 2 + gap;
  }
  return out;
}

/** Paints the whole timeline into `ctx` (already scaled to CSS pixels and cleared). */
export function paintTimeline(ctx: CanvasRenderingContext2D, args: PaintArgs): PaintResult {
  const { model, view, width, selected, selectedPart, preview, frameSec } = args;
  const h = args.height;
  const rowTop = (i: number) => AXIS_H + i * ROW_H;
  const opts = { fps: args.fps, frameCount: args.frameCount, frameAtSec: args.frameAtSec };
  const tw = Math.max(1, width - LABEL_W);
  const X = (sec: number) => LABEL_W + xOfSec(sec, view, tw);
  const span = view.end - view.start;
  const colourOf = (t: TrackId) => args.colour ?? TRACK_COLOURS[t];

  // rows
  ctx.font = "11px system-ui, sans-serif";
  ctx.textBaseline = "middle";
  model.tracks.forEach((t, i) => {
    const y = rowTop(i);
    ctx.fillStyle = i % 2 ? "#f8fafc" : "#f1f5f9";
    ctx.fillRect(LABEL_W, y + 1, tw, ROW_H - 2);
    ctx.fillStyle = "#334155";
    // The title stays in its column (the adjudication lanes prefix it: "A · First appearances"):
    // shortened with "…" rather than running into the marks drawn right of the column.
    ctx.fillText(fitText(`${args.titlePrefix ?? ""}${TRACK_TITLES[t]}`, LABEL_W - 12, (s) => ctx.measureText(s).width), 6, y + ROW_H / 2);
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
  const tickLabels: { x: number; text: string }[] = [];
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
      if (f % every === 0) tickLabels.push({ x, text: String(f) });
    }
  } else {
    const step = tickStep(span, tw, 80);
    for (let t = Math.ceil(view.start / step) * step; t <= view.end + 1e-9; t += step) {
      const x = X(t);
      ctx.beginPath();
      ctx.moveTo(x + 0.5, AXIS_H - 7);
      ctx.lineTo(x + 0.5, h);
      ctx.stroke();
      tickLabels.push({ x, text: formatClock(t, step < 1) });
    }
  }
  // Labels stay whole inside the track area, a few px clear of its edges (glyphs reach a little past their advance width).
  const placed = placeTickLabels(tickLabels, LABEL_W + 2, width - 4, (s) => ctx.measureText(s).width);
  for (const l of placed) ctx.fillText(l.text, l.x, 7);
  ctx.textAlign = "start";
  if (args.cuts?.length) paintCuts(ctx, args.cuts, view, X, width);

  // Spans and marks are batched: one path per track and style (fills, outlines, edge handles,
  // mark stems, mark heads), so a zoomed-out view of thousands of entries is a handful of canvas
  // calls, not several per entry. Entries narrower than a pixel that fall in the same pixel
  // column as the previous one are drawn once; selected entries and entries with an issue are
  // always drawn on their own, on top.
  const specialSpans: Array<{ e: TimelineEntity; y: number; t: TrackId }> = [];
  model.tracks.forEach((t, row) => {
    const y = rowTop(row);
    const colour = colourOf(t);
    const body = new Path2D();
    const edges = new Path2D();
    let any = false;
    let lastX1 = -1;
    let lastX2 = -1;
    for (const i of model.spans.get(t) ?? []) {
      const e = preview && preview.id === model.entities[i].id ? preview.entity : model.entities[i];
      const s = e.start.sec;
      const en = e.end ? e.end.sec : s;
      if (Math.max(s, en) < view.start || Math.min(s, en) > view.end) continue;
      if (e.id === selected || model.issues.has(e.id)) {
        specialSpans.push({ e, y, t });
        continue;
      }
      const x1 = Math.round(X(Math.min(s, en)));
      const x2 = Math.max(x1 + 2, Math.round(X(Math.max(s, en))));
      if (x1 === lastX1 && x2 <= lastX2) continue;
      lastX1 = x1;
      lastX2 = x2;
      any = true;
      body.rect(x1, y + 4, x2 - x1, ROW_H - 8);
      edges.rect(Math.round(X(s)) - 1.5, y + 2, 3, ROW_H - 4);
      if (e.end) edges.rect(Math.round(X(e.end.sec)) - 1.5, y + 2, 3, ROW_H - 4);
    }
    if (!any) return;
    ctx.globalAlpha = 0.45;
    ctx.fillStyle = colour;
    ctx.fill(body);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1;
    ctx.stroke(body);
    ctx.fillStyle = colour;
    ctx.fill(edges);
  });
  for (const { e, y, t } of specialSpans) drawSpan(ctx, e, y, colourOf(t), X, e.id === selected, model.issues.has(e.id), selectedPart);
  // marks (binary search for the visible range; one per pixel column)
  model.tracks.forEach((t, row) => {
    const m = model.marks.get(t);
    if (!m || !m.secs.length) return;
    const y = rowTop(row);
    const a = lowerBound(m.secs, view.start);
    const b = lowerBound(m.secs, view.end + 1e-9);
    const withNames = b - a < 200;
    const stems = new Path2D();
    const heads = new Path2D();
    const special: Array<{ px: number; e: TimelineEntity }> = [];
    let lastPx = -1;
    // A name is drawn only where it does not run into the previous one (text is the costly part of
    // a software-rendered canvas, and overlapping names are unreadable anyway).
    let nameFreeFrom = -Infinity;
    if (withNames) ctx.fillStyle = NAME_COLOUR;
    for (let k = a; k < b; k++) {
      const e = model.entities[m.idx[k]];
      if (preview && preview.id === e.id) continue;
      const px = Math.round(X(m.secs[k]));
      if (model.issues.has(e.id) || e.id === selected) {
        special.push({ px, e });
        continue;
      }
      if (px === lastPx) continue;
      lastPx = px;
      stems.moveTo(px + 0.5, y + 3);
      stems.lineTo(px + 0.5, y + ROW_H - 3);
      heads.moveTo(px, y + 3);
      heads.lineTo(px + 5, y + 8);
      heads.lineTo(px, y + 13);
      heads.lineTo(px - 5, y + 8);
      heads.closePath();
      if (withNames && px + 7 >= nameFreeFrom) {
        ctx.fillText(e.name, px + 7, y + ROW_H / 2 + 3);
        nameFreeFrom = px + 7 + e.name.length * NAME_CHAR_PX + 4;
      }
    }
    ctx.lineWidth = 2;
    ctx.strokeStyle = colourOf(t);
    ctx.stroke(stems);
    ctx.fillStyle = colourOf(t);
    ctx.fill(heads);
    for (const { px, e } of special) drawMark(ctx, px, y, colourOf(t), e, e.id === selected, model.issues.has(e.id), withNames);
    if (preview && preview.entity.track === t) drawMark(ctx, Math.round(X(preview.entity.start.sec)), y, colourOf(t), preview.entity, true, false, true);
  });
  return { lastTickLabel: placed.length ? placed[placed.length - 1].text : "" };
}

/** Scene cuts in view as one path of 1 px grey ticks across the axis, one per pixel column. */
export function paintCuts(ctx: CanvasRenderingContext2D, cuts: Float64Array, view: TimelineView, X: (sec: number) => number, width: number): void {
  const a = lowerBound(cuts, view.start);
  const b = lowerBound(cuts, view.end + 1e-9);
  const ticks = new Path2D();
  let lastPx = -1;
  for (let k = a; k < b; k++) {
    const px = Math.round(X(cuts[k]));
    if (px === lastPx || px < LABEL_W || px > width) continue;
    lastPx = px;
    ticks.moveTo(px + 0.5, 2);
    ticks.lineTo(px + 0.5, AXIS_H);
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = CUT_TICK;
  ctx.stroke(ticks);
}

function drawSpan(ctx: CanvasRenderingContext2D, e: TimelineEntity, y: number, colour: string, X: (sec: number) => number, isSel: boolean, issue: boolean, selectedPart: "start" | "end" | null) {
  const s = e.start.sec;
  const en = e.end ? e.end.sec : s;
  const x1 = X(Math.min(s, en));
  const x2 = Math.max(x1 + 2, X(Math.max(s, en)));
  ctx.globalAlpha = 0.45;
  ctx.fillStyle = issue ? ISSUE : colour;
  ctx.fillRect(x1, y + 4, x2 - x1, ROW_H - 8);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = isSel ? SELECTED : issue ? ISSUE : colour;
  ctx.lineWidth = isSel ? 2 : 1;
  if (issue) ctx.setLineDash([4, 3]);
  ctx.strokeRect(x1 + 0.5, y + 4.5, x2 - x1 - 1, ROW_H - 9);
  ctx.setLineDash([]);
  // edges (handles); an open span shows its start only
  ctx.fillStyle = isSel ? SELECTED : colour;
  ctx.fillRect(X(s) - 1.5, y + 2, 3, ROW_H - 4);
  if (e.end) ctx.fillRect(X(e.end.sec) - 1.5, y + 2, 3, ROW_H - 4);
  if (isSel && selectedPart) {
    const px = X(selectedPart === "end" && e.end ? e.end.sec : s);
    ctx.fillStyle = SELECTED;
    ctx.fillRect(px - 3, y + 1, 6, 4);
  }
}

function drawMark(ctx: CanvasRenderingContext2D, px: number, y: number, colour: string, e: TimelineEntity, sel: boolean, issue: boolean, withName: boolean) {
  ctx.strokeStyle = sel ? SELECTED : issue ? ISSUE : colour;
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
    ctx.fillStyle = issue ? ISSUE : NAME_COLOUR;
    ctx.fillText(e.name, px + 7, y + ROW_H / 2 + 3);
  }
}

