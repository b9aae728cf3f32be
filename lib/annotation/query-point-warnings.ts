/**
 * Warnings of the VCBench query-point designer (PURE). They never block a save or a submit (the
 * blocking rules are lib/annotation/submit-rules.ts); they tell the annotator where a designed
 * point is likely to be a poor query (paper appendix A.3: stable frames, covering the video, near
 * count changes):
 *
 * - `near-mark`: a point within `nearSec` (1 s) of a mark (E1 moment, E2 start/end or split
 *   point, O2 first appearance): the answer flips on a frame or two of disagreement about t <= q.
 * - `near-cut`: a point within `nearSec` of a scene cut (detected per video, lib/video/scene-cuts.ts,
 *   passed in for every subtype): the frame is not stable. E1-Transit moments are the transitions
 *   themselves and warn as marks; a point already warned about a transition gets no second,
 *   near-cut warning (the detected cut is usually that transition).
 * - `count`: fewer than 3 or more than 8 points (exactly 1 for O1-Delta / O2-Gain).
 * - `coverage`: the points leave a large part of the video unqueried: the last point before 75 %
 *   of the video, or a gap (from the start, or between two points) longer than half the video.
 *   Not for O1-Delta / O2-Gain (one point, at the window end).
 * - `stored-mismatch`: the item's imported count at the same time disagrees with the answer the
 *   rule computes now (the scorer would use the computed one after submit).
 */
import { MAX_QUERY_POINTS, MIN_QUERY_POINTS, WINDOW_SUBTYPES } from "./submit-rules";
import type { VcbenchDocument } from "./document";
import { computeVcbenchAnswers } from "./vcbench-answers";
import { entryName } from "./entity-names";

export type QueryPointWarningKind = "near-mark" | "near-cut" | "count" | "coverage" | "stored-mismatch";

export type QueryPointWarning = {
  kind: QueryPointWarningKind;
  /** Document path ("queryPoints", "queryPoints[2]"). */
  field: string;
  /** The point the warning is about (null for warnings about the whole design). */
  queryPointId: string | null;
  message: string;
};

export type QueryPointWarningInput = {
  doc: VcbenchDocument;
  /** Length of the video (seconds, its own timeline); null when unknown (no coverage check). */
  durationSec: number | null;
  /** Scene cut times (seconds). */
  cuts?: readonly number[];
  /** The item's imported query points and counts (stored order), when the task shows them. */
  stored?: { times: readonly number[]; counts: readonly unknown[] } | null;
  /** How close is "near" (seconds). Default 1. */
  nearSec?: number;
  /** Two times closer than this are "the same time" when matching stored points. Default 0.0005 s. */
  sameTimeSec?: number;
};

type NamedTime = { sec: number; what: string };

const fmt = (s: number) => `${s.toFixed(2)} s`;

/** The times a point should not be near, named as the panel names them (lib/annotation/entity-names.ts). */
export function markTimesOf(doc: VcbenchDocument): NamedTime[] {
  const out: NamedTime[] = [];
  const name = (track: "moments" | "occurrences", i: number) => entryName(doc, track, i).toLowerCase();
  if (doc.subtype === "E1-Action" || doc.subtype === "E1-Transit") {
    doc.moments.forEach((m, i) => out.push({ sec: m.at.sec, what: name("moments", i) }));
  }
  if (doc.subtype === "E2-Episode" || doc.subtype === "E2-Periodic") {
    doc.occurrences.forEach((o, i) => {
      out.push({ sec: o.start.sec, what: `the start of ${name("occurrences", i)}` });
      if (o.end) out.push({ sec: o.end.sec, what: `the end of ${name("occurrences", i)}` });
      o.splits.forEach((s, j) => out.push({ sec: s.at.sec, what: `split point ${j + 1} of ${name("occurrences", i)}` }));
    });
  }
  if (doc.subtype === "O2-Unique" || doc.subtype === "O2-Gain") {
    doc.identities.forEach((x) => out.push({ sec: x.firstAppearance.sec, what: `the first appearance of ${x.key}` }));
  }
  return out;
}

export function queryPointWarnings(input: QueryPointWarningInput): QueryPointWarning[] {
  const { doc, durationSec } = input;
  const near = input.nearSec ?? 1;
  const same = input.sameTimeSec ?? 0.0005;
  const out: QueryPointWarning[] = [];
  const points = doc.queryPoints;
  const windowed = (WINDOW_SUBTYPES as readonly string[]).includes(doc.subtype);
  const n = points.length;

  if (windowed) {
    if (n !== 1) out.push({ kind: "count", field: "queryPoints", queryPointId: null, message: `${doc.subtype} has exactly 1 query point, at the window end (${n} placed)` });
  } else if (n < MIN_QUERY_POINTS) {
    out.push({ kind: "count", field: "queryPoints", queryPointId: null, message: `fewer than ${MIN_QUERY_POINTS} query points (${n} placed)` });
  } else if (n > MAX_QUERY_POINTS) {
    out.push({ kind: "count", field: "queryPoints", queryPointId: null, message: `more than ${MAX_QUERY_POINTS} query points (${n} placed)` });
  }

  const marks = markTimesOf(doc);
  const cuts = input.cuts ?? [];
  points.forEach((qp, i) => {
    const field = `queryPoints[${i}]`;
    const closestMark = closest(marks, qp.at.sec);
    if (closestMark && Math.abs(closestMark.sec - qp.at.sec) <= near) {
      out.push({ kind: "near-mark", field, queryPointId: qp.id, message: `within ${near} s of ${closestMark.what} (${fmt(closestMark.sec)}): move it to a stable moment` });
    }
    const nearTransition = doc.subtype === "E1-Transit" && closestMark !== null && Math.abs(closestMark.sec - qp.at.sec) <= near;
    const closestCut = closest(cuts.map((sec) => ({ sec, what: "a cut" })), qp.at.sec);
    if (closestCut && !nearTransition && Math.abs(closestCut.sec - qp.at.sec) <= near) {
      out.push({ kind: "near-cut", field, queryPointId: qp.id, message: `within ${near} s of a cut (${fmt(closestCut.sec)}): the frame is not stable` });
    }
  });

  if (!windowed && n > 0 && durationSec !== null && durationSec > 0) {
    const sorted = points.map((p) => p.at.sec).sort((a, b) => a - b);
    const last = sorted[sorted.length - 1];
    if (last < 0.75 * durationSec) {
      out.push({ kind: "coverage", field: "queryPoints", queryPointId: null, message: `the last query point is at ${fmt(last)}: the last ${fmt(durationSec - last)} of the ${fmt(durationSec)} video are not queried` });
    }
    let prev = 0;
    let prevName = "the start of the video";
    for (const t of sorted) {
      if (t - prev > 0.5 * durationSec) {
        out.push({ kind: "coverage", field: "queryPoints", queryPointId: null, message: `no query point between ${prevName} and ${fmt(t)} (${fmt(t - prev)}, more than half the video)` });
      }
      prev = t;
      prevName = fmt(t);
    }
  }

  const stored = input.stored;
  if (stored && stored.times.length > 0) {
    const answers = computeVcbenchAnswers(doc);
    answers.forEach((a, i) => {
      const k = stored.times.findIndex((t) => Math.abs(t - a.at.sec) <= same);
      if (k < 0) return;
      const storedCount = stored.counts[k];
      if (typeof storedCount !== "number" || a.answer === null || storedCount === a.answer) return;
      out.push({
        kind: "stored-mismatch",
        field: `queryPoints[${i}]`,
        queryPointId: a.queryPointId,
        message: `the imported count here is ${storedCount}, the ${a.source === "manual" ? "count entered" : "marks give"} ${a.answer}`,
      });
    });
  }
  return out;
}

function closest(list: readonly NamedTime[], sec: number): NamedTime | null {
  let best: NamedTime | null = null;
  for (const x of list) if (!best || Math.abs(x.sec - sec) < Math.abs(best.sec - sec)) best = x;
  return best;
}
