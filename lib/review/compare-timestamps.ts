/**
 * Timestamp facets (marks) of k annotations: pairwise optimal matching within the tolerance
 * (precision, recall, F1, mean |offset|), frame-binned kappa, and the groups of matched marks
 * (PURE). Agreed when every pair's F1 reaches `timestampMinF1` (default 1: every mark of every
 * annotator matched within the tolerance).
 */
import { cohenKappaFromMatrix } from "@/lib/metrics/agreement-kappa";
import { matchEvents } from "@/lib/metrics/agreement-timestamps";
import { annotatorLetter, annotatorPairs } from "./annotator-letter";
import { groupEvents } from "./cluster";
import type { BinaryTable, TimestampFacetResult, TimestampPair } from "./comparison-types";
import type { EventRef } from "./facets";
import type { ReviewThresholds } from "./thresholds";
import { plural } from "@/lib/text/plural";

/** Bins (⌊frame / w⌋) holding at least one event; throws when an event lies outside the video. */
function binSet(events: readonly EventRef[], w: number, frameCount: number, where: string): Set<number> {
  const out = new Set<number>();
  for (const e of events) {
    if (e.at.frame >= frameCount) {
      throw new RangeError(`${where}: mark ${e.id} at frame ${e.at.frame} is outside the video (${frameCount} frames)`);
    }
    out.add(Math.floor(e.at.frame / w));
  }
  return out;
}

/**
 * The 2 × 2 table of two annotators' bins over B = ⌈frameCount / w⌉ bins:
 * n11 = bins both marked, n10 = only a, n01 = only b, n00 = neither.
 */
export function binTable(a: Set<number>, b: Set<number>, binCount: number): BinaryTable {
  let n11 = 0;
  for (const x of a) if (b.has(x)) n11 += 1;
  const n10 = a.size - n11;
  const n01 = b.size - n11;
  return [
    [binCount - n11 - n10 - n01, n01],
    [n10, n11],
  ];
}

export function compareTimestampFacet(
  name: string,
  lists: readonly (readonly EventRef[])[],
  context: { thresholds: ReviewThresholds; frameCount: number; fps: number },
): TimestampFacetResult {
  const { thresholds, frameCount } = context;
  const tolerance = thresholds.timestampToleranceFrames;
  const w = thresholds.kappaBinFrames;
  const binCount = Math.ceil(frameCount / w);
  const sets = lists.map((l, j) => binSet(l, w, frameCount, `${name}, annotator ${annotatorLetter(j)}`));
  const pairs: TimestampPair[] = annotatorPairs(lists.length).map(([a, b]) => {
    const m = matchEvents(
      lists[a].map((e) => e.at.frame),
      lists[b].map((e) => e.at.frame),
      { tolerance, fps: context.fps },
    );
    const bins = binTable(sets[a], sets[b], binCount);
    return {
      a,
      b,
      countA: lists[a].length,
      countB: lists[b].length,
      matched: m.truePositives,
      precision: m.precision,
      recall: m.recall,
      f1: m.f1,
      meanAbsOffsetFrames: m.meanAbsOffsetFrames,
      binnedKappa: cohenKappaFromMatrix(bins),
      bins,
    };
  });
  const reasons: string[] = [];
  for (const p of pairs) {
    if (!(p.f1 >= thresholds.timestampMinF1)) {
      reasons.push(
        `${name}: ${annotatorLetter(p.a)} has ${plural(p.countA, "mark")}, ${annotatorLetter(p.b)} has ${p.countB}; ` +
          `${p.matched} matched within ${plural(tolerance, "frame")} (F1 ${p.f1.toFixed(3)} < ${thresholds.timestampMinF1})`,
      );
    }
  }
  const groups = groupEvents(lists, (e) => e.at.frame, tolerance);
  return { kind: "timestamps", name, agreed: reasons.length === 0, reasons, pairs, groups };
}
