/**
 * VSAS caption facets of k annotations (PURE): captions are lined up by second. A second agrees
 * exactly when every annotator has a caption there with the same text and the same flags
 * (`corrected`, `inconsistentWith`). Per pair: share of exact seconds, share of seconds with the
 * same text, and the per-second "edited" decisions (`corrected`) for kappa across items.
 * Agreed when every pair's exact share reaches `captionMinExact` (default 1; no captions: agreed).
 */
import type { CaptionReview } from "@/lib/annotation/document";
import { annotatorLetter, annotatorPairs } from "./annotator-letter";
import type { CaptionFacetResult, CaptionPair, CaptionRow } from "./comparison-types";
import type { ReviewThresholds } from "./thresholds";
import { plural } from "@/lib/text/plural";

function same(x: CaptionReview | null, y: CaptionReview | null): boolean {
  return !!x && !!y && x.text === y.text && x.corrected === y.corrected && x.inconsistentWith === y.inconsistentWith;
}

export function compareCaptionFacet(name: string, lists: readonly (readonly CaptionReview[])[], context: { thresholds: ReviewThresholds }): CaptionFacetResult {
  const k = lists.length;
  const bySecond = new Map<number, (CaptionReview | null)[]>();
  lists.forEach((list, j) => {
    for (const c of list) {
      const row = bySecond.get(c.second) ?? new Array<CaptionReview | null>(k).fill(null);
      if (row[j] === null) row[j] = c;
      bySecond.set(c.second, row);
    }
  });
  const rows: CaptionRow[] = [...bySecond.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([second, members]) => ({ second, members, agreed: members.every((m) => same(m, members[0])) }));
  const pairs: CaptionPair[] = annotatorPairs(k).map(([a, b]) => {
    let seconds = 0;
    let exact = 0;
    let sameText = 0;
    const edited: [boolean, boolean][] = [];
    for (const r of rows) {
      const x = r.members[a];
      const y = r.members[b];
      if (!x && !y) continue;
      seconds += 1;
      if (same(x, y)) exact += 1;
      if (x && y && x.text === y.text) sameText += 1;
      if (x && y) edited.push([x.corrected, y.corrected]);
    }
    return { a, b, seconds, exact: seconds ? exact / seconds : Number.NaN, sameText: seconds ? sameText / seconds : Number.NaN, edited };
  });
  const min = context.thresholds.captionMinExact;
  const reasons = pairs
    .filter((p) => p.seconds > 0 && !(p.exact >= min))
    .map((p) => {
      const differing = rows.filter((r) => (r.members[p.a] || r.members[p.b]) && !same(r.members[p.a], r.members[p.b])).map((r) => r.second);
      const list = differing.slice(0, 10).join(", ") + (differing.length > 10 ? ", ..." : "");
      return `${name}: ${annotatorLetter(p.a)} and ${annotatorLetter(p.b)} agree exactly on ${(p.exact * 100).toFixed(1)} % of ${plural(p.seconds, "second")} (needs ${(min * 100).toFixed(1)} %); differing seconds ${list}`;
    });
  return { kind: "captions", name, agreed: reasons.length === 0, reasons, pairs, rows };
}
