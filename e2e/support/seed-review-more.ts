/**
 * Seeds the adjudications of e2e/review-adjudicate-more.spec.ts (run with tsx against the e2e
 * database, prints JSON):
 *
 *   tsx --conditions=react-server e2e/support/seed-review-more.ts seed <projectId> <emailA> <emailB> <secondReviewerEmail>
 *     → {expert: [id, id], double: [id, id]}: for the project's first four items (all VCBench E1):
 *       items 1-2 an expert sample (one SUBMITTED annotation of A, marks 10 and 40), items 3-4 a
 *       DISPUTED double review (A: 10, 40 vs B: 10, 120), as the submit builds them; creates the
 *       second reviewer account (REVIEWER, a reviewer member of the project) when missing.
 *   tsx ... seed-review-more.ts claim <adjudicationId> <email>
 *     → the adjudication is claimed by that account (as their Claim would).
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { db } from "@/lib/db/prisma";
import { compareAnnotations } from "@/lib/review/compare";
import { toStoredAgreement } from "@/lib/review/stored-agreement";
import { e1Doc } from "@/lib/review/test-docs";

/** The query points of the spec's records (2, 5 and 8 s at 30 fps). */
const QUERIES = [60, 150, 240];

async function submitted(projectId: string, itemId: string, userId: string, round: number, doc: AnnotationDocument): Promise<string> {
  const task = await db.task.create({ data: { projectId, itemId, userId, kind: "ANNOTATE", mode: "blank", round, status: "SUBMITTED" } });
  const a = await db.annotation.create({ data: { itemId, authorId: userId, taskId: task.id, data: doc as never, status: "SUBMITTED", version: 2, submittedAt: new Date() } });
  return a.id;
}

async function seed(projectId: string, emailA: string, emailB: string, reviewer2: string) {
  const [a, b] = await Promise.all([emailA, emailB].map((email) => db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })));
  const second = await db.user.upsert({ where: { email: reviewer2 }, create: { email: reviewer2, name: "Rita Second", role: "REVIEWER" }, update: {}, select: { id: true } });
  await db.projectMember.upsert({ where: { projectId_userId: { projectId, userId: second.id } }, create: { projectId, userId: second.id, role: "REVIEWER" }, update: {} });
  const items = await db.item.findMany({ where: { projectId }, orderBy: { ordinal: "asc" }, take: 4, select: { id: true, video: { select: { frameCount: true } } } });
  if (items.length < 4) throw new Error(`project ${projectId} has ${items.length} items, 4 needed`);
  const expert: string[] = [];
  for (const item of items.slice(0, 2)) {
    const annotationId = await submitted(projectId, item.id, a.id, 1, e1Doc([10, 40], QUERIES, "a"));
    expert.push((await db.adjudication.create({ data: { itemId: item.id, projectId, kind: "expert", status: "DISPUTED", annotationIds: [annotationId] } })).id);
  }
  const double: string[] = [];
  for (const item of items.slice(2, 4)) {
    const docs = [e1Doc([10, 40], QUERIES, "a"), e1Doc([10, 120], QUERIES, "b")];
    const annotationIds = [await submitted(projectId, item.id, a.id, 1, docs[0]), await submitted(projectId, item.id, b.id, 2, docs[1])];
    const comparison = compareAnnotations(docs, { fps: 30, frameCount: item.video?.frameCount ?? 300 });
    const row = await db.adjudication.create({
      data: { itemId: item.id, projectId, kind: "double", status: "DISPUTED", annotationIds, agreement: toStoredAgreement([a.id, b.id], annotationIds, comparison) as never },
    });
    double.push(row.id);
  }
  return { expert, double };
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === "seed") {
    const [projectId, emailA, emailB, reviewer2] = args;
    process.stdout.write(JSON.stringify(await seed(projectId, emailA, emailB, reviewer2)));
  } else if (command === "claim") {
    const [adjudicationId, email] = args;
    const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    await db.adjudication.update({ where: { id: adjudicationId }, data: { claimedById: user.id, claimedAt: new Date() } });
    process.stdout.write("{}");
  } else {
    throw new Error(`unknown command ${command ?? "(none)"}: seed | claim`);
  }
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
