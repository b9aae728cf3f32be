import "server-only";
import { randomUUID } from "node:crypto";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { saveAnnotation } from "@/lib/annotation/save-annotation";
import { videoTiming } from "@/lib/annotation/video-timeline";
import { frameTimeOfFrame } from "@/lib/annotation/video-timing";
import { workspacePayload } from "@/lib/annotation/workspace-payload";
import { toJsonl } from "@/lib/benchmarks/export-types";
import { defaultProjectSettings } from "@/lib/benchmarks/project-defaults";
import { linesOf } from "@/lib/benchmarks/text-lines";
import { parseVcbench } from "@/lib/benchmarks/vcbench/parse";
import type { Db } from "@/lib/db/prisma";
import { submitAnnotationPass } from "@/lib/review/submit-pass";
import { createTasks } from "@/lib/tasks/create-tasks";
import { recordTaskActivity } from "@/lib/tasks/task-activity";
import { demoItems, demoVcbenchRecords } from "./demo-items";
import { DEMO_ACCOUNTS, seedVcbenchItems } from "./seed-demo";

export const DEMO_DOUBLE_PROJECT_NAME = "Demo: double review";

/**
 * Frame shifts of the second annotator's marks against the first's on the seeded items (by
 * externalId): within 2 frames the passes agree (AGREED, auto-merged truth); more apart, or a mark
 * only one of them placed, they dispute (DISPUTED, in the reviewers' queue).
 */
const SECOND_PASS: Record<string, { shift: number[]; extraFrame?: number }> = {
  "demo-cfr30-gone": { shift: [1, 0, -1] },
  "demo-vfr-gone": { shift: [0, 6] },
  "demo-offset-gone": { shift: [0], extraFrame: 200 },
};

/**
 * The demo double-review project (k = 2, blank mode): the demo questions again, each annotated
 * independently by the two demo annotators. Tasks are made by the real task creation (named
 * annotators, round-robin); on the three "disappeared" (E1-Transit) items both annotators open,
 * save and submit through the real workspace, autosave and submit functions, so the k-th submit
 * computes the agreement as in the app: one item AGREED (truth auto-merged), two DISPUTED.
 * Each pass's time on task is reported as a workspace would (lib/tasks/task-activity.ts): the
 * passes were worked one after another an hour before the seed ran, 40-95 s each, so the
 * Agreement tab's throughput has figures.
 * Needs the demo videos in the library (the marks are frames of them); without them only the
 * project, its items and tasks are created. Idempotent: submitted passes are left as they are.
 */
export async function seedDemoDoubleReview(db: Db): Promise<{ projectId: string; created: number; submitted: number }> {
  const emails = DEMO_ACCOUNTS.filter((a) => a.role === "ANNOTATOR").map((a) => a.email);
  const [admin, reviewer, annotators] = await Promise.all([
    db.user.findUnique({ where: { email: DEMO_ACCOUNTS.find((a) => a.role === "ADMIN")!.email }, select: { id: true, role: true } }),
    db.user.findUnique({ where: { email: DEMO_ACCOUNTS.find((a) => a.role === "REVIEWER")!.email }, select: { id: true, role: true } }),
    Promise.all(emails.map((email) => db.user.findUniqueOrThrow({ where: { email }, select: { id: true, role: true } }))),
  ]);
  const items = demoItems();
  const parsed = await parseVcbench(linesOf(toJsonl(demoVcbenchRecords(items))));
  if (parsed.errors.length > 0) throw new Error(`the demo questions are not valid VCBench records: ${parsed.errors[0].message}`);
  const project = await db.project.upsert({
    where: { name: DEMO_DOUBLE_PROJECT_NAME },
    update: {},
    create: {
      name: DEMO_DOUBLE_PROJECT_NAME,
      slug: "demo-double-review",
      benchmark: "VCBENCH",
      description: "The demo questions annotated blind by two annotators each; agreement computed at the second submit, disputes adjudicated by a reviewer.",
      settings: { ...defaultProjectSettings("VCBENCH"), doubleReview: true, native: parsed.meta, workflow: { annotationsPerItem: 2, mode: "blank" } } as never,
      createdById: admin?.id ?? null,
    },
  });
  const created = await seedVcbenchItems(db, project.id, items, parsed.items);
  if (created > 0) await db.project.update({ where: { id: project.id }, data: { truthVersion: { increment: 1 } } });
  for (const user of [...annotators, ...(reviewer ? [reviewer] : [])]) {
    await db.projectMember.upsert({ where: { projectId_userId: { projectId: project.id, userId: user.id } }, create: { projectId: project.id, userId: user.id, role: user.role }, update: {} });
  }
  if (!admin || annotators.length < 2) return { projectId: project.id, created, submitted: 0 };
  const seededAt = Date.now();
  await createTasks(project.id, { items: { all: true }, assignees: annotators.slice(0, 2).map((a) => a.id) }, { id: admin.id });
  // The demo passes were worked an hour ago: their tasks existed before that.
  const workedFrom = seededAt - 3600_000;
  await db.task.updateMany({ where: { projectId: project.id, createdAt: { gte: new Date(seededAt - 1000) } }, data: { createdAt: new Date(workedFrom - 60_000) } });

  let submitted = 0;
  for (const [externalId, second] of Object.entries(SECOND_PASS)) {
    const item = await db.item.findUnique({ where: { projectId_externalId: { projectId: project.id, externalId } }, select: { id: true, video: true } });
    const demo = items.find((i) => i.externalId === externalId);
    if (!item?.video || item.video.status !== "READY" || !demo) continue;
    const timing = await videoTiming(item.video);
    const frames = demo.occurrenceTimes.map((t) => timing.frameAtSec(t));
    const passes = [frames, [...frames.map((f, i) => f + (second.shift[i] ?? 0)), ...(second.extraFrame === undefined ? [] : [second.extraFrame])]];
    for (const [i, user] of annotators.slice(0, 2).entries()) {
      const task = await db.task.findFirst({ where: { itemId: item.id, userId: user.id, kind: "ANNOTATE" }, select: { id: true, status: true } });
      if (!task || task.status === "SUBMITTED") continue;
      const opened = await workspacePayload(user, task.id);
      const doc = opened.annotation.data as AnnotationDocument;
      if (doc.benchmark !== "VCBENCH") continue;
      const moments = passes[i].map((f, j) => ({ id: `m${j + 1}`, at: frameTimeOfFrame(timing, Math.min(f, timing.frameCount - 1)), label: "", comment: "" }));
      const saved = await saveAnnotation(user, opened.annotation.id, { baseVersion: opened.annotation.version, clientSaveId: randomUUID(), data: { ...doc, moments } });
      const start = workedFrom + submitted * 120_000;
      await recordTaskActivity(user, task.id, [{ start, end: start + 40_000 + ((submitted * 11_000) % 55_000) }]);
      await submitAnnotationPass(user, opened.annotation.id, saved.version);
      submitted++;
    }
  }
  return { projectId: project.id, created, submitted };
}
