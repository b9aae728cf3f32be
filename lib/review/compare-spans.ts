/**
 * Span facets of k annotations (PURE): pairwise temporal IoU over merged unions (frames; a span
 * [s, e] covers frames s..e), per-frame coverage tables, and groups of overlapping spans.
 *
 * Agreed when no annotator left a span open and
 * - for counted spans (`oneToOne`: VCBench occurrences, the window): every group holds exactly
 *   one span of every annotator and the group's smallest pairwise tIoU reaches `spanMinIoU`;
 * - for evidence (EC-Bench): every pair's tIoU over the whole facet reaches `spanMinIoU`
 *   (both empty: agreed).
 */
import { intersectionLength, temporalIoU, unionLength, type Interval } from "@/lib/metrics/intervals";
import { annotatorLetter, annotatorPairs } from "./annotator-letter";
import { groupSpans } from "./cluster";
import type { SpanFacetResult, SpanGroupResult, SpanPair } from "./comparison-types";
import type { SpanRef } from "./facets";
import type { ReviewThresholds } from "./thresholds";

export function spanIntervals(spans: readonly SpanRef[]): Interval[] {
  return spans.map((s) => [s.start.frame, s.end.frame + 1] as const);
}

/** Smallest pairwise tIoU of the members (an annotator with no span: 0; nobody: NaN). */
function groupIoU(members: readonly (readonly SpanRef[])[]): number {
  let min = Number.NaN;
  for (const [a, b] of annotatorPairs(members.length)) {
    const v = temporalIoU(spanIntervals(members[a]), spanIntervals(members[b])) ?? Number.NaN;
    if (Number.isNaN(min) || v < min) min = v;
  }
  return min;
}

export function compareSpanFacet(
  name: string,
  oneToOne: boolean,
  lists: readonly (readonly SpanRef[])[],
  openSpans: readonly number[],
  context: { thresholds: ReviewThresholds; frameCount: number },
): SpanFacetResult {
  const { thresholds, frameCount } = context;
  const min = thresholds.spanMinIoU;
  lists.forEach((l, j) =>
    l.forEach((s) => {
      if (s.end.frame < s.start.frame) throw new RangeError(`${name}, annotator ${annotatorLetter(j)}: span ${s.id} ends before it starts`);
      if (s.end.frame >= frameCount) throw new RangeError(`${name}, annotator ${annotatorLetter(j)}: span ${s.id} ends at frame ${s.end.frame}, outside the video (${frameCount} frames)`);
    }),
  );
  const pairs: SpanPair[] = annotatorPairs(lists.length).map(([a, b]) => {
    const ia = spanIntervals(lists[a]);
    const ib = spanIntervals(lists[b]);
    const inter = intersectionLength(ia, ib);
    const la = unionLength(ia);
    const lb = unionLength(ib);
    const union = la + lb - inter;
    return {
      a,
      b,
      tIoU: temporalIoU(ia, ib) ?? Number.NaN,
      intersectionFrames: inter,
      unionFrames: union,
      coverage: [
        [Math.max(0, frameCount - union), lb - inter],
        [la - inter, inter],
      ],
    };
  });
  const groups: SpanGroupResult[] = groupSpans(lists).map((g) => {
    const tIoU = groupIoU(g.members);
    const shapeOk = g.members.every((m) => (oneToOne ? m.length === 1 : m.length >= 1));
    return { ...g, tIoU, agreed: shapeOk && tIoU >= min };
  });
  const reasons: string[] = [];
  openSpans.forEach((n, j) => {
    if (n > 0) reasons.push(`${name}: annotator ${annotatorLetter(j)} left ${n} span(s) without an end`);
  });
  if (oneToOne) {
    for (const g of groups) {
      if (g.agreed) continue;
      const counts = g.members.map((m, j) => `${annotatorLetter(j)} ${m.length}`).join(", ");
      reasons.push(`${name}: spans around frames ${g.startFrame}-${g.endFrame} differ (spans: ${counts}; tIoU ${Number.isNaN(g.tIoU) ? "undefined" : g.tIoU.toFixed(3)}, needs ${min})`);
    }
  } else {
    for (const p of pairs) {
      if (Number.isNaN(p.tIoU) || p.tIoU >= min) continue;
      reasons.push(`${name}: tIoU of ${annotatorLetter(p.a)} and ${annotatorLetter(p.b)} is ${p.tIoU.toFixed(3)} < ${min}`);
    }
  }
  return { kind: "spans", name, oneToOne, agreed: reasons.length === 0, reasons, pairs, groups };
}
