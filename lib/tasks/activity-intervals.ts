/**
 * Time on task as a union of intervals (PURE: no I/O; the browser's tracker and the server's
 * store share it).
 *
 * An interval is `{start, end}` in epoch milliseconds, half-open [start, end), start < end.
 * The time spent on a task by one person is the measure (total length) of the UNION of the
 * intervals their open workspaces reported as in use: two tabs open on the task at once cover
 * the same wall time and count it once, a retried report adds nothing, a reload adds only the
 * time after it. Touching intervals ([a, b) and [b, c)) merge into [a, c).
 */
export type ActivityInterval = { start: number; end: number };

/** The union of `intervals` as disjoint, sorted, non-touching intervals (empty and reversed ones are dropped). */
export function unionIntervals(intervals: readonly ActivityInterval[]): ActivityInterval[] {
  const sorted = intervals.filter((i) => Number.isFinite(i.start) && Number.isFinite(i.end) && i.end > i.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: ActivityInterval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/** Total length of the union of `intervals` (milliseconds); overlaps count once. */
export function unionLength(intervals: readonly ActivityInterval[]): number {
  return unionIntervals(intervals).reduce((n, i) => n + (i.end - i.start), 0);
}

/** `intervals` cut to [from, to): parts outside are dropped (and intervals left empty). */
export function clipIntervals(intervals: readonly ActivityInterval[], from: number, to: number): ActivityInterval[] {
  return intervals.flatMap((i) => {
    const start = Math.max(i.start, from);
    const end = Math.min(i.end, to);
    return end > start ? [{ start, end }] : [];
  });
}

/** The parts of `a` not covered by `b` (both any intervals; the result is a disjoint union). */
export function subtractIntervals(a: readonly ActivityInterval[], b: readonly ActivityInterval[]): ActivityInterval[] {
  const cut = unionIntervals(b);
  const out: ActivityInterval[] = [];
  for (const i of unionIntervals(a)) {
    let start = i.start;
    for (const c of cut) {
      if (c.end <= start) continue;
      if (c.start >= i.end) break;
      if (c.start > start) out.push({ start, end: c.start });
      start = Math.max(start, c.end);
      if (start >= i.end) break;
    }
    if (start < i.end) out.push({ start, end: i.end });
  }
  return out;
}
