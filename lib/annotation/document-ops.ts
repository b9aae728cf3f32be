/**
 * Pure edits of an annotation document for the workspace's timeline and keys (PURE: no DOM, no
 * React). Every function returns a NEW document (the input is never mutated) or the same object
 * when nothing changes, so the undo store can tell a no-op from an edit.
 *
 * What is on the timeline, per benchmark:
 * - VCBench: `moments` (E1 marks), `occurrences` (E2 spans) with their `splits` (marks inside a
 *   cycle), `identities` (first appearances, as marks), `queryPoints` (marks), the question's
 *   `window` (a span with the fixed id {@link WINDOW_ID}).
 * - EC-Bench: `evidence` (spans).
 * Other benchmarks have nothing on the timeline.
 *
 * Order: the workspace store keeps every list in time order (lib/annotation/time-order.ts), so an
 * entry added or moved lands where it belongs; what is wrong with an entry (an open span, one
 * outside its cycle, ...) comes from the one set of checks, lib/annotation/submit-rules.ts.
 * Names are the panel's (lib/annotation/entity-names.ts): "Occurrence 3", "Cycle 2", "Query point 1".
 */
import type { AnnotationDocument, FrameTime, Mark, Occurrence, Span } from "./document";
import { entryName } from "./entity-names";

export const WINDOW_ID = "window";

/** Which end of an entity an edit is about: a mark's `at`, a span's `start` or `end`. */
export type EntityPart = "at" | "start" | "end";

export type TrackId = "moments" | "occurrences" | "splits" | "identities" | "queryPoints" | "window" | "evidence";

export const TRACK_TITLES: Record<TrackId, string> = {
  moments: "Moments",
  occurrences: "Occurrences",
  splits: "Split points",
  identities: "First appearances",
  queryPoints: "Query points",
  window: "Window",
  evidence: "Evidence",
};

/** One thing drawn on the timeline. */
export type TimelineEntity = {
  id: string;
  track: TrackId;
  kind: "mark" | "span";
  /** Mark: its time; span: its start. */
  start: FrameTime;
  /** Span end (null while open); always null for marks. */
  end: FrameTime | null;
  /** Display name as the panel says it ("Occurrence 3", "Query point 2", "Clip 1"; an individual's id). */
  name: string;
  label: string;
  /** Occurrence id of a split point. */
  parentId?: string;
  /** Position in its list (0-based, time order). */
  index: number;
};

/** Frame → {frame, sec} of the task's video, and the number of frames (for clamping). */
export type FrameClock = { frameTime: (frame: number) => FrameTime; frameCount: number };

// ───────────────────────────── reading ─────────────────────────────

export function timelineEntities(doc: AnnotationDocument): TimelineEntity[] {
  const out: TimelineEntity[] = [];
  if (doc.benchmark === "VCBENCH") {
    doc.moments.forEach((m, i) => out.push({ id: m.id, track: "moments", kind: "mark", start: m.at, end: null, name: entryName(doc, "moments", i), label: m.label, index: i }));
    doc.occurrences.forEach((o, i) => {
      out.push({ id: o.id, track: "occurrences", kind: "span", start: o.start, end: o.end, name: entryName(doc, "occurrences", i), label: o.label, index: i });
      o.splits.forEach((s, j) =>
        out.push({ id: s.id, track: "splits", kind: "mark", start: s.at, end: null, name: `${entryName(doc, "splits", j)} of ${entryName(doc, "occurrences", i).toLowerCase()}`, label: s.label, parentId: o.id, index: j }),
      );
    });
    doc.identities.forEach((d, i) => out.push({ id: d.id, track: "identities", kind: "mark", start: d.firstAppearance, end: null, name: d.key, label: d.note, index: i }));
    doc.queryPoints.forEach((q, i) => out.push({ id: q.id, track: "queryPoints", kind: "mark", start: q.at, end: null, name: entryName(doc, "queryPoints", i), label: q.count === null ? "" : `count ${q.count}`, index: i }));
    if (doc.window) out.push({ id: WINDOW_ID, track: "window", kind: "span", start: doc.window.start, end: doc.window.end, name: "Window", label: "", index: 0 });
  } else if (doc.benchmark === "ECBENCH") {
    doc.evidence.forEach((s, i) => out.push({ id: s.id, track: "evidence", kind: "span", start: s.start, end: s.end, name: entryName(doc, "evidence", i), label: s.label, index: i }));
  }
  return out;
}

export function findEntity(doc: AnnotationDocument, id: string): TimelineEntity | undefined {
  return timelineEntities(doc).find((e) => e.id === id);
}

/** The tracks a document shows (even when empty), in drawing order. */
export function documentTracks(doc: AnnotationDocument): TrackId[] {
  if (doc.benchmark === "ECBENCH") return ["evidence"];
  if (doc.benchmark !== "VCBENCH") return [];
  const t: TrackId[] = [];
  if (doc.window || doc.subtype === "O1-Delta" || doc.subtype === "O2-Gain") t.push("window");
  if (doc.subtype.startsWith("E1")) t.push("moments");
  if (doc.subtype.startsWith("E2")) t.push("occurrences");
  if (doc.subtype === "E2-Periodic") t.push("splits");
  if (doc.subtype.startsWith("O2")) t.push("identities");
  t.push("queryPoints");
  // Lists the subtype does not use but the document holds (imported, or another subtype before) stay visible.
  for (const e of timelineEntities(doc)) if (!t.includes(e.track)) t.push(e.track);
  return t;
}

/** Every frame something starts or ends at, sorted, unique (for next / previous mark). */
export function markFrames(doc: AnnotationDocument): number[] {
  const set = new Set<number>();
  for (const e of timelineEntities(doc)) {
    set.add(e.start.frame);
    if (e.end) set.add(e.end.frame);
  }
  return [...set].sort((a, b) => a - b);
}

/** The first mark frame after `frame` (direction 1) or before it (-1), or null. */
export function adjacentMarkFrame(doc: AnnotationDocument, frame: number, direction: 1 | -1): number | null {
  const frames = markFrames(doc);
  if (direction > 0) {
    for (const f of frames) if (f > frame) return f;
    return null;
  }
  for (let i = frames.length - 1; i >= 0; i--) if (frames[i] < frame) return frames[i];
  return null;
}

// ───────────────────────────── writing ─────────────────────────────

/** The list a new mark goes to for this document (null: the benchmark has no marks). */
export function markTrackOf(doc: AnnotationDocument): TrackId | null {
  if (doc.benchmark !== "VCBENCH") return null;
  if (doc.subtype.startsWith("E1")) return "moments";
  if (doc.subtype === "E2-Periodic") return "splits";
  if (doc.subtype.startsWith("O2")) return "identities";
  return "queryPoints";
}

/** The list spans go to (null: none). */
export function spanTrackOf(doc: AnnotationDocument): "occurrences" | "evidence" | null {
  if (doc.benchmark === "ECBENCH") return "evidence";
  if (doc.benchmark === "VCBENCH" && doc.subtype.startsWith("E2")) return "occurrences";
  return null;
}

export type AddResult = { doc: AnnotationDocument; id: string | null; message?: string };

/**
 * Adds a mark at `at` to the document's mark list ({@link markTrackOf}); `id` is the new mark's id
 * (generated by the caller). E2-Periodic: a split point inside the occurrence that contains the
 * frame (the selected one first); O2: a new identity "#n" first appearing there.
 */
export function addMark(doc: AnnotationDocument, at: FrameTime, id: string, selectedId: string | null = null): AddResult {
  const track = markTrackOf(doc);
  if (doc.benchmark !== "VCBENCH" || !track) return { doc, id: null, message: "this task has no marks" };
  const mark: Mark = { id, at, label: "", comment: "" };
  switch (track) {
    case "moments":
      return { doc: { ...doc, moments: [...doc.moments, mark] }, id };
    case "queryPoints":
      return { doc: { ...doc, queryPoints: [...doc.queryPoints, { id, at, count: null }] }, id };
    case "identities": {
      const used = new Set(doc.identities.map((d) => d.key));
      let n = doc.identities.length + 1;
      while (used.has(`#${n}`)) n++;
      return { doc: { ...doc, identities: [...doc.identities, { id, key: `#${n}`, note: "", firstAppearance: at }] }, id };
    }
    case "splits": {
      const contains = (o: Occurrence) => at.frame >= o.start.frame && (o.end === null || at.frame <= o.end.frame);
      const selected = doc.occurrences.find((o) => o.id === selectedId || o.splits.some((s) => s.id === selectedId));
      const target = selected && contains(selected) ? selected : doc.occurrences.find(contains);
      if (!target) return { doc, id: null, message: "a split point goes inside an occurrence: place the playhead inside one" };
      return { doc: { ...doc, occurrences: doc.occurrences.map((o) => (o === target ? { ...o, splits: [...o.splits, mark] } : o)) }, id };
    }
    default:
      return { doc, id: null };
  }
}

/** Adds a query point (VCBench) whatever the subtype's mark list is. */
export function addQueryPoint(doc: AnnotationDocument, at: FrameTime, id: string): AddResult {
  if (doc.benchmark !== "VCBENCH") return { doc, id: null, message: "this task has no query points" };
  return { doc: { ...doc, queryPoints: [...doc.queryPoints, { id, at, count: null }] }, id };
}

/**
 * "Span start" key: sets the start of the selected span, or of the last span still open; otherwise
 * opens a new span at `at` (end not set yet) with id `newId`.
 */
export function setSpanStart(doc: AnnotationDocument, at: FrameTime, newId: string, selectedId: string | null): AddResult {
  const list = spanList(doc);
  if (!list) return { doc, id: null, message: "this task has no spans" };
  const selected = selectedId ? list.find((s) => s.id === selectedId) : undefined;
  if (selected) return { doc: replaceSpan(doc, selected.id, { ...selected, start: at }), id: selected.id };
  return { doc: withSpanList(doc, [...list, newSpan(doc, newId, at, null)]), id: newId };
}

/**
 * "Span end" key: sets the end of the selected span, else of the last open span; with no span
 * open, a new span ending at `at` and starting at the same frame (the annotator then sets its start).
 */
export function setSpanEnd(doc: AnnotationDocument, at: FrameTime, newId: string, selectedId: string | null): AddResult {
  const list = spanList(doc);
  if (!list) return { doc, id: null, message: "this task has no spans" };
  const target = (selectedId ? list.find((s) => s.id === selectedId) : undefined) ?? [...list].reverse().find((s) => s.end === null);
  if (target) return { doc: replaceSpan(doc, target.id, { ...target, end: at }), id: target.id };
  return { doc: withSpanList(doc, [...list, newSpan(doc, newId, at, at)]), id: newId };
}

/** Moves one end of an entity to `at` (drag on the timeline). Unknown id / part: unchanged. */
export function moveEntity(doc: AnnotationDocument, id: string, part: EntityPart, at: FrameTime): AnnotationDocument {
  const e = findEntity(doc, id);
  if (!e) return doc;
  const current = part === "end" ? e.end : e.start;
  if (current && current.frame === at.frame && current.sec === at.sec) return doc;
  if (e.kind === "mark") return part === "at" || part === "start" ? setMarkTime(doc, e, at) : doc;
  if (part === "at") return doc;
  if (e.track === "window" && doc.benchmark === "VCBENCH" && doc.window) {
    return { ...doc, window: { ...doc.window, [part]: at } };
  }
  const list = spanList(doc);
  const span = list?.find((s) => s.id === id);
  if (!span) return doc;
  return replaceSpan(doc, id, { ...span, [part]: at });
}

/** Moves a whole span by `deltaFrames` (body drag), keeping its length in frames; clamped to the video. */
export function shiftSpan(doc: AnnotationDocument, id: string, deltaFrames: number, clock: FrameClock): AnnotationDocument {
  const e = findEntity(doc, id);
  if (!e || e.kind !== "span" || deltaFrames === 0) return doc;
  const last = clock.frameCount - 1;
  const endFrame = e.end?.frame ?? e.start.frame;
  const d = Math.max(-e.start.frame, Math.min(last - endFrame, deltaFrames));
  if (d === 0) return doc;
  let next = moveEntity(doc, id, "start", clock.frameTime(e.start.frame + d));
  if (e.end) next = moveEntity(next, id, "end", clock.frameTime(e.end.frame + d));
  return next;
}

/** Nudges the selected part by ±n frames (clamped to the video). A span without a part nudges its start. */
export function nudgeEntity(doc: AnnotationDocument, id: string, part: EntityPart | null, delta: number, clock: FrameClock): AnnotationDocument {
  const e = findEntity(doc, id);
  if (!e) return doc;
  const p: EntityPart = e.kind === "mark" ? "at" : part === "end" && e.end ? "end" : "start";
  const from = p === "end" ? e.end!.frame : e.start.frame;
  const to = Math.max(0, Math.min(clock.frameCount - 1, from + delta));
  if (to === from) return doc;
  return moveEntity(doc, id, p, clock.frameTime(to));
}

/** Deletes a mark, span, split point, identity, query point or the window. */
export function deleteEntity(doc: AnnotationDocument, id: string): AnnotationDocument {
  if (doc.benchmark === "ECBENCH") {
    const evidence = doc.evidence.filter((s) => s.id !== id);
    return evidence.length === doc.evidence.length ? doc : { ...doc, evidence };
  }
  if (doc.benchmark !== "VCBENCH") return doc;
  if (id === WINDOW_ID) return doc.window ? { ...doc, window: null } : doc;
  const moments = doc.moments.filter((m) => m.id !== id);
  if (moments.length !== doc.moments.length) return { ...doc, moments };
  const queryPoints = doc.queryPoints.filter((q) => q.id !== id);
  if (queryPoints.length !== doc.queryPoints.length) return { ...doc, queryPoints };
  const identities = doc.identities.filter((d) => d.id !== id);
  if (identities.length !== doc.identities.length) return { ...doc, identities };
  const occurrences = doc.occurrences.filter((o) => o.id !== id);
  if (occurrences.length !== doc.occurrences.length) return { ...doc, occurrences };
  const parent = doc.occurrences.find((o) => o.splits.some((s) => s.id === id));
  if (!parent) return doc;
  return { ...doc, occurrences: doc.occurrences.map((o) => (o === parent ? { ...o, splits: o.splits.filter((s) => s.id !== id) } : o)) };
}

/** Sets the label of a mark / span (an identity's key; query points and the window have none). */
export function setEntityLabel(doc: AnnotationDocument, id: string, label: string): AnnotationDocument {
  return setText(doc, id, "label", label);
}

/** Sets the comment of a mark / span (an identity's note). */
export function setEntityComment(doc: AnnotationDocument, id: string, comment: string): AnnotationDocument {
  return setText(doc, id, "comment", comment);
}

// ───────────────────────────── helpers ─────────────────────────────

function setText(doc: AnnotationDocument, id: string, field: "label" | "comment", value: string): AnnotationDocument {
  const e = findEntity(doc, id);
  if (!e || doc.benchmark === "TOCBENCH" || doc.benchmark === "VSTAT" || doc.benchmark === "VSAS") return doc;
  if (doc.benchmark === "ECBENCH") {
    return { ...doc, evidence: doc.evidence.map((s) => (s.id === id && s[field] !== value ? { ...s, [field]: value } : s)) };
  }
  switch (e.track) {
    case "moments":
      return { ...doc, moments: doc.moments.map((m) => (m.id === id ? { ...m, [field]: value } : m)) };
    case "occurrences":
      return { ...doc, occurrences: doc.occurrences.map((o) => (o.id === id ? { ...o, [field]: value } : o)) };
    case "splits":
      return { ...doc, occurrences: doc.occurrences.map((o) => (o.id === e.parentId ? { ...o, splits: o.splits.map((s) => (s.id === id ? { ...s, [field]: value } : s)) } : o)) };
    case "identities": {
      if (field === "label" && !value.trim()) return doc; // an identity's key must not be empty
      return { ...doc, identities: doc.identities.map((d) => (d.id === id ? (field === "label" ? { ...d, key: value.trim() } : { ...d, note: value }) : d)) };
    }
    default:
      return doc;
  }
}

function setMarkTime(doc: AnnotationDocument, e: TimelineEntity, at: FrameTime): AnnotationDocument {
  if (doc.benchmark !== "VCBENCH") return doc;
  switch (e.track) {
    case "moments":
      return { ...doc, moments: doc.moments.map((m) => (m.id === e.id ? { ...m, at } : m)) };
    case "queryPoints":
      return { ...doc, queryPoints: doc.queryPoints.map((q) => (q.id === e.id ? { ...q, at } : q)) };
    case "identities":
      return { ...doc, identities: doc.identities.map((d) => (d.id === e.id ? { ...d, firstAppearance: at } : d)) };
    case "splits":
      return { ...doc, occurrences: doc.occurrences.map((o) => (o.id === e.parentId ? { ...o, splits: o.splits.map((s) => (s.id === e.id ? { ...s, at } : s)) } : o)) };
    default:
      return doc;
  }
}

function newSpan(doc: AnnotationDocument, id: string, start: FrameTime, end: FrameTime | null): Span {
  const span: Span = { id, start, end, label: "", comment: "" };
  // Occurrences carry split points.
  return doc.benchmark === "VCBENCH" ? ({ ...span, splits: [] } as Occurrence) : span;
}

function spanList(doc: AnnotationDocument): Span[] | null {
  const track = spanTrackOf(doc);
  if (track === "evidence" && doc.benchmark === "ECBENCH") return doc.evidence;
  if (track === "occurrences" && doc.benchmark === "VCBENCH") return doc.occurrences;
  return null;
}

function withSpanList(doc: AnnotationDocument, list: Span[]): AnnotationDocument {
  if (doc.benchmark === "ECBENCH") return { ...doc, evidence: list };
  if (doc.benchmark === "VCBENCH") return { ...doc, occurrences: list as Occurrence[] };
  return doc;
}

function replaceSpan(doc: AnnotationDocument, id: string, span: Span): AnnotationDocument {
  const list = spanList(doc);
  if (!list) return doc;
  return withSpanList(
    doc,
    list.map((s) => (s.id === id ? span : s)),
  );
}
