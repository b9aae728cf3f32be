/**
 * What the annotator feedback page shows (PURE): per facet, the figures of the annotator's
 * document (A) against the final one (B) in words, and the marks and spans of both documents
 * for one timeline.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import type { Comparison } from "./comparison-types";
import { extractFacets } from "./facets";

export type FacetSummary = { facet: string; kind: string; agreed: boolean; figures: string; reasons: string[] };

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "n/a");
const pct = (x: number) => (Number.isFinite(x) ? `${Math.round(x * 100)} %` : "n/a");

/** One line per facet of compareAnnotations([mine, final]). */
export function facetSummaries(c: Comparison): FacetSummary[] {
  return c.facets.map((f) => {
    let figures = "";
    switch (f.kind) {
      case "timestamps": {
        const p = f.pairs[0];
        figures = p ? `you ${p.countA}, final ${p.countB}, matched ${p.matched}; F1 ${f3(p.f1)}; mean offset ${f3(p.meanAbsOffsetFrames)} frames` : "";
        break;
      }
      case "spans": {
        const p = f.pairs[0];
        figures = p ? `tIoU ${f3(p.tIoU)} (${p.intersectionFrames} of ${p.unionFrames} frames)` : "";
        break;
      }
      case "counts": {
        const p = f.pairs[0];
        figures = p ? `${p.values.filter(([a, b]) => a === b).length} of ${p.values.length} counts equal${p.values.length ? ` (yours ${p.values.map((v) => v[0]).join(", ")}; final ${p.values.map((v) => v[1]).join(", ")})` : ""}` : "";
        break;
      }
      case "labels":
        figures = `yours ${f.labels[0] ?? "(none)"}, final ${f.labels[1] ?? "(none)"}`;
        break;
      case "captions": {
        const p = f.pairs[0];
        figures = p ? `${pct(p.exact)} of ${p.seconds} seconds the same` : "";
        break;
      }
    }
    return { facet: f.name, kind: f.kind, agreed: f.agreed, figures, reasons: f.reasons };
  });
}

export type TimelineRow = { facet: string; who: "yours" | "final"; marks: number[]; spans: [number, number][] };

/** The marks (frames) and spans (frame ranges) of both documents, per timestamp / span facet. */
export function timelineRows(mine: AnnotationDocument, final: AnnotationDocument): TimelineRow[] {
  const rows: TimelineRow[] = [];
  const [a, b] = [extractFacets(mine), extractFacets(final)];
  a.forEach((fa, i) => {
    const fb = b[i];
    if (!fb || fb.name !== fa.name) return;
    for (const [who, f] of [["yours", fa], ["final", fb]] as const) {
      if (f.kind === "timestamps") rows.push({ facet: f.name, who, marks: f.events.map((e) => e.at.frame), spans: [] });
      else if (f.kind === "spans") rows.push({ facet: f.name, who, marks: [], spans: f.spans.map((s) => [s.start.frame, s.end.frame]) });
    }
  });
  return rows;
}
