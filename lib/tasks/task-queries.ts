import "server-only";
import { db } from "@/lib/db/prisma";
import type { QueueSummary, TaskList, TaskListQuery, TaskProgressRow } from "./task-schemas";
import { unqualifiedProjects } from "./qualification-gate";
import { parseWorkflowSettings } from "./workflow-settings";
import { eligibleAnnotators, workflowSettingsOf } from "./workflow-store";

/**
 * Progress of a project's annotation tasks per annotator (open / in progress / submitted / skipped,
 * time spent), every eligible annotator listed even with no task yet, plus the pool (userId null).
 */
export async function taskProgress(projectId: string): Promise<{ rows: TaskProgressRow[]; totals: Omit<TaskProgressRow, "userId" | "name" | "email"> }> {
  const [groups, time, annotators] = await Promise.all([
    db.task.groupBy({ by: ["userId", "status"], where: { projectId, kind: "ANNOTATE" }, _count: { _all: true } }),
    db.task.groupBy({ by: ["userId"], where: { projectId, kind: "ANNOTATE" }, _sum: { timeSpentMs: true } }),
    eligibleAnnotators(projectId, await workflowSettingsOf(projectId)),
  ]);
  const ids = [...new Set([...annotators.map((a) => a.id), ...groups.map((g) => g.userId).filter((u): u is string => !!u)])];
  const users = new Map((await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } })).map((u) => [u.id, u]));
  const empty = () => ({ open: 0, inProgress: 0, submitted: 0, skipped: 0, total: 0, timeSpentMs: 0 });
  const byUser = new Map<string | null, ReturnType<typeof empty>>();
  for (const id of ids) byUser.set(id, empty());
  for (const g of groups) {
    const row = byUser.get(g.userId) ?? byUser.set(g.userId, empty()).get(g.userId)!;
    const n = g._count._all;
    if (g.status === "OPEN") row.open += n;
    else if (g.status === "IN_PROGRESS") row.inProgress += n;
    else if (g.status === "SUBMITTED") row.submitted += n;
    else row.skipped += n;
    row.total += n;
  }
  for (const t of time) {
    const row = byUser.get(t.userId);
    if (row) row.timeSpentMs = t._sum.timeSpentMs ?? 0;
  }
  const rows: TaskProgressRow[] = [...byUser.entries()].map(([userId, c]) => {
    const u = userId ? users.get(userId) : null;
    return { userId, name: userId ? u?.name || u?.email || "(unknown)" : "Pool", email: u?.email ?? "", ...c };
  });
  rows.sort((a, b) => (a.userId === null ? 1 : b.userId === null ? -1 : a.name.localeCompare(b.name)));
  const totals = rows.reduce((t, r) => ({ open: t.open + r.open, inProgress: t.inProgress + r.inProgress, submitted: t.submitted + r.submitted, skipped: t.skipped + r.skipped, total: t.total + r.total, timeSpentMs: t.timeSpentMs + r.timeSpentMs }), empty());
  return { rows, totals };
}

/** The caller's queue: their tasks in projects they are still members of (open and in progress first), and the open pool per project they may claim from. */
export async function myQueue(userId: string): Promise<QueueSummary> {
  const tasks = await db.task.findMany({
    where: { userId, project: { members: { some: { userId } } } },
    select: {
      id: true,
      kind: true,
      status: true,
      mode: true,
      round: true,
      timeSpentMs: true,
      skipReason: true,
      updatedAt: true,
      project: { select: { id: true, name: true, benchmark: true } },
      item: { select: { id: true, externalId: true, question: true, format: true, ordinal: true } },
    },
    take: 2000,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const rank: Record<string, number> = { IN_PROGRESS: 0, OPEN: 1, SKIPPED: 2, SUBMITTED: 3 };
  tasks.sort((a, b) => rank[a.status] - rank[b.status] || a.project.name.localeCompare(b.project.name) || a.item.ordinal - b.item.ordinal);
  const memberships = await db.projectMember.findMany({ where: { userId, role: "ANNOTATOR" }, select: { project: { select: { id: true, name: true, benchmark: true, settings: true } } } });
  const pool: QueueSummary["pool"] = [];
  const unqualified = await unqualifiedProjects(userId);
  for (const m of memberships) {
    const w = parseWorkflowSettings(m.project.settings, m.project.benchmark);
    if (w.annotatorIds && !w.annotatorIds.includes(userId)) continue;
    if (unqualified.includes(m.project.id)) continue; // no pool until qualified (lib/tasks/qualification-gate.ts)
    const open = await db.task.count({ where: { projectId: m.project.id, userId: null, status: "OPEN", kind: "ANNOTATE", item: { status: "ACTIVE", tasks: { none: { userId } } } } });
    if (open > 0) pool.push({ projectId: m.project.id, projectName: m.project.name, open });
  }
  return {
    tasks: tasks.map((t) => ({
      id: t.id,
      kind: t.kind,
      status: t.status,
      mode: t.mode,
      round: t.round,
      timeSpentMs: t.timeSpentMs,
      skipReason: t.skipReason,
      updatedAt: t.updatedAt.toISOString(),
      project: t.project,
      item: { id: t.item.id, externalId: t.item.externalId, question: t.item.question.length > 200 ? `${t.item.question.slice(0, 197)}...` : t.item.question, format: t.item.format },
    })),
    pool,
  };
}

const TASK_PAGE_SIZE = 50;

/** A project's annotation tasks for admins (filter by status and annotator / pool), newest activity first. */
export async function listProjectTasks(projectId: string, q: TaskListQuery): Promise<TaskList> {
  const where = {
    projectId,
    kind: "ANNOTATE" as const,
    ...(q.status ? { status: q.status } : {}),
    ...(q.user === "pool" ? { userId: null } : q.user ? { userId: q.user } : {}),
  };
  const total = await db.task.count({ where });
  const pages = Math.max(1, Math.ceil(total / TASK_PAGE_SIZE));
  const page = Math.min(q.page, pages);
  const rows = await db.task.findMany({
    where,
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    skip: (page - 1) * TASK_PAGE_SIZE,
    take: TASK_PAGE_SIZE,
    select: {
      id: true,
      kind: true,
      round: true,
      mode: true,
      status: true,
      timeSpentMs: true,
      skipReason: true,
      updatedAt: true,
      item: { select: { id: true, externalId: true } },
      user: { select: { id: true, name: true, email: true } },
      annotation: { select: { id: true, version: true, status: true } },
    },
  });
  return {
    tasks: rows.map((t) => ({
      id: t.id,
      kind: t.kind,
      round: t.round,
      mode: t.mode,
      status: t.status,
      timeSpentMs: t.timeSpentMs,
      skipReason: t.skipReason,
      updatedAt: t.updatedAt.toISOString(),
      item: t.item,
      user: t.user ? { id: t.user.id, name: t.user.name || t.user.email } : null,
      annotation: t.annotation,
    })),
    total,
    page,
    pages,
    pageSize: TASK_PAGE_SIZE,
  };
}
