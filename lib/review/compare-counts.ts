/**
 * Count facets of k annotations (PURE): answers at the designed query points (grouped by frame
 * within the timestamp tolerance) and the O1-Delta start / end counts (grouped by key).
 * Per pair: exact agreement and quadratic-weighted kappa over the groups where both gave a count.
 * Agreed when every group holds a point of every annotator and their counts differ by at most
 * `countMaxDifference` (undetermined counts agree only with undetermined ones).
 */
import { countAgreement } from "@/lib/metrics/agreement-counts";
import { annotatorLetter, annotatorPairs } from "./annotator-letter";
import { groupPoints } from "./cluster";
import type { CountFacetResult, CountGroupResult, CountPair } from "./comparison-types";
import type { CountPoint } from "./facets";
import type { ReviewThresholds } from "./thresholds";

function describePoint(p: CountPoint | null): string {
  if (!p) return "no point";
  const where = p.at ? `frame ${p.at.frame}` : p.id;
  return `${p.answer === null ? "undetermined" : p.answer} at ${where}`;
}

export function compareCountFacet(name: string, lists: readonly (readonly CountPoint[])[], context: { thresholds: ReviewThresholds }): CountFacetResult {
  const { thresholds } = context;
  const maxDiff = thresholds.countMaxDifference;
  const groups: CountGroupResult[] = groupPoints(lists, thresholds.timestampToleranceFrames).map((g) => {
    const present = g.members.every((m) => m !== null);
    const answers = g.members.map((m) => m?.answer ?? null);
    const determined = answers.filter((x): x is number => x !== null);
    const sameness =
      determined.length === 0 || (determined.length === answers.length && Math.max(...determined) - Math.min(...determined) <= maxDiff);
    return { ...g, agreed: present && sameness };
  });
  const pairs: CountPair[] = annotatorPairs(lists.length).map(([a, b]) => {
    const values: [number, number][] = [];
    let unmatched = 0;
    for (const g of groups) {
      const x = g.members[a];
      const y = g.members[b];
      if ((x === null) !== (y === null)) unmatched += 1;
      if (x && y && x.answer !== null && y.answer !== null) values.push([x.answer, y.answer]);
    }
    const s = countAgreement(
      values.map((v) => v[0]),
      values.map((v) => v[1]),
    );
    return { a, b, values, exact: s.exact, quadraticKappa: s.quadraticKappa, unmatched };
  });
  const reasons = groups
    .filter((g) => !g.agreed)
    .map((g) => `${name}: ${g.members.map((m, j) => `${annotatorLetter(j)} ${describePoint(m)}`).join("; ")}`);
  return { kind: "counts", name, agreed: reasons.length === 0, reasons, pairs, groups };
}
