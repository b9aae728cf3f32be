/**
 * Seeds double reviews into the e2e database for e2e/review-dashboard.spec.ts (run with tsx
 * --conditions=react-server and the e2e DATABASE_URL; prints JSON): a VCBench project whose
 * members are the demo reviewer and annotator, three E1 items each annotated by the demo
 * annotator and a second annotator, reviews AGREED, RESOLVED (with a note) and DISPUTED, stored
 * as the k-th submit stores them (lib/review/stored-agreement.ts).
 *
 *   tsx --conditions=react-server e2e/support/seed-review.ts "<project name>"
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { db } from "@/lib/db/prisma";
import { compareAnnotations } from "@/lib/review/compare";
import { toStoredAgreement } from "@/lib/review/stored-agreement";
import { e1Doc } from "@/lib/review/test-docs";
import { ACCOUNTS } from "./accounts";

const name = process.argv[2];
if (!name) throw new Error("seed-review: give the project name");
const video = { fps: 30, frameCount: 300 };

const annotator = await db.user.findUniqueOrThrow({ where: { email: ACCOUNTS.ANNOTATOR } });
const reviewer = await db.user.findUniqueOrThrow({ where: { email: ACCOUNTS.REVIEWER } });
const second = await db.user.upsert({ where: { email: "second-annotator@playhead.local" }, create: { email: "second-annotator@playhead.local", name: "Second Annotator", role: "ANNOTATOR" }, update: {} });
const project = await db.project.create({ data: { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), benchmark: "VCBENCH", settings: {} } });
for (const u of [annotator, reviewer, second]) await db.projectMember.create({ data: { projectId: project.id, userId: u.id, role: u.role } });

const reviews: { docs: [AnnotationDocument, AnnotationDocument]; status: "AGREED" | "RESOLVED" | "DISPUTED"; final: AnnotationDocument | null; note: string }[] = [
  { docs: [e1Doc([10, 50], [100]), e1Doc([11, 50], [100])], status: "AGREED", final: e1Doc([10, 50], [100]), note: "" },
  { docs: [e1Doc([20], [100]), e1Doc([20, 80], [100])], status: "RESOLVED", final: e1Doc([20, 80], [100]), note: "The second moment at 80 is real." },
  { docs: [e1Doc([30, 90], [120]), e1Doc([60], [120])], status: "DISPUTED", final: null, note: "" },
];
const out: { projectId: string; annotationIds: string[] } = { projectId: project.id, annotationIds: [] };
for (const [ordinal, r] of reviews.entries()) {
  const item = await db.item.create({
    data: { projectId: project.id, externalId: `rev-${ordinal + 1}`, ordinal, format: "count", question: "How many times?", presentation: {}, labels: { subtype: "E1-Action" }, videoRef: "none.mp4" },
  });
  const ids: string[] = [];
  for (const [round, user] of [annotator, second].entries()) {
    const task = await db.task.create({ data: { projectId: project.id, itemId: item.id, userId: user.id, kind: "ANNOTATE", round: round + 1, status: "SUBMITTED", timeSpentMs: 90_000, submittedAt: new Date() } });
    const a = await db.annotation.create({ data: { itemId: item.id, authorId: user.id, taskId: task.id, data: r.docs[round] as never, status: "SUBMITTED", submittedAt: new Date() } });
    ids.push(a.id);
  }
  out.annotationIds.push(ids[0]);
  await db.adjudication.create({
    data: {
      itemId: item.id,
      projectId: project.id,
      kind: "double",
      status: r.status,
      annotationIds: ids,
      agreement: toStoredAgreement([annotator.id, second.id], ids, compareAnnotations(r.docs, video)) as never,
      resolution: (r.final ?? undefined) as never,
      note: r.note,
      resolvedAt: r.final ? new Date() : null,
      resolvedById: r.status === "RESOLVED" ? reviewer.id : null,
    },
  });
}
process.stdout.write(JSON.stringify(out));
await db.$disconnect();
