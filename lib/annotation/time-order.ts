/**
 * Lists that have a time order are kept in it (PURE). The workspace store applies
 * {@link inTimeOrder} to every document it holds, so whatever made the change (a panel button,
 * a key, a drag on the timeline, a merge) the lists come out sorted: a tool can never leave an
 * entry "before the one above" that the annotator has no way to move.
 *
 * - VCBench: moments by time; occurrences by start (then end), the split points of each by time;
 *   identities by first appearance; query points by time.
 * - EC-Bench: evidence clips by start (then end).
 * - VSAS: captions by second.
 * Sorting is stable (entries at the same time keep their order). A span whose end is before its
 * start gets its end at its start (an empty span the submit check names), never a reversed one.
 * The same object is returned when nothing changes (the store tells a no-op from an edit by
 * identity).
 */
import type { AnnotationDocument, FrameTime, Span } from "./document";

const byFrame = <T>(time: (x: T) => FrameTime, then?: (x: T) => number) => (a: T, b: T) => time(a).frame - time(b).frame || (then ? then(a) - then(b) : 0);
const endFrame = (s: Pick<Span, "start" | "end">) => (s.end ? s.end.frame : s.start.frame);

/** `list` sorted with `compare` (stable), or `list` itself when already in order. */
function sorted<T>(list: readonly T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < list.length; i++) {
    if (compare(list[i - 1], list[i]) > 0) return [...list].sort(compare);
  }
  return list as T[];
}

/** A span whose end is before its start: the end at the start. */
function closedForward<S extends Span>(s: S): S {
  return s.end && s.end.frame < s.start.frame ? { ...s, end: s.start } : s;
}

function mapSame<T>(list: readonly T[], f: (x: T) => T): T[] {
  let changed = false;
  const out = list.map((x) => {
    const y = f(x);
    if (y !== x) changed = true;
    return y;
  });
  return changed ? out : (list as T[]);
}

export function inTimeOrder(doc: AnnotationDocument): AnnotationDocument {
  switch (doc.benchmark) {
    case "VCBENCH": {
      const moments = sorted(doc.moments, byFrame((m) => m.at));
      const fixed = mapSame(doc.occurrences, (o) => {
        const c = closedForward(o);
        const splits = sorted(c.splits, byFrame((s) => s.at));
        return splits === c.splits ? c : { ...c, splits };
      });
      const occurrences = sorted(fixed, byFrame((o) => o.start, endFrame));
      const identities = sorted(doc.identities, byFrame((x) => x.firstAppearance));
      const queryPoints = sorted(doc.queryPoints, byFrame((q) => q.at));
      const window = doc.window && doc.window.end.frame < doc.window.start.frame ? { ...doc.window, end: doc.window.start } : doc.window;
      if (moments === doc.moments && occurrences === doc.occurrences && identities === doc.identities && queryPoints === doc.queryPoints && window === doc.window) return doc;
      return { ...doc, moments, occurrences, identities, queryPoints, window };
    }
    case "ECBENCH": {
      const evidence = sorted(mapSame(doc.evidence, closedForward), byFrame((s) => s.start, endFrame));
      return evidence === doc.evidence ? doc : { ...doc, evidence };
    }
    case "VSAS": {
      const captions = sorted(doc.captions, (a, b) => a.second - b.second);
      return captions === doc.captions ? doc : { ...doc, captions };
    }
    default:
      return doc;
  }
}
