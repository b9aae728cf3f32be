/**
 * A submitted annotation as the item's truth, in each benchmark's native shape (PURE). The result
 * is the item as it should be stored next (lib/annotation/submit-annotation.ts writes it with
 * provenance); exports then carry it in the native files:
 *
 * - VCBench: query points from the designed points (times = their `sec`), counts computed with the
 *   scorer's ground-truth rule (lib/annotation/vcbench-answers.ts); `occurrence_times` from the
 *   marks (E1 moments, O2-Unique first appearances; E2 `{start, end}`; the window for O1-Delta and
 *   O2-Gain), sorted by time; O2-Gain first appearances, O1-Delta window counts and E2-Periodic
 *   split points as native extras (`first_appearances`, `window_counts`, `cycle_splits`).
 * - EC-Bench: the answer; evidence spans at whole seconds; an invalid question removes the item
 *   with its reason.
 * - TOC-Bench / VSTAT: keep = unchanged; revise = the revised question / options / answer (the
 *   original stays in the item's revision history); remove = item REMOVED with the reason (and
 *   note). VSTAT taxonomy labels replace the item's (a label equal but for case keeps its spelling).
 * - VSAS: the reviewed captions as `{t, text}` per second.
 */
import type { LabelValue, NormalisedItem, NormalisedSpan } from "@/lib/benchmarks/types";
import { formatTimestamp } from "@/lib/metrics/parse-time";
import { TOC_REMOVAL_REASON_LABELS, type AnnotationDocument, type VcbenchDocument } from "./document";
import { computeVcbenchAnswers } from "./vcbench-answers";

export type TruthUpdate = {
  next: NormalisedItem;
  status: "ACTIVE" | "REMOVED";
  removalReason: string | null;
  /** Frame of each next query point (VCBench designed points), in order; null = keep stored frames. */
  queryFrames: number[] | null;
  /** Frames of each next truth span (EC-Bench evidence), in order; null = keep. */
  spanFrames: [number, number][] | null;
};

export type StoredState = { item: NormalisedItem; status: "ACTIVE" | "REMOVED"; removalReason: string | null };

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export function truthFromDocument(doc: AnnotationDocument, stored: StoredState): TruthUpdate {
  const item = stored.item;
  const same: TruthUpdate = { next: item, status: stored.status, removalReason: stored.removalReason, queryFrames: null, spanFrames: null };
  switch (doc.benchmark) {
    case "VCBENCH":
      return vcbenchTruth(doc, stored);
    case "ECBENCH": {
      if (doc.feasible === false) return { ...same, status: "REMOVED", removalReason: `Invalid question: ${doc.invalidReason.trim()}` };
      const evidence = doc.evidence.filter((s) => s.end);
      const spans: NormalisedSpan[] = evidence.map((s) => ({ startSec: Math.floor(s.start.sec + 1e-6), endSec: Math.max(Math.floor(s.start.sec + 1e-6), Math.round(s.end!.sec)) }));
      const order = spans.map((_, i) => i).sort((a, b) => spans[a].startSec - spans[b].startSec || spans[a].endSec - spans[b].endSec);
      const sorted = order.map((i) => spans[i]);
      // The native `clips` cell as the export writes it for these spans (a re-import reads back the same source).
      const clips = sorted.map((s) => `[${formatTimestamp(s.startSec)},${formatTimestamp(s.endSec)}]`).join(", ");
      return {
        next: { ...item, truth: { answer: doc.answer.trim(), source: { ...item.truth.source, clips } }, truthSpans: sorted },
        status: "ACTIVE",
        removalReason: null,
        queryFrames: null,
        spanFrames: order.map((i) => [evidence[i].start.frame, evidence[i].end!.frame]),
      };
    }
    case "TOCBENCH":
    case "VSTAT": {
      let next = item;
      if (doc.benchmark === "VSTAT") next = { ...next, labels: vstatLabels(item.labels, doc.stateElement, doc.stateStructure, doc.challenges) };
      if (doc.decision === "remove") {
        const reason =
          doc.benchmark === "TOCBENCH"
            ? [doc.removalReason ? TOC_REMOVAL_REASON_LABELS[doc.removalReason] : "Removed", doc.removalNote.trim()].filter(Boolean).join(": ")
            : doc.removalNote.trim() || "Removed in QA validation";
        return { ...same, next, status: "REMOVED", removalReason: reason };
      }
      if (doc.decision === "revise" && doc.revision) {
        const r = doc.revision;
        next = {
          ...next,
          question: r.question ?? next.question,
          presentation: r.presentation ? { ...next.presentation, ...r.presentation } : next.presentation,
          truth: r.answer !== undefined ? { answer: r.answer, source: next.truth.source } : next.truth,
        };
      }
      return { ...same, next, status: "ACTIVE", removalReason: null };
    }
    case "VSAS": {
      const fps = typeof item.presentation.fps === "number" && item.presentation.fps > 0 ? item.presentation.fps : 1;
      const old = Array.isArray(item.truth.answer) ? (item.truth.answer as { t?: unknown }[]) : [];
      const tAt = new Map<number, number>();
      for (const c of old) if (c && typeof c.t === "number") tAt.set(Math.round(c.t * fps), c.t);
      const captions = [...doc.captions].sort((a, b) => a.second - b.second).map((c) => ({ t: tAt.get(c.second) ?? round6(c.second / fps), text: c.text }));
      return { ...same, next: { ...item, truth: { answer: captions, source: item.truth.source } } };
    }
  }
}

function vcbenchTruth(doc: VcbenchDocument, stored: StoredState): TruthUpdate {
  const item = stored.item;
  const designed = doc.queryPoints.length > 0;
  const points = designed ? doc.queryPoints : item.queryPoints.map((q, i) => ({ id: `stored${i}`, at: { frame: 0, sec: q.timeSec }, count: null }));
  const oldCounts = Array.isArray(item.truth.answer) ? (item.truth.answer as unknown[]) : [];
  const answers = computeVcbenchAnswers({ ...doc, queryPoints: points });
  const counts = answers.map((a, i) => a.answer ?? (typeof oldCounts[i] === "number" ? (oldCounts[i] as number) : 0));
  const source: Record<string, unknown> = { ...item.truth.source };
  const extra: Record<string, unknown> = { ...asRecord(source.extra) };
  const secs = (list: number[]) => [...list].sort((a, b) => a - b).map(round6);
  switch (doc.subtype) {
    case "E1-Action":
    case "E1-Transit":
      source.occurrence_times = secs(doc.moments.map((m) => m.at.sec));
      break;
    case "O2-Unique":
      source.occurrence_times = secs(doc.identities.map((x) => x.firstAppearance.sec));
      break;
    case "E2-Episode":
    case "E2-Periodic": {
      const closed = doc.occurrences.filter((o) => o.end).sort((a, b) => a.start.frame - b.start.frame || a.end!.frame - b.end!.frame);
      source.occurrence_times = { start: closed.map((o) => round6(o.start.sec)), end: closed.map((o) => round6(o.end!.sec)) };
      if (doc.subtype === "E2-Periodic" && closed.some((o) => o.splits.length)) extra.cycle_splits = closed.map((o) => secs(o.splits.map((s) => s.at.sec)));
      else delete extra.cycle_splits;
      break;
    }
    case "O1-Delta":
    case "O2-Gain":
      if (doc.window) source.occurrence_times = { start: [round6(doc.window.start.sec)], end: [round6(doc.window.end.sec)] };
      if (doc.subtype === "O2-Gain") extra.first_appearances = secs(doc.identities.map((x) => x.firstAppearance.sec));
      if (doc.subtype === "O1-Delta" && doc.countAtStart !== null && doc.countAtEnd !== null) extra.window_counts = { start: doc.countAtStart, end: doc.countAtEnd };
      break;
    case "O1-Snap":
      break;
  }
  if (Object.keys(extra).length) source.extra = extra;
  else delete source.extra;
  return {
    next: {
      ...item,
      queryPoints: designed ? doc.queryPoints.map((q, ordinal) => ({ ordinal, timeSec: round6(q.at.sec) })) : item.queryPoints,
      truth: { answer: counts, source },
    },
    status: stored.status,
    removalReason: stored.removalReason,
    queryFrames: designed ? doc.queryPoints.map((q) => q.at.frame) : null,
    spanFrames: null,
  };
}

function vstatLabels(labels: Record<string, LabelValue>, element: string | null, structure: string | null, challenges: readonly string[]): Record<string, LabelValue> {
  const norm = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase().replace(/[\s-]+/g, "_") : "");
  const keep = (key: string, value: string | null): LabelValue | undefined => {
    if (value === null) return labels[key];
    return norm(labels[key]) === value ? labels[key] : value;
  };
  const out: Record<string, LabelValue> = { ...labels };
  const el = keep("state_element", element);
  const st = keep("state_structure", structure);
  if (el !== undefined) out.state_element = el;
  if (st !== undefined) out.state_structure = st;
  const old = Array.isArray(labels.perceptual_challenges) ? (labels.perceptual_challenges as string[]) : [];
  const oldNorm = old.map(norm);
  const sameSet = oldNorm.length === challenges.length && challenges.every((c) => oldNorm.includes(c));
  if (!sameSet && (challenges.length || old.length)) out.perceptual_challenges = [...challenges];
  return out;
}
