/**
 * Seeds one DISPUTED double-review adjudication of a VCBench O2-Unique item for an e2e spec, as the
 * k-th submit builds it (run with tsx against the e2e database; prints the id as JSON):
 *
 *   DATABASE_URL=file:data/e2e/playhead.db tsx --conditions=react-server e2e/support/seed-o2-adjudication.ts <projectId> <emailA> <emailB>
 *
 * The project's first O2-Unique item: annotator A's first appearances at frames 150 and 330,
 * annotator B's at 150 and 364 (the case of issue 19.9: two unmatched marks 34 frames apart).
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { db } from "@/lib/db/prisma";
import { compareAnnotations } from "@/lib/review/compare";
import { toStoredAgreement } from "@/lib/review/stored-agreement";
import { at, vcbenchDoc } from "@/lib/review/test-docs";

const identities = (frames: number[], prefix: string) => frames.map((f, i) => ({ id: `${prefix}-${i}`, key: `#${i + 1}`, note: "", firstAppearance: at(f) }));

async function main() {
  const [projectId, emailA, emailB] = process.argv.slice(2);
  const users = await Promise.all([emailA, emailB].map((email) => db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })));
  const items = await db.item.findMany({ where: { projectId }, orderBy: { ordinal: "asc" }, select: { id: true, labels: true, video: { select: { frameCount: true } } } });
  const item = items.find((i) => (i.labels as { subtype?: unknown } | null)?.subtype === "O2-Unique");
  if (!item) throw new Error(`project ${projectId} has no O2-Unique item`);
  const docs: AnnotationDocument[] = [
    vcbenchDoc({ subtype: "O2-Unique", identities: identities([150, 330], "id-a") }),
    vcbenchDoc({ subtype: "O2-Unique", identities: identities([150, 364], "id-b") }),
  ];
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
  process.stdout.write(JSON.stringify({ adjudicationId: row.id, annotationIds }));
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
