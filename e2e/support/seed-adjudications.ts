/**
 * Seeds DISPUTED double-review adjudications for an e2e spec, as the k-th submit builds them
 * (run with tsx against the e2e database; prints the adjudication ids as JSON):
 *
 *   DATABASE_URL=file:data/e2e/playhead.db tsx --conditions=react-server e2e/support/seed-adjudications.ts <projectId> <emailA> <emailB> <n>
 *
 * For the first n VCBench E1 items of the project: a SUBMITTED annotation of each of the two
 * accounts (marks that disagree: 10 and 40 vs 10 and 120), the comparison stored on an
 * Adjudication row (kind "double", status DISPUTED).
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { db } from "@/lib/db/prisma";
import { compareAnnotations } from "@/lib/review/compare";
import { toStoredAgreement } from "@/lib/review/stored-agreement";
import { e1Doc } from "@/lib/review/test-docs";

async function main() {
  const [projectId, emailA, emailB, n] = process.argv.slice(2);
  const users = await Promise.all([emailA, emailB].map((email) => db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })));
  const items = await db.item.findMany({ where: { projectId }, orderBy: { ordinal: "asc" }, select: { id: true, labels: true, video: { select: { frameCount: true } } } });
  const e1 = items.filter((i) => String((i.labels as { subtype?: unknown } | null)?.subtype ?? "").startsWith("E1")).slice(0, Number(n));
  const ids: string[] = [];
  for (const item of e1) {
    const subtype = (item.labels as { subtype: "E1-Action" | "E1-Transit" }).subtype;
    const docs = [e1Doc([10, 40], [60, 130], "a"), e1Doc([10, 120], [60, 130], "b")].map((d) => ({ ...d, subtype }) as AnnotationDocument);
    const annotationIds: string[] = [];
    for (const [j, doc] of docs.entries()) {
      const task = await db.task.create({ data: { projectId, itemId: item.id, userId: users[j].id, kind: "ANNOTATE", mode: "blank", round: j + 1, status: "SUBMITTED" } });
      const a = await db.annotation.create({ data: { itemId: item.id, authorId: users[j].id, taskId: task.id, data: doc as never, status: "SUBMITTED", version: 2, submittedAt: new Date() } });
      annotationIds.push(a.id);
    }
    const comparison = compareAnnotations(docs, { fps: 30, frameCount: item.video?.frameCount ?? 300 });
    const row = await db.adjudication.create({
      data: { itemId: item.id, projectId, kind: "double", status: "DISPUTED", annotationIds, agreement: toStoredAgreement(users.map((u) => u.id), annotationIds, comparison) as never },
    });
    ids.push(row.id);
  }
  process.stdout.write(JSON.stringify({ adjudicationIds: ids }));
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
