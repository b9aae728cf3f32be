/**
 * Building the merged / adjudicated annotation document from resolved facets (PURE). Parts
 * that are not compared (labels and comments of marks, identity keys and notes, removal notes,
 * the invalid-question reason) come from the source element or the annotator whose decision was
 * taken; document notes are joined, each prefixed with its annotator's letter. Element ids are
 * kept from their source, made unique with the annotator's letter when two annotators used the
 * same id; edited elements get fresh ids `r1`, `r2`, ...
 */
import {
  VSTAT_CHALLENGES,
  type AnnotationDocument,
  type CaptionReview,
  type EcbenchDocument,
  type FrameTime,
  type Identity,
  type Mark,
  type Occurrence,
  type Span,
  type TocbenchDocument,
  type VcbenchDocument,
  type VstatDocument,
} from "@/lib/annotation/document";
import { annotatorLetter } from "./annotator-letter";
import type { Resolved, ResolvedEvent, ResolvedSpan, ReviewProblem, Source } from "./resolve-facets";

class Ids {
  private used = new Set<string>();
  private fresh = 0;
  take(source: Source): string {
    if (source) {
      let id = source.id;
      if (this.used.has(id)) id = `${source.id}-${annotatorLetter(source.annotator)}`;
      let n = 2;
      while (this.used.has(id)) id = `${source.id}-${annotatorLetter(source.annotator)}${n++}`;
      this.used.add(id);
      return id;
    }
    let id: string;
    do id = `r${++this.fresh}`;
    while (this.used.has(id));
    this.used.add(id);
    return id;
  }
}

function joinNotes(notes: readonly string[]): string {
  const parts = notes.map((n, j) => (n.trim() ? `${annotatorLetter(j)}: ${n.trim()}` : "")).filter((x) => x !== "");
  return parts.join("\n");
}

function find<T extends { id: string }>(lists: readonly (readonly T[])[], source: Source): T | undefined {
  return source ? lists[source.annotator]?.find((x) => x.id === source.id) : undefined;
}

function marks(events: readonly ResolvedEvent[], lists: readonly (readonly Mark[])[]): Mark[] {
  const ids = new Ids();
  return events.map((e) => {
    const src = find(lists, e.source);
    return { id: ids.take(e.source), at: e.at, label: src?.label ?? "", comment: src?.comment ?? "" };
  });
}

function spans(list: readonly ResolvedSpan[], sources: readonly (readonly Span[])[]): Span[] {
  const ids = new Ids();
  return list.map((s) => {
    const src = find(sources, s.source);
    return { id: ids.take(s.source), start: s.start, end: s.end, label: src?.label ?? "", comment: src?.comment ?? "" };
  });
}

function rebuildVcbench(docs: readonly VcbenchDocument[], r: Resolved, problems: ReviewProblem[]): VcbenchDocument {
  const d0 = docs[0];
  const out: VcbenchDocument = { ...d0, notes: joinNotes(docs.map((d) => d.notes)) };
  const moments = r.events.get("moments");
  if (moments) out.moments = marks(moments, docs.map((d) => d.moments));
  const identities = r.events.get("identities");
  if (identities) {
    const ids = new Ids();
    const keys = new Set<string>();
    out.identities = identities.map((e, n): Identity => {
      const src = find(
        docs.map((d) => d.identities),
        e.source,
      );
      let key = src?.key ?? `#${n + 1}`;
      if (keys.has(key) && e.source) key = `${key} (${annotatorLetter(e.source.annotator)})`;
      let i = 2;
      const base = key;
      while (keys.has(key)) key = `${base} ${i++}`;
      keys.add(key);
      return { id: ids.take(e.source), key, note: src?.note ?? "", firstAppearance: e.at };
    });
  }
  const occurrences = r.spans.get("occurrences");
  if (occurrences) {
    const base = spans(
      occurrences,
      docs.map((d) => d.occurrences),
    );
    const occ: Occurrence[] = base.map((s) => ({ ...s, splits: [] }));
    const splits = r.events.get("splits");
    if (splits && occ.length > 0) {
      const all = marks(
        splits,
        docs.map((d) => d.occurrences.flatMap((o) => o.splits)),
      );
      for (const m of all) {
        const f = m.at.frame;
        const distance = (o: Occurrence) => (f < o.start.frame ? o.start.frame - f : o.end && f > o.end.frame ? f - o.end.frame : 0);
        const target = occ.reduce((best, o) => (distance(o) < distance(best) ? o : best), occ[0]);
        target.splits.push(m);
      }
      for (const o of occ) o.splits.sort((x, y) => x.at.frame - y.at.frame);
    }
    out.occurrences = occ;
  }
  const window = r.spans.get("window");
  if (window) {
    if (window.length > 1) problems.push({ path: "window", message: `window: resolves to ${window.length} spans; pick or edit it to one span` });
    out.window = window.length === 0 ? null : { start: window[0].start, end: window[0].end };
  }
  const windowCounts = r.points.get("windowCounts");
  if (windowCounts) {
    out.countAtStart = windowCounts.find((p) => p.key === "countAtStart")?.answer ?? null;
    out.countAtEnd = windowCounts.find((p) => p.key === "countAtEnd")?.answer ?? null;
  }
  const points = r.points.get("queryPoints");
  if (points) {
    const ids = new Ids();
    out.queryPoints = points
      .filter((p): p is typeof p & { at: FrameTime } => p.at !== null)
      .map((p) => ({ id: ids.take(p.source), at: p.at, count: d0.subtype === "O1-Snap" ? p.answer : null }))
      .sort((x, y) => x.at.frame - y.at.frame);
  }
  return out;
}

function rebuildEcbench(docs: readonly EcbenchDocument[], r: Resolved): EcbenchDocument {
  const feasible = r.labels.get("feasible");
  const from = docs[feasible?.source ?? 0];
  const out: EcbenchDocument = {
    ...docs[0],
    feasible: (feasible?.value ?? docs[0].feasible) as boolean | null,
    invalidReason: from.invalidReason,
    notes: joinNotes(docs.map((d) => d.notes)),
  };
  const answer = r.labels.get("answer");
  if (answer) {
    out.answer = String(answer.value ?? "");
    out.answerRevised = answer.source === null ? true : docs[answer.source].answerRevised;
  }
  const evidence = r.spans.get("evidence");
  if (evidence) out.evidence = spans(evidence, docs.map((d) => d.evidence)).sort((x, y) => x.start.frame - y.start.frame);
  return out;
}

function rebuildQa<D extends TocbenchDocument | VstatDocument>(docs: readonly D[], r: Resolved): D {
  const decision = r.labels.get("decision");
  const from = docs[decision?.source ?? 0];
  const value = (decision?.value ?? null) as D["decision"];
  const out = { ...docs[0], decision: value, notes: joinNotes(docs.map((d) => d.notes)), removalNote: value === "remove" ? from.removalNote : "" } as D;
  const revision = r.labels.get("revision");
  out.revision = value === "revise" ? ((revision ? revision.value : from.revision) as D["revision"]) : null;
  if (out.benchmark === "TOCBENCH") {
    const reason = r.labels.get("removalReason");
    (out as TocbenchDocument).removalReason = value === "remove" ? ((reason ? reason.value : (from as TocbenchDocument).removalReason) as TocbenchDocument["removalReason"]) : null;
  } else {
    const v = out as VstatDocument;
    v.stateElement = (r.labels.get("stateElement")?.value ?? null) as VstatDocument["stateElement"];
    v.stateStructure = (r.labels.get("stateStructure")?.value ?? null) as VstatDocument["stateStructure"];
    v.challenges = VSTAT_CHALLENGES.filter((c) => r.labels.get(`challenge:${c}`)?.value === true);
  }
  return out;
}

/** The merged document (not yet validated: the caller parses it with the document schema). */
export function rebuildDocument(docs: readonly AnnotationDocument[], resolved: Resolved, problems: ReviewProblem[]): AnnotationDocument {
  switch (docs[0].benchmark) {
    case "VCBENCH":
      return rebuildVcbench(docs as VcbenchDocument[], resolved, problems);
    case "ECBENCH":
      return rebuildEcbench(docs as EcbenchDocument[], resolved);
    case "TOCBENCH":
      return rebuildQa(docs as TocbenchDocument[], resolved);
    case "VSTAT":
      return rebuildQa(docs as VstatDocument[], resolved);
    case "VSAS": {
      const captions: CaptionReview[] = [...(resolved.captions.get("captions") ?? [])].sort((x, y) => x.second - y.second);
      return { ...docs[0], captions, notes: joinNotes(docs.map((d) => d.notes)) };
    }
  }
}
