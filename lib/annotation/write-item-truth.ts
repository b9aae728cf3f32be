import "server-only";
import { audit, type DbTx } from "@/lib/audit/audit";
import { STORED_ITEM_SELECT, itemContentKey, itemSnapshot, normalisedFromStored, truthContentKey } from "@/lib/benchmarks/stored-item";
import { HttpError } from "@/lib/http/http-error";
import { bumpTruthVersion } from "@/lib/truth/truth-version";
import type { LoadedAnnotation } from "./annotation-access";
import type { AnnotationDocument } from "./document";
import { truthFromDocument } from "./truth-from-document";
import { videoTiming } from "./video-timeline";
import { frameTimeAtSec } from "./video-timing";

/** Where a truth came from: the annotation (and version) it was written from, or the adjudication that produced it. */
export type TruthProvenance = {
  /** The annotation whose document became the truth (for double review: annotator A's, the first compared). */
  annotationId: string | null;
  annotationVersion: number | null;
  annotatedById: string | null;
  /** Double review: the Adjudication (auto-merged or resolved by a reviewer). */
  adjudicationId: string | null;
};

export type ItemTruthWrite = {
  itemId: string;
  /** The item's video (whole-second evidence spans are mapped to frames on it). */
  video: LoadedAnnotation["item"]["video"];
  doc: AnnotationDocument;
  provenance: TruthProvenance;
  /** Who caused the write (ItemRevision author, audit actor). */
  actorId: string;
  /** ItemRevision reason, e.g. "annotation submitted (version 4)". */
  reason: string;
  /** The audit entry written in the same transaction (details get the item, truth and status facts added). */
  audit: { action: string; targetType: string; targetId: string; details?: Record<string, unknown> };
};

/**
 * Writes an annotation document as the item's truth, inside the caller's transaction
 * (`lib/annotation/truth-from-document.ts` maps it to the native truth): the truth with
 * provenance, a new item version with an ItemRevision when the item or truth changed, query
 * points / evidence spans replaced, `Project.truthVersion` bumped when the truth changed (the
 * caller calls `truthCommitted()` after the commit so stale runs are rescored (lib/runs/rescore-jobs.ts)), and one audit
 * entry. A keep without change writes provenance only. 409 `item_conflict` when the item was
 * edited concurrently (nothing written: the caller's transaction rolls back).
 */
export async function writeItemTruth(tx: DbTx, w: ItemTruthWrite): Promise<{ truthChanged: boolean; projectTruthVersion: number }> {
  const row = await tx.item.findUniqueOrThrow({
    where: { id: w.itemId },
    select: { ...STORED_ITEM_SELECT, projectId: true, status: true, removalReason: true, notes: true, project: { select: { truthVersion: true } } },
  });
  const stored = normalisedFromStored(row);
  const update = truthFromDocument(w.doc, { item: stored, status: row.status, removalReason: row.removalReason });
  const next = update.next;
  const itemChanged = itemContentKey(stored) !== itemContentKey(next) || update.status !== row.status || update.removalReason !== row.removalReason;
  const truthChanged = !row.truth || truthContentKey(stored) !== truthContentKey(next);
  const provenance = { ...w.provenance, annotatedAt: new Date() };
  let projectTruthVersion = row.project.truthVersion;
  const itemVersion = itemChanged || truthChanged ? row.version + 1 : row.version;
  if (itemChanged || truthChanged) {
    const updated = await tx.item.updateMany({
      where: { id: row.id, version: row.version },
      data: { question: next.question, presentation: next.presentation as never, labels: next.labels as never, status: update.status, removalReason: update.removalReason, version: itemVersion },
    });
    if (updated.count !== 1) throw new HttpError(409, "The item was edited while you submitted; submit again.", "item_conflict");
  }
  if (truthChanged) {
    await tx.itemTruth.upsert({
      where: { itemId: row.id },
      create: { itemId: row.id, answer: next.truth.answer as never, source: next.truth.source as never, ...provenance },
      update: { answer: next.truth.answer as never, source: next.truth.source as never, version: { increment: 1 }, ...provenance },
    });
    if (update.queryFrames) {
      await tx.queryPoint.deleteMany({ where: { itemId: row.id, ordinal: { gte: next.queryPoints.length } } });
      const old = new Map(row.queryPoints.map((q) => [q.ordinal, q]));
      for (const [i, q] of next.queryPoints.entries()) {
        const prev = old.get(q.ordinal);
        const frameIndex = update.queryFrames[i];
        if (!prev) await tx.queryPoint.create({ data: { itemId: row.id, ordinal: q.ordinal, timeSec: q.timeSec, frameIndex } });
        else if (prev.timeSec !== q.timeSec || prev.frameIndex !== frameIndex) await tx.queryPoint.update({ where: { id: prev.id }, data: { timeSec: q.timeSec, frameIndex } });
      }
    }
    if (update.spanFrames) {
      await tx.evidenceSpan.deleteMany({ where: { itemId: row.id, source: "TRUTH" } });
      const frames = await spanFrameIndices(w.video, next.truthSpans, update.spanFrames);
      if (next.truthSpans.length) {
        await tx.evidenceSpan.createMany({
          data: next.truthSpans.map((s, i) => ({ itemId: row.id, source: "TRUTH" as const, startSec: s.startSec, endSec: s.endSec, startFrame: frames[i][0], endFrame: frames[i][1], label: s.label ?? "" })),
        });
      }
    }
    projectTruthVersion = await bumpTruthVersion(row.projectId, tx);
  } else if (row.truth) {
    // Verified without change (keep): provenance only; the truth and its version stay.
    await tx.itemTruth.update({ where: { itemId: row.id }, data: provenance });
  }
  if (itemChanged || truthChanged) {
    await tx.itemRevision.create({
      data: {
        itemId: row.id,
        version: itemVersion,
        authorId: w.actorId,
        snapshot: { ...itemSnapshot(next), status: update.status, removalReason: update.removalReason, notes: row.notes } as never,
        reason: `${w.reason}${update.status === "REMOVED" && row.status !== "REMOVED" ? `: removed: ${update.removalReason}` : ""}`,
      },
    });
  }
  await audit(
    {
      actorId: w.actorId,
      action: w.audit.action,
      targetType: w.audit.targetType,
      targetId: w.audit.targetId,
      details: { ...w.audit.details, itemId: row.id, externalId: row.externalId, truthChanged, itemChanged, status: update.status },
    },
    tx,
  );
  return { truthChanged, projectTruthVersion };
}

/** Frames of truth spans at whole seconds (EC-Bench): the frame shown at each rounded second on the item's video. */
async function spanFrameIndices(video: ItemTruthWrite["video"], spans: readonly { startSec: number; endSec: number }[], fallback: [number, number][]): Promise<[number | null, number | null][]> {
  const timing = video && video.status === "READY" ? await videoTiming(video).catch(() => null) : null;
  if (!timing) return fallback;
  return spans.map((s) => [frameTimeAtSec(timing, s.startSec).frame, frameTimeAtSec(timing, s.endSec).frame]);
}
