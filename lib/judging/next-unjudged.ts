/**
 * The next VSAS second to grade (PURE): after `from` (task, second), wrapping around, the first
 * second whose verdict lacks the yes/no or the rubric; `from` itself when every second is judged.
 */
export type GradePosition = { task: number; second: number };

export function nextUnjudged(
  tasks: readonly { itemId: string; seconds: readonly { t: number }[] }[],
  from: GradePosition,
  isJudged: (itemId: string, t: number) => boolean,
): GradePosition {
  const flat: GradePosition[] = tasks.flatMap((task, ti) => task.seconds.map((_, si) => ({ task: ti, second: si })));
  const start = flat.findIndex((p) => p.task === from.task && p.second === from.second);
  for (let k = 1; k <= flat.length; k++) {
    const p = flat[(start + k) % flat.length];
    const task = tasks[p.task];
    if (!isJudged(task.itemId, task.seconds[p.second].t)) return p;
  }
  return from;
}
