import "server-only";
import type { Db } from "@/lib/db/prisma";
import { parseWorkflowSettings } from "@/lib/tasks/workflow-settings";
import { demoFormProjects } from "./demo-form-items";
import { DEMO_ACCOUNTS, DEMO_PROJECT_NAME } from "./seed-demo";

/**
 * Gives the demo annotator an annotation task (kind ANNOTATE, pass 1, the project's default mode)
 * on every item of every demo project, assigned by the demo admin, so the annotator's queue is not
 * empty on a fresh install. Idempotent: an item that already has a pass-1 ANNOTATE task (assigned
 * or pooled) gets no other.
 */
export async function seedDemoTasks(db: Db): Promise<{ tasks: number; created: number }> {
  const names = [DEMO_PROJECT_NAME, ...demoFormProjects().map((p) => p.name)];
  const annotator = await db.user.findUnique({ where: { email: DEMO_ACCOUNTS.find((a) => a.role === "ANNOTATOR")!.email }, select: { id: true } });
  const admin = await db.user.findUnique({ where: { email: DEMO_ACCOUNTS.find((a) => a.role === "ADMIN")!.email }, select: { id: true } });
  if (!annotator) return { tasks: 0, created: 0 };
  const projects = await db.project.findMany({ where: { name: { in: names } }, select: { id: true, benchmark: true, settings: true } });
  let tasks = 0;
  let created = 0;
  for (const project of projects) {
    const { mode } = parseWorkflowSettings(project.settings, project.benchmark);
    const items = await db.item.findMany({ where: { projectId: project.id, status: "ACTIVE" }, select: { id: true }, orderBy: { ordinal: "asc" } });
    const existing = new Set(
      (await db.task.findMany({ where: { projectId: project.id, kind: "ANNOTATE", round: 1 }, select: { itemId: true } })).map((t) => t.itemId),
    );
    const missing = items.filter((i) => !existing.has(i.id));
    if (missing.length) {
      await db.task.createMany({
        data: missing.map((i) => ({ projectId: project.id, itemId: i.id, userId: annotator.id, kind: "ANNOTATE" as const, round: 1, mode, assignedById: admin?.id ?? null })),
      });
    }
    tasks += items.length;
    created += missing.length;
  }
  return { tasks, created };
}
