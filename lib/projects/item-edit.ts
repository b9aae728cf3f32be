import "server-only";
import { audit } from "@/lib/audit/audit";
import { frameForTime, type VideoTiming } from "@/lib/benchmarks/frame-mapping";
import { linkableVideos, resolveVideoLinks } from "@/lib/benchmarks/link-videos";
import { STORED_ITEM_SELECT, itemContentKey, itemSnapshot, normalisedFromStored, sortSpans, truthContentKey } from "@/lib/benchmarks/stored-item";
import type { LabelValue, NormalisedItem } from "@/lib/benchmarks/types";
import { loadVideoTiming } from "@/lib/benchmarks/video-timing";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { bumpTruthVersion, truthCommitted } from "@/lib/truth/truth-version";
import { truthShapeIssues, type ItemEdit } from "./item-edit-schema";

/**
 * Applies an item edit with optimistic concurrency, in ONE transaction:
 *
 * - the stored version must equal `edit.version`, else 409 `version_conflict` with
 *   `details.currentVersion` and nothing is written (the update itself is a compare-and-set on
 *   the version, so two concurrent edits of the same version cannot both succeed);
 * - an edit that changes nothing returns the item as is (no new version);
 * - otherwise the item version goes up by one, an ItemRevision (snapshot of item and truth,
 *   author, reason) is written, and an audit entry;
 * - when ground truth changes (answer, truth source, query point times, truth spans) the
 *   ItemTruth version and `Project.truthVersion` go up by one and the project's runs are marked
 *   stale in the same transaction; after the commit the stale-run sweep job runs soon;
 * - query points keep their rows by position (answers given at a point stay linked), frame
 *   indices are recomputed from the linked video's PTS table; a new videoRef is matched against
 *   the library again.
 */

export type EditActor = { id: string; ip?: string };

export type EditResult = { changed: boolean; version: number; truthChanged: boolean; truthVersion: number | null; projectTruthVersion: number };

/** What an edit reads: the stored item as import and export read it, plus its catalogue state. */
const storedSelect = {
  ...STORED_ITEM_SELECT,
  projectId: true,
  notes: true,
  status: true,
  removalReason: true,
  project: { select: { truthVersion: true } },
} as const;

function conflict(currentVersion: number): HttpError {
  return new HttpError(409, `This item was changed by someone else meanwhile (it is now at version ${currentVersion}). Reload it, then apply your edit again.`, "version_conflict", {
    currentVersion,
  });
}

function invalid(issues: { field: string; message: string }[]): HttpError {
  return new HttpError(400, issues.map((i) => `${i.field}: ${i.message}`).join("; "), "invalid_input", issues);
}

async function timingFor(videoId: string | null): Promise<VideoTiming | null> {
  if (!videoId) return null;
  const v = await db.video.findUnique({ where: { id: videoId }, select: { id: true, storageKey: true, ptsFile: true, durationSec: true } });
  return v ? loadVideoTiming(v) : null;
}

export async function editItem(projectId: string, itemId: string, edit: ItemEdit, actor: EditActor): Promise<EditResult> {
  const row = await db.item.findFirst({ where: { id: itemId, projectId }, select: storedSelect });
  if (!row) throw new HttpError(404, "No such item in this project.");
  if (row.version !== edit.version) throw conflict(row.version);

  const stored = normalisedFromStored(row);
  const next: NormalisedItem = {
    ...stored,
    question: edit.question ?? stored.question,
    presentation: (edit.presentation as Record<string, unknown> | undefined) ?? stored.presentation,
    labels: (edit.labels as Record<string, LabelValue> | undefined) ?? stored.labels,
    videoRef: edit.videoRef ?? stored.videoRef,
    truth: edit.truth ? { answer: edit.truth.answer, source: (edit.truth.source as Record<string, unknown> | undefined) ?? stored.truth.source } : stored.truth,
    queryPoints: edit.queryPoints ? edit.queryPoints.map((timeSec, ordinal) => ({ ordinal, timeSec })) : stored.queryPoints,
    truthSpans: edit.spans ? sortSpans(edit.spans.map((s) => (s.label ? { startSec: s.startSec, endSec: s.endSec, label: s.label } : { startSec: s.startSec, endSec: s.endSec }))) : stored.truthSpans,
  };
  const status = edit.status ?? row.status;
  let removalReason: string | null;
  if (edit.removalReason !== undefined) removalReason = edit.removalReason?.trim() || null;
  else if (status === "ACTIVE" && row.status === "REMOVED") removalReason = null;
  else removalReason = row.removalReason;
  const notes = edit.notes ?? row.notes;

  const issues: { field: string; message: string }[] = [];
  if (status === "REMOVED" && !removalReason?.trim()) issues.push({ field: "removalReason", message: "say why the item is removed (e.g. tracking error, wrong label)" });
  if (edit.truth || edit.queryPoints) issues.push(...truthShapeIssues(next.format, next.truth.answer, { queryPoints: next.queryPoints.length, presentation: next.presentation }));
  if (issues.length) throw invalid(issues);

  const itemChanged = itemContentKey(stored) !== itemContentKey(next) || status !== row.status || removalReason !== row.removalReason || notes !== row.notes;
  const truthChanged = !row.truth || truthContentKey(stored) !== truthContentKey(next);
  if (!itemChanged && !truthChanged) {
    return { changed: false, version: row.version, truthChanged: false, truthVersion: row.truth?.version ?? null, projectTruthVersion: row.project.truthVersion };
  }

  // Video link and frame indices (read outside the transaction: files, not rows).
  let videoId = row.videoId;
  let timing: VideoTiming | null = null;
  if (next.videoRef !== stored.videoRef) {
    const { links } = await resolveVideoLinks([next], await linkableVideos());
    const link = links.get(next.externalId) ?? null;
    videoId = link?.videoId ?? null;
    timing = link?.timing ?? null;
  } else if (truthChanged) {
    timing = await timingFor(videoId);
  }
  const frameOf = (t: number) => (timing ? frameForTime(timing, t) : null);
  const version = row.version + 1;

  const result = await db.$transaction(async (tx) => {
    const updated = await tx.item.updateMany({
      where: { id: row.id, version: edit.version },
      data: {
        question: next.question,
        presentation: next.presentation as never,
        labels: next.labels as never,
        videoRef: next.videoRef,
        videoId,
        notes,
        status,
        removalReason,
        version,
      },
    });
    if (updated.count === 0) {
      const current = await tx.item.findUnique({ where: { id: row.id }, select: { version: true } });
      throw current ? conflict(current.version) : new HttpError(404, "No such item in this project.");
    }
    let truthVersion = row.truth?.version ?? null;
    let projectTruthVersion = row.project.truthVersion;
    if (truthChanged) {
      const t = await tx.itemTruth.upsert({
        where: { itemId: row.id },
        create: { itemId: row.id, answer: next.truth.answer as never, source: next.truth.source as never },
        update: { answer: next.truth.answer as never, source: next.truth.source as never, version: { increment: 1 } },
        select: { version: true },
      });
      truthVersion = t.version;
      const old = new Map(row.queryPoints.map((q) => [q.ordinal, q]));
      const keep = new Set(next.queryPoints.map((q) => q.ordinal));
      const stale = row.queryPoints.filter((q) => !keep.has(q.ordinal)).map((q) => q.id);
      if (stale.length) await tx.queryPoint.deleteMany({ where: { id: { in: stale } } });
      for (const q of next.queryPoints) {
        const prev = old.get(q.ordinal);
        const frameIndex = frameOf(q.timeSec);
        if (!prev) await tx.queryPoint.create({ data: { itemId: row.id, ordinal: q.ordinal, timeSec: q.timeSec, frameIndex } });
        else if (prev.timeSec !== q.timeSec || prev.frameIndex !== frameIndex) {
          await tx.queryPoint.update({ where: { id: prev.id }, data: { timeSec: q.timeSec, frameIndex } });
        }
      }
      await tx.evidenceSpan.deleteMany({ where: { itemId: row.id, source: "TRUTH" } });
      if (next.truthSpans.length) {
        await tx.evidenceSpan.createMany({
          data: next.truthSpans.map((s) => ({
            itemId: row.id,
            source: "TRUTH" as const,
            startSec: s.startSec,
            endSec: s.endSec,
            startFrame: frameOf(s.startSec),
            endFrame: frameOf(s.endSec),
            label: s.label ?? "",
          })),
        });
      }
      // Runs scored at the old truth are flagged stale in this same transaction.
      projectTruthVersion = await bumpTruthVersion(projectId, tx);
    } else if (videoId !== row.videoId) {
      // Same truth, new video: frame indices follow the new video (or are cleared while pending).
      for (const q of row.queryPoints) await tx.queryPoint.update({ where: { id: q.id }, data: { frameIndex: frameOf(q.timeSec) } });
      for (const s of row.spans) await tx.evidenceSpan.update({ where: { id: s.id }, data: { startFrame: frameOf(s.startSec), endFrame: frameOf(s.endSec) } });
    }
    await tx.itemRevision.create({
      data: {
        itemId: row.id,
        version,
        authorId: actor.id,
        snapshot: { ...itemSnapshot(next), status, removalReason, notes } as never,
        reason: edit.reason?.trim() || (truthChanged ? "truth edited" : "item edited"),
      },
    });
    await audit(
      {
        actorId: actor.id,
        action: "item.edit",
        targetType: "Item",
        targetId: row.id,
        ip: actor.ip,
        details: { projectId, externalId: row.externalId, version, truthChanged, fields: Object.keys(edit).filter((k) => k !== "version") },
      },
      tx,
    );
    return { changed: true, version, truthChanged, truthVersion, projectTruthVersion };
  });
  // After the commit: the background loop rescores the runs marked stale above.
  if (result.truthChanged) truthCommitted();
  return result;
}
