import "server-only";
import { audit, type DbTx } from "@/lib/audit/audit";
import { annotationDocumentSchema, type AnnotationDocument } from "@/lib/annotation/document";
import { writeItemTruth, type ItemTruthWrite } from "@/lib/annotation/write-item-truth";
import { Prisma } from "@/lib/generated/prisma-sqlite/client";
import { autoMerge } from "./apply-picks";
import { compareAnnotations, type ReviewContext } from "./compare";
import { reviewVideoContext } from "./review-video-context";
import { toStoredAgreement } from "./stored-agreement";
import { reviewThresholdsFromSettings } from "./thresholds";

export type DoubleReviewInput = {
  itemId: string;
  projectId: string;
  /** `Project.settings` (thresholds). */
  settings: unknown;
  /** k: the project's annotations per item (>= 2). */
  k: number;
  video: ItemTruthWrite["video"];
  /** Who submitted the k-th pass (audit actor, ItemRevision author of an auto-merged truth). */
  actorId: string;
};

export type DoubleReviewOutcome =
  | { status: "PENDING" }
  | { status: "RESOLVED"; adjudicationId: string }
  | { status: "DISPUTED"; adjudicationId: string }
  | {
      status: "AGREED";
      adjudicationId: string;
      merged: AnnotationDocument;
      annotationIds: string[];
      truthChanged: boolean;
      projectTruthVersion: number;
    };

/** The item video's frame rate and frame count for the comparison (lib/review/review-video-context.ts). */
async function reviewVideo(tx: DbTx, itemId: string, docs: readonly AnnotationDocument[]): Promise<{ fps: number; frameCount: number }> {
  const item = await tx.item.findUniqueOrThrow({
    where: { id: itemId },
    select: { video: { select: { avgFrameRate: true, nominalFrameRate: true, frameCount: true, durationSec: true } } },
  });
  return reviewVideoContext(item.video, docs);
}

/**
 * Double review at a submit (inside the submit's transaction; docs/annotation/review.md "Blind k
 * passes"). Until k ANNOTATE passes of the item are submitted nothing is written (PENDING). At
 * the k-th: the submitted documents, in task round order, are compared with the project's
 * thresholds on the item's video; `Adjudication{kind: "double"}` is upserted with the compared
 * annotation ids and the stored agreement, and is AGREED (the auto-merged document written as the
 * item's truth with the adjudication as provenance; `resolution`, default `decisions`,
 * `resolvedAt`) or DISPUTED (a reviewer adjudicates; a draft or claim of an earlier comparison is
 * kept only while the compared annotations are the same). A resubmitted pass (after a reopen)
 * recomputes the record unless it is RESOLVED. Concurrent submits of one item's passes are
 * serialised on the item's row.
 */
export async function recordDoubleReview(tx: DbTx, input: DoubleReviewInput): Promise<DoubleReviewOutcome> {
  // One item's passes are counted one submit at a time: two last passes submitted at once would
  // each see only their own submit (PostgreSQL, read committed) and neither would compare. The
  // no-op update locks the item's row until this transaction ends (SQLite serialises writers).
  await tx.$executeRaw`UPDATE "Item" SET "version" = "version" WHERE "id" = ${input.itemId}`;
  const tasks = await tx.task.findMany({
    where: { itemId: input.itemId, kind: "ANNOTATE" },
    orderBy: [{ round: "asc" }, { createdAt: "asc" }],
    select: { round: true, annotation: { select: { id: true, authorId: true, status: true, version: true, data: true } } },
  });
  const passes = tasks.flatMap((t) => (t.annotation && t.annotation.status === "SUBMITTED" ? [t.annotation] : []));
  if (passes.length < Math.max(2, input.k)) return { status: "PENDING" };
  const existing = await tx.adjudication.findUnique({ where: { itemId_kind: { itemId: input.itemId, kind: "double" } } });
  if (existing?.status === "RESOLVED") return { status: "RESOLVED", adjudicationId: existing.id };

  const docs = passes.map((p) => annotationDocumentSchema.parse(p.data));
  const context: ReviewContext = { ...(await reviewVideo(tx, input.itemId, docs)), thresholds: reviewThresholdsFromSettings(input.settings) };
  const comparison = compareAnnotations(docs, context);
  const merged = comparison.verdict === "agreed" ? autoMerge(docs, context, comparison) : null;
  const agreed = merged?.ok === true;
  if (merged && !merged.ok) comparison.reasons.push(...merged.problems.map((p) => `auto-merge: ${p.message}`));
  const annotationIds = passes.map((p) => p.id);
  const sameAnnotations = JSON.stringify(existing?.annotationIds ?? null) === JSON.stringify(annotationIds);
  const now = new Date();
  const data = {
    projectId: input.projectId,
    annotationIds: annotationIds as never,
    agreement: toStoredAgreement(
      passes.map((p) => p.authorId),
      annotationIds,
      comparison,
    ) as never,
    status: agreed ? ("AGREED" as const) : ("DISPUTED" as const),
    resolution: agreed ? (merged.document as never) : Prisma.DbNull,
    decisions: agreed ? (merged.decisions as never) : Prisma.DbNull,
    resolvedAt: agreed ? now : null,
    resolvedById: null,
    note: "",
  };
  const row = existing
    ? await tx.adjudication.update({
        where: { id: existing.id },
        data: {
          ...data,
          version: { increment: 1 },
          ...(agreed || !sameAnnotations ? { claimedById: null, claimedAt: null, draft: Prisma.DbNull } : {}),
        },
        select: { id: true },
      })
    : await tx.adjudication.create({ data: { itemId: input.itemId, kind: "double", ...data }, select: { id: true } });

  if (!agreed) {
    await audit(
      {
        actorId: input.actorId,
        action: "adjudication.disputed",
        targetType: "Adjudication",
        targetId: row.id,
        details: { itemId: input.itemId, k: passes.length, annotationIds, reasons: comparison.reasons.slice(0, 20), recomputed: !!existing },
      },
      tx,
    );
    return { status: "DISPUTED", adjudicationId: row.id };
  }
  const first = passes[0];
  const written = await writeItemTruth(tx, {
    itemId: input.itemId,
    video: input.video,
    doc: merged.document,
    provenance: { annotationId: first.id, annotationVersion: first.version, annotatedById: first.authorId, adjudicationId: row.id },
    actorId: input.actorId,
    reason: `double review agreed: auto-merge of ${passes.length} annotations`,
    audit: { action: "adjudication.auto_merge", targetType: "Adjudication", targetId: row.id, details: { k: passes.length, annotationIds, recomputed: !!existing } },
  });
  return { status: "AGREED", adjudicationId: row.id, merged: merged.document, annotationIds, ...written };
}
