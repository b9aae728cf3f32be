/**
 * The reviewer's picks in the adjudication view (PURE): which difference comes next, which pick a
 * difference has, setting / clearing a pick, and which annotators' elements a difference names
 * (to highlight them on each annotator's timeline). Picks are `{differenceId, take}` or
 * `{differenceId, edit}` as `applyPicks` reads them (docs/annotation/review.md).
 */
import { annotatorLetter } from "./annotator-letter";
import { differenceLabel } from "./difference-label";
import type { Difference } from "./differences";
import type { Pick } from "./resolve-facets";

/** The index of the difference after (+1) / before (-1) `current`, wrapping around; -1 when there are none. */
export function stepDifference(count: number, current: number, direction: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return direction > 0 ? 0 : count - 1;
  return (current + direction + count) % count;
}

/** The first difference that still needs a pick (blocking, not derived, unpicked) at or after `from`, wrapping; -1 when none. */
export function nextUnresolved(differences: readonly Difference[], picks: readonly Pick[], from: number): number {
  const picked = new Set(picks.map((p) => p.differenceId));
  const n = differences.length;
  for (let i = 0; i < n; i++) {
    const j = (Math.max(0, from) + i) % n;
    const d = differences[j];
    if (d.blocking && !d.derived && !picked.has(d.id)) return j;
  }
  return -1;
}

/** The index of the difference with this id, else 0 (or -1 when the list is empty). */
export function indexOfDifference(differences: readonly Difference[], id: string | null | undefined): number {
  if (differences.length === 0) return -1;
  const i = id ? differences.findIndex((d) => d.id === id) : -1;
  return i >= 0 ? i : 0;
}

export type PickState = { kind: "take"; annotator: number; label: string } | { kind: "edit"; edit: unknown; label: string } | { kind: "default"; label: string } | { kind: "open"; label: string };

/** What is decided for a difference: taken from an annotator, edited, its default, or still open (blocking, no pick). */
export function pickStateOf(difference: Difference, picks: readonly Pick[]): PickState {
  const p = picks.find((x) => x.differenceId === difference.id);
  if (p && p.take !== undefined) return { kind: "take", annotator: p.take, label: `take ${annotatorLetter(p.take)}` };
  if (p && Object.prototype.hasOwnProperty.call(p, "edit")) return { kind: "edit", edit: p.edit, label: "edited" };
  if (difference.derived) return { kind: "default", label: "follows the marks" };
  if (difference.blocking) return { kind: "open", label: "needs a decision" };
  return { kind: "default", label: difference.type === "span" ? "default: union" : difference.type === "offset" ? "default: mean frame" : "default" };
}

/** The picks with this difference's pick replaced by `pick` (null: removed, back to the default / open). */
export function setPick(picks: readonly Pick[], differenceId: string, pick: { take: number } | { edit: unknown } | null): Pick[] {
  const rest = picks.filter((p) => p.differenceId !== differenceId);
  if (pick === null) return rest;
  return [...rest, "take" in pick ? { differenceId, take: pick.take } : { differenceId, edit: pick.edit }];
}

/** Why taking annotator `j` is not possible for this difference, or null when it is. */
export function takeRefusal(difference: Difference, j: number, k: number): string | null {
  if (difference.derived) return `${differenceLabel(difference)} is computed from the marks: resolve the marks instead`;
  if (j < 0 || j >= k) return `there is no annotation ${annotatorLetter(j)} (only ${k})`;
  return null;
}

/**
 * Per annotator, the ids of the document elements a difference names (`moments:0.a3+1.b7` →
 * [["a3"], ["b7"]]); empty lists for labels and captions, which name no element.
 */
export function differenceMembers(difference: { id: string; facet: string }, k: number): string[][] {
  const out: string[][] = Array.from({ length: k }, () => []);
  const prefix = `${difference.facet}:`;
  if (!difference.id.startsWith(prefix)) return out;
  const rest = difference.id.slice(prefix.length).replace(/:(at|count)$/, "");
  for (const part of rest.split("+")) {
    const m = /^(\d+)\.(.+)$/.exec(part);
    if (!m) continue;
    const j = Number(m[1]);
    if (j < k) out[j].push(m[2]);
  }
  return out;
}
