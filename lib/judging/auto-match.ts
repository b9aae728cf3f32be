/**
 * Pre-filled links of the enumeration matching UI (PURE): the pairs the automatic matcher of
 * lib/metrics/ecbench.ts (`normalizedItemMatcher`: equal non-empty `normalizeItem` forms, one
 * maximum one-to-one matching) finds, so the reviewer only links what it misses.
 */
import { normalizedItemMatcher } from "@/lib/metrics/ecbench";

export type MatchLink = { pred: number; truth: number };

/** Links the automatic matching makes between `predicted` and `truth` items, by predicted index. */
export function autoMatches(predicted: readonly string[], truth: readonly string[]): MatchLink[] {
  const pairs = normalizedItemMatcher(truth, predicted).pairs ?? [];
  return pairs.map(([t, p]) => ({ pred: p, truth: t })).sort((a, b) => a.pred - b.pred);
}

/** TP/FP/FN of a set of links (each index linked at most once). */
export function linkCounts(links: readonly MatchLink[], predicted: number, truth: number): { tp: number; fp: number; fn: number } {
  const tp = links.length;
  return { tp, fp: predicted - tp, fn: truth - tp };
}

/**
 * Links `pred` to `truth`, replacing any link either item had (click-click and drag both end here).
 */
export function linkPair(links: readonly MatchLink[], pred: number, truth: number): MatchLink[] {
  return [...links.filter((l) => l.pred !== pred && l.truth !== truth), { pred, truth }].sort((a, b) => a.pred - b.pred);
}

/** Removes the link of a predicted item. */
export function unlinkPred(links: readonly MatchLink[], pred: number): MatchLink[] {
  return links.filter((l) => l.pred !== pred);
}
