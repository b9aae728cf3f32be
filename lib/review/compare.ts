/**
 * compareAnnotations: the agreement between the k >= 2 annotations of one item (PURE: the same
 * code in the browser, the server and the CLI). Every facet of the documents (facets.ts) is
 * compared by its kind (compare-*.ts); the item is **agreed** when every facet meets the
 * thresholds (thresholds.ts), else **disputed** with one reason per failing group or pair.
 * Formulas and defaults: docs/annotation/review.md.
 */
import { z } from "zod";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { compareCaptionFacet } from "./compare-captions";
import { compareCountFacet } from "./compare-counts";
import { compareLabelFacet } from "./compare-labels";
import { compareSpanFacet } from "./compare-spans";
import { compareTimestampFacet } from "./compare-timestamps";
import type { Comparison, FacetResult } from "./comparison-types";
import { extractAllFacets, type Facet } from "./facets";
import { resolveThresholds, type ReviewThresholds, type ReviewThresholdsInput } from "./thresholds";

/** The video the item plays: frame rate (for offsets in seconds) and number of frames (bins, coverage). */
export const reviewVideoSchema = z.strictObject({
  fps: z.number({ message: "must be a number" }).positive("must be positive").finite("must be finite"),
  frameCount: z.number({ message: "must be a number" }).int("must be a whole number").positive("must be at least 1"),
});

export type ReviewContext = z.infer<typeof reviewVideoSchema> & {
  /** Partial thresholds over the defaults, or a full set (e.g. from `reviewThresholdsFromSettings`). */
  thresholds?: ReviewThresholdsInput | ReviewThresholds;
};

function pick<K extends Facet["kind"]>(lists: Facet[][], index: number, kind: K): Extract<Facet, { kind: K }>[] {
  return lists.map((facets) => facets[index] as Extract<Facet, { kind: K }>);
}

/**
 * Compares k >= 2 annotation documents of the same item. Throws (naming the document or field)
 * when fewer than two documents are given, the benchmarks or VCBench subtypes differ, the video
 * context is invalid, or a mark or span lies outside the video.
 */
export function compareAnnotations(docs: readonly AnnotationDocument[], context: ReviewContext): Comparison {
  const where = "compareAnnotations";
  if (!Array.isArray(docs) || docs.length < 2) throw new RangeError(`${where}: needs at least 2 documents, got ${docs?.length ?? 0}`);
  const fps = context?.fps;
  const frameCount = context?.frameCount;
  if (!(typeof fps === "number" && Number.isFinite(fps) && fps > 0) || !(Number.isInteger(frameCount) && frameCount > 0)) {
    const video = reviewVideoSchema.safeParse({ fps, frameCount });
    const issue = video.success ? { path: ["context"], message: "is invalid" } : video.error.issues[0];
    throw new RangeError(`${where}: ${issue.path.join(".")} ${issue.message}`);
  }
  const video = { data: { fps, frameCount } };
  const thresholds = resolveThresholds(context.thresholds);
  const benchmark = docs[0].benchmark;
  docs.forEach((d, j) => {
    if (d.benchmark !== benchmark) throw new RangeError(`${where}: document ${j} is ${d.benchmark}, document 0 is ${benchmark}`);
    if (d.benchmark === "VCBENCH" && docs[0].benchmark === "VCBENCH" && d.subtype !== docs[0].subtype) {
      throw new RangeError(`${where}: document ${j} has VCBench subtype ${d.subtype}, document 0 has ${docs[0].subtype}`);
    }
  });
  const lists = extractAllFacets(docs);
  const ctx = { thresholds, frameCount: video.data.frameCount, fps: video.data.fps };
  const facets: FacetResult[] = lists[0].map((facet, i) => {
    switch (facet.kind) {
      case "timestamps":
        return compareTimestampFacet(facet.name, pick(lists, i, "timestamps").map((f) => f.events), ctx);
      case "spans": {
        const fs = pick(lists, i, "spans");
        return compareSpanFacet(facet.name, facet.oneToOne, fs.map((f) => f.spans), fs.map((f) => f.openSpans), ctx);
      }
      case "counts":
        return compareCountFacet(facet.name, pick(lists, i, "counts").map((f) => f.points), ctx);
      case "labels": {
        const fs = pick(lists, i, "labels");
        return compareLabelFacet(facet.name, fs.map((f) => f.label), fs.map((f) => f.value));
      }
      case "captions":
        return compareCaptionFacet(facet.name, pick(lists, i, "captions").map((f) => f.captions), ctx);
    }
  });
  const reasons = facets.flatMap((f) => f.reasons);
  return {
    benchmark,
    subtype: docs[0].benchmark === "VCBENCH" ? docs[0].subtype : null,
    k: docs.length,
    thresholds,
    facets,
    verdict: reasons.length === 0 ? "agreed" : "disputed",
    reasons,
  };
}
