/**
 * What is compared in an annotation document: its facets (PURE). A facet is one list or one
 * decision of the document, of one of five kinds:
 *
 * - `timestamps`: instantaneous marks (VCBench E1 moments, O2 first appearances, E2-Periodic
 *   split points), compared by optimal matching within a frame tolerance;
 * - `spans`: intervals (VCBench E2 occurrences, the O1-Delta / O2-Gain window, EC-Bench
 *   evidence clips), compared by temporal IoU; `oneToOne` facets (occurrences, window) also
 *   need the same number of spans in each overlap group, because each span is a counted thing;
 * - `counts`: integers (VCBench answers at the designed query points, computed by the
 *   counting rule or typed for O1-Snap; O1-Delta counts at the window's start and end);
 * - `labels`: one categorical decision (TOC/VSTAT keep/revise/remove, VSTAT taxonomy per
 *   family and per challenge, EC-Bench feasibility and answer, a TOC/VSTAT revision);
 * - `captions`: VSAS per-second caption review.
 *
 * Facet names are stable strings (they are part of difference ids and of exported figures).
 */
import type { Label } from "@/lib/metrics/agreement-labels";
import type { AnnotationDocument, CaptionReview, FrameTime } from "@/lib/annotation/document";
import { VSTAT_CHALLENGES } from "@/lib/annotation/document";
import { computeVcbenchAnswers } from "@/lib/annotation/vcbench-answers";

export const FACET_KINDS = ["timestamps", "spans", "counts", "labels", "captions"] as const;
export type FacetKind = (typeof FACET_KINDS)[number];

export type EventRef = { id: string; at: FrameTime };
export type SpanRef = { id: string; start: FrameTime; end: FrameTime };
/** A count: at a query point (`at`), or at a fixed key (`at` null: O1-Delta start / end). */
export type CountPoint = { id: string; at: FrameTime | null; answer: number | null; manual: boolean };

export type Facet =
  | { kind: "timestamps"; name: string; events: EventRef[] }
  | { kind: "spans"; name: string; oneToOne: boolean; spans: SpanRef[]; openSpans: number }
  | { kind: "counts"; name: string; points: CountPoint[] }
  | { kind: "labels"; name: string; value: unknown; label: Label | null }
  | { kind: "captions"; name: string; captions: CaptionReview[] };

/** A deterministic JSON text of any value (object keys sorted): the label of structured decisions. */
export function stableJson(v: unknown): string {
  if (v === undefined) return "null";
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
    .join(",")}}`;
}

/** EC-Bench answers compare after trimming and collapsing runs of white space. */
export function normalizeAnswerText(s: string): string {
  return s.trim().replace(/\s+/g, " ");
}

const label = (name: string, value: unknown, asLabel: (v: unknown) => Label | null = (v) => (v === null || v === undefined ? null : (v as Label))): Facet => ({
  kind: "labels",
  name,
  value,
  label: asLabel(value),
});

function spansOf(list: { id: string; start: FrameTime; end: FrameTime | null }[]): { spans: SpanRef[]; openSpans: number } {
  const spans: SpanRef[] = [];
  let openSpans = 0;
  for (const s of list) {
    if (s.end) spans.push({ id: s.id, start: s.start, end: s.end });
    else openSpans += 1;
  }
  return { spans, openSpans };
}

/**
 * The facets of a document, in a fixed order per benchmark (and VCBench subtype). Facets that
 * a decision makes moot are left out when `context` says every document made it: the removal
 * reason only when every annotator removed the item, the revision only when every annotator
 * revised it, the EC-Bench answer and evidence only while some annotator thinks the question
 * feasible.
 */
export function extractFacets(doc: AnnotationDocument, context: { allDecisions?: unknown[]; allFeasible?: unknown[] } = {}): Facet[] {
  const every = (list: unknown[] | undefined, v: unknown) => (list ?? []).length > 0 && (list ?? []).every((x) => x === v);
  switch (doc.benchmark) {
    case "VCBENCH": {
      const out: Facet[] = [];
      const st = doc.subtype;
      if (st === "E1-Action" || st === "E1-Transit") {
        out.push({ kind: "timestamps", name: "moments", events: doc.moments.map((m) => ({ id: m.id, at: m.at })) });
      }
      if (st === "O2-Unique" || st === "O2-Gain") {
        out.push({ kind: "timestamps", name: "identities", events: doc.identities.map((i) => ({ id: i.id, at: i.firstAppearance })) });
      }
      if (st === "E2-Episode" || st === "E2-Periodic") {
        out.push({ kind: "spans", name: "occurrences", oneToOne: true, ...spansOf(doc.occurrences) });
      }
      if (st === "E2-Periodic") {
        out.push({ kind: "timestamps", name: "splits", events: doc.occurrences.flatMap((o) => o.splits.map((m) => ({ id: m.id, at: m.at }))) });
      }
      if (st === "O1-Delta" || st === "O2-Gain") {
        out.push({ kind: "spans", name: "window", oneToOne: true, spans: doc.window ? [{ id: "window", ...doc.window }] : [], openSpans: 0 });
      }
      if (st === "O1-Delta") {
        out.push({
          kind: "counts",
          name: "windowCounts",
          points: [
            { id: "countAtStart", at: null, answer: doc.countAtStart, manual: true },
            { id: "countAtEnd", at: null, answer: doc.countAtEnd, manual: true },
          ],
        });
      }
      out.push({
        kind: "counts",
        name: "queryPoints",
        points: computeVcbenchAnswers(doc).map((a) => ({ id: a.queryPointId, at: a.at, answer: a.answer, manual: st === "O1-Snap" })),
      });
      return out;
    }
    case "ECBENCH": {
      const out: Facet[] = [label("feasible", doc.feasible)];
      if (!every(context.allFeasible, false)) {
        out.push(label("answer", doc.answer, (v) => normalizeAnswerText(String(v ?? ""))));
        out.push({ kind: "spans", name: "evidence", oneToOne: false, ...spansOf(doc.evidence) });
      }
      return out;
    }
    case "TOCBENCH": {
      const out: Facet[] = [label("decision", doc.decision)];
      if (every(context.allDecisions, "remove")) out.push(label("removalReason", doc.removalReason));
      if (every(context.allDecisions, "revise")) out.push(label("revision", doc.revision, (v) => (v === null ? null : stableJson(v))));
      return out;
    }
    case "VSTAT": {
      const out: Facet[] = [label("decision", doc.decision), label("stateElement", doc.stateElement), label("stateStructure", doc.stateStructure)];
      for (const c of VSTAT_CHALLENGES) out.push(label(`challenge:${c}`, doc.challenges.includes(c)));
      if (every(context.allDecisions, "revise")) out.push(label("revision", doc.revision, (v) => (v === null ? null : stableJson(v))));
      return out;
    }
    case "VSAS":
      return [{ kind: "captions", name: "captions", captions: doc.captions }];
  }
}

/** The facets of every document, extracted with the shared context (same facet names, same order). */
export function extractAllFacets(docs: readonly AnnotationDocument[]): Facet[][] {
  const allDecisions = docs.map((d) => ("decision" in d ? d.decision : undefined));
  const allFeasible = docs.map((d) => ("feasible" in d ? d.feasible : undefined));
  return docs.map((d) => extractFacets(d, { allDecisions, allFeasible }));
}
