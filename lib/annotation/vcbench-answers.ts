/**
 * The answers a VCBench annotation implies at its query points (PURE), computed with the same
 * ground-truth rule the scorer and the importer's checks use (`vcbenchRuleCount`,
 * lib/metrics/vcbench.ts): t <= q for E1 moments and O2-Unique first appearances; completed
 * occurrences (end <= q) for E2; first appearances inside the window for O2-Gain; end count
 * minus start count for O1-Delta; the annotator's own count at each point for O1-Snap.
 *
 * Times are the documents' `sec` values (pts[frame] - pts[0]); marks and query points on the
 * same frame therefore compare equal, so "t <= q" is "frame of t <= frame of q".
 */
import { vcbenchRuleCount, type VcbenchAnnotation } from "@/lib/metrics/vcbench";
import type { FrameTime, VcbenchDocument } from "./document";

/** Where an answer comes from: the rule on the marks, the annotator's own count (O1-Snap), or nothing yet. */
export type AnswerSource = "rule" | "manual" | "undetermined";

export type ComputedAnswer = {
  queryPointId: string;
  at: FrameTime;
  /** The count at the point, or null while the annotation does not determine it. */
  answer: number | null;
  source: AnswerSource;
};

/**
 * The {@link VcbenchAnnotation} a document holds: E1 moments; O2-Unique first appearances;
 * E2 occurrences with an end (open occurrences are not completed, so never counted); O2-Gain
 * and O1-Delta need the window (null without one).
 */
export function vcbenchAnnotationOfDocument(doc: VcbenchDocument): VcbenchAnnotation | null {
  switch (doc.subtype) {
    case "O1-Snap":
      return { subtype: doc.subtype };
    case "E1-Action":
    case "E1-Transit":
      return { subtype: doc.subtype, moments: doc.moments.map((m) => m.at.sec) };
    case "O2-Unique":
      return { subtype: doc.subtype, moments: doc.identities.map((i) => i.firstAppearance.sec) };
    case "E2-Periodic":
    case "E2-Episode":
      return {
        subtype: doc.subtype,
        occurrences: doc.occurrences.flatMap((o) => (o.end ? [{ start: o.start.sec, end: o.end.sec }] : [])),
      };
    case "O2-Gain":
      if (!doc.window) return null;
      return {
        subtype: doc.subtype,
        window: { start: doc.window.start.sec, end: doc.window.end.sec },
        firstAppearances: doc.identities.map((i) => i.firstAppearance.sec),
      };
    case "O1-Delta":
      if (!doc.window) return null;
      return {
        subtype: doc.subtype,
        window: { start: doc.window.start.sec, end: doc.window.end.sec },
        ...(doc.countAtStart !== null ? { countAtStart: doc.countAtStart } : {}),
        ...(doc.countAtEnd !== null ? { countAtEnd: doc.countAtEnd } : {}),
      };
  }
}

/** The answer at every designed query point, in the document's order (not re-sorted). */
export function computeVcbenchAnswers(doc: VcbenchDocument): ComputedAnswer[] {
  const annotation = vcbenchAnnotationOfDocument(doc);
  return doc.queryPoints.map((qp) => {
    if (doc.subtype === "O1-Snap") {
      return { queryPointId: qp.id, at: qp.at, answer: qp.count, source: qp.count === null ? "undetermined" : "manual" };
    }
    const answer = annotation ? vcbenchRuleCount(annotation, qp.at.sec) : null;
    return { queryPointId: qp.id, at: qp.at, answer, source: answer === null ? "undetermined" : "rule" };
  });
}
