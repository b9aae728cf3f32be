import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { clipIntervals, unionIntervals, unionLength, type ActivityInterval } from "./activity-intervals";
import { taskForUser, type TaskUser } from "./task-access";
import type { TaskActivityResponse } from "./task-schemas";

/**
 * How far past the server's clock a reported interval may end (the browser's clock is used as it
 * is: tabs of one browser share it, so their intervals line up exactly). Later parts are dropped.
 */
export const ACTIVITY_CLOCK_TOLERANCE_MS = 10 * 60_000;

/**
 * POST /api/tasks/:taskId/activity — the task's annotator reports wall time their workspace was in
 * use (lib/tasks/activity-tracker.ts decides what counts). Only the task's own annotator counts
 * (an admin or anyone else: 403 `not_assignee`; others do not reach the task: 404).
 *
 * Each interval is first cut to when the task could be worked on: from its creation until the
 * server's clock (+ {@link ACTIVITY_CLOCK_TOLERANCE_MS}), and until it was submitted. Then, in ONE
 * transaction that first locks the task row (an update: concurrent reports of two tabs queue
 * there, on SQLite and PostgreSQL), the caller's stored intervals and the new ones are replaced
 * by their union, and Task.timeSpentMs becomes the sum over the task's annotators of their union's
 * length. A retried or repeated report therefore changes nothing; two tabs open at once count
 * their common time once.
 */
export async function recordTaskActivity(user: TaskUser, taskId: string, intervals: readonly ActivityInterval[], now: Date = new Date()): Promise<TaskActivityResponse> {
  const { isAssignee } = await taskForUser(user, taskId);
  if (!isAssignee) throw new HttpError(403, "Only the task's annotator's time on it is counted.", "not_assignee");
  return db.$transaction(async (tx) => {
    // The lock: concurrent reports on this task wait here until this one commits.
    await tx.task.updateMany({ where: { id: taskId }, data: { timeSpentMs: { increment: 0 } } });
    const task = await tx.task.findUniqueOrThrow({ where: { id: taskId }, select: { createdAt: true, status: true, submittedAt: true, userId: true } });
    if (task.userId !== user.id) throw new HttpError(409, "This task was reassigned: your time on it is no longer counted here.", "task_reassigned");
    const until = Math.min(now.getTime() + ACTIVITY_CLOCK_TOLERANCE_MS, task.status === "SUBMITTED" && task.submittedAt ? task.submittedAt.getTime() : Number.POSITIVE_INFINITY);
    const fresh = clipIntervals(intervals, task.createdAt.getTime(), until);
    const rows = await tx.taskActivity.findMany({ where: { taskId }, select: { id: true, userId: true, startAt: true, endAt: true } });
    const mine = rows.filter((r) => r.userId === user.id).map((r) => ({ start: r.startAt.getTime(), end: r.endAt.getTime() }));
    const merged = unionIntervals([...mine, ...fresh]);
    if (!sameIntervals(merged, unionIntervals(mine))) {
      await tx.taskActivity.deleteMany({ where: { taskId, userId: user.id } });
      await tx.taskActivity.createMany({ data: merged.map((i) => ({ taskId, userId: user.id, startAt: new Date(i.start), endAt: new Date(i.end) })) });
    }
    const perUser = new Map<string, ActivityInterval[]>([[user.id, merged]]);
    for (const r of rows) if (r.userId !== user.id) perUser.set(r.userId, [...(perUser.get(r.userId) ?? []), { start: r.startAt.getTime(), end: r.endAt.getTime() }]);
    const timeSpentMs = [...perUser.values()].reduce((n, list) => n + unionLength(list), 0);
    await tx.task.update({ where: { id: taskId }, data: { timeSpentMs } });
    return { timeSpentMs };
  });
}

function sameIntervals(a: readonly ActivityInterval[], b: readonly ActivityInterval[]): boolean {
  return a.length === b.length && a.every((x, i) => x.start === b[i].start && x.end === b[i].end);
}
