/**
 * Grouping the k annotators' marks, counts and spans into comparable groups (PURE). The groups
 * are the unit of auto-merge and of the differences list.
 *
 * - Events (marks with a frame): annotator 0's events open one group each; then for each next
 *   annotator j, j's events are matched one-to-one to the groups' reference frames (the frame
 *   of the group's first member) by the optimal matching of `matchSortedFrames` (most pairs
 *   within the tolerance, then least total |offset|); unmatched events open new groups. With
 *   two annotators the groups are exactly the optimal matching of `matchEvents`.
 * - Spans: connected components of the "overlaps" relation over all annotators' spans (frame
 *   spans [s, e] cover frames s..e; spans that share at least one frame overlap).
 *
 * Groups are ordered by their reference frame (ties: annotator, then input order), so the same
 * documents always give the same groups in the same order.
 */
import { matchSortedFrames } from "@/lib/metrics/agreement-timestamps";
import type { FrameTime } from "@/lib/annotation/document";

/** One group: `members[j]` is annotator j's element in it, or null. */
export type Group<T> = { members: (T | null)[] };

type Located<T> = { item: T; frame: number; annotator: number; index: number };

/** Groups of events across k annotators (see the module comment). `frameOf` gives an element's frame. */
export function groupEvents<T>(lists: readonly (readonly T[])[], frameOf: (t: T) => number, tolerance: number): Group<T>[] {
  const k = lists.length;
  type G = { frame: number; order: [number, number]; members: (T | null)[] };
  let groups: G[] = [];
  const byKey = (x: { frame: number; order: [number, number] }, y: { frame: number; order: [number, number] }) =>
    x.frame - y.frame || x.order[0] - y.order[0] || x.order[1] - y.order[1];
  lists.forEach((list, j) => {
    const located: Located<T>[] = list.map((item, index) => ({ item, frame: frameOf(item), annotator: j, index }));
    located.sort((x, y) => x.frame - y.frame || x.index - y.index);
    const matched = new Set<number>();
    if (groups.length > 0 && located.length > 0) {
      const pairs = matchSortedFrames(
        groups.map((g) => g.frame),
        located.map((l) => l.frame),
        tolerance,
      );
      for (const [gi, li] of pairs) {
        groups[gi].members[j] = located[li].item;
        matched.add(li);
      }
    }
    located.forEach((l, li) => {
      if (matched.has(li)) return;
      const members = new Array<T | null>(k).fill(null);
      members[j] = l.item;
      groups.push({ frame: l.frame, order: [j, l.index], members });
    });
    groups = groups.sort(byKey);
  });
  return groups.map((g) => ({ members: g.members }));
}

/** Groups of counts: those at a frame grouped like events; those without one (`at` null) by id. */
export function groupPoints<T extends { id: string; at: FrameTime | null }>(lists: readonly (readonly T[])[], tolerance: number): Group<T>[] {
  const k = lists.length;
  const located = groupEvents(
    lists.map((l) => l.filter((p) => p.at !== null)),
    (p) => (p.at as FrameTime).frame,
    tolerance,
  );
  const keyed = new Map<string, (T | null)[]>();
  lists.forEach((list, j) => {
    for (const p of list) {
      if (p.at !== null) continue;
      const row = keyed.get(p.id) ?? new Array<T | null>(k).fill(null);
      if (row[j] === null) row[j] = p;
      keyed.set(p.id, row);
    }
  });
  return [...[...keyed.values()].map((members) => ({ members })), ...located];
}

/** A component of overlapping spans: `members[j]` = annotator j's spans in it (input order kept). */
export type SpanGroup<T> = { members: T[][]; startFrame: number; endFrame: number };

/** Connected components of overlapping spans over all annotators (see the module comment). */
export function groupSpans<T extends { start: FrameTime; end: FrameTime }>(lists: readonly (readonly T[])[]): SpanGroup<T>[] {
  const k = lists.length;
  const all = lists.flatMap((list, j) => list.map((item, index) => ({ item, j, index, s: item.start.frame, e: item.end.frame })));
  all.sort((x, y) => x.s - y.s || x.e - y.e || x.j - y.j || x.index - y.index);
  const out: SpanGroup<T>[] = [];
  let current: SpanGroup<T> | null = null;
  for (const x of all) {
    if (current && x.s <= current.endFrame) {
      current.members[x.j].push(x.item);
      current.endFrame = Math.max(current.endFrame, x.e);
      continue;
    }
    current = { members: Array.from({ length: k }, () => [] as T[]), startFrame: x.s, endFrame: x.e };
    current.members[x.j].push(x.item);
    out.push(current);
  }
  return out;
}
