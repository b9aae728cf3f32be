import "server-only";
import { audit, type DbTx } from "@/lib/audit/audit";
import { STORED_ITEM_SELECT, itemContentKey, itemSnapshot, normalisedFromStored, truthContentKey } from "@/lib/benchmarks/stored-item";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { bumpTruthVersion, truthCommitted } from "@/lib/truth/truth-version";
import type { TaskUser } from "@/lib/tasks/task-access";
import { parseWorkflowSettings } from "@/lib/tasks/workflow-settings";
import { annotationFor, type LoadedAnnotation } from "./annotation-access";
import { annotationSubmitted, taskReassigned, versionConflict } from "./annotation-errors";
import { annotationDocumentSchema, type AnnotationDocument } from "./document";
import { assertValidDocument } from "./save-annotation";
import { submitProblems } from "./submit-rules";
import { truthFromDocument } from "./truth-from-document";
import { videoTiming } from "./video-timeline";
import { frameTimeAtSec } from "./video-timing";
import { writeVersion } from "./write-version";

export type SubmitResult = { version: number; submittedAt: string; truthWritten: boolean; truthChanged: boolean; projectTruthVersion: number | null };

/**
 * POST /api/annotations/:id/submit {baseVersion}: the author submits the current version.
 * 409 annotation_submitted / version_conflict as for saves; 422 `submit_problems` with
 * `details.problems` (lib/annotation/submit-rules.ts) or `invalid_document`. On success the
 * annotation becomes SUBMITTED (a new version, revision action "submit"; read-only for its author
 * until an admin reopens it) and the task SUBMITTED. With one annotation per item (workflow
 * setting) and an ANNOTATE task, the same transaction writes the item's truth
 * (lib/annotation/truth-from-document.ts) with provenance (annotation, version, annotator),
 * a new item version with an ItemRevision, bumps Project.truthVersion and marks the project's
 * runs stale when the truth changed; the rescoring loop is woken after the commit.
 */
export async function submitAnnotation(user: TaskUser, annotationId: string, baseVersion: number): Promise<SubmitResult> {
  const { annotation } = await annotationFor(user, annotationId);
  if (annotation.status === "SUBMITTED") throw annotationSubmitted();
  if (annotation.taskId === null) throw taskReassigned();
  if (annotation.version !== baseVersion) throw versionConflict({ ...annotation, authorName: annotation.author.name || annotation.author.email }, baseVersion);
  const parsed = annotationDocumentSchema.safeParse(annotation.data);
  if (!parsed.success) throw new HttpError(422, "The stored document no longer matches the annotation format; save it again from the workspace.", "invalid_document");
  const doc = parsed.data;
  await assertValidDocument(annotation, doc);
  const settings = parseWorkflowSettings(annotation.item.project.settings, annotation.item.project.benchmark);
  const format = (await db.item.findUniqueOrThrow({ where: { id: annotation.itemId }, select: { format: true } })).format;
  const problems = submitProblems(doc, { activities: settings.activities, format });
  if (problems.length) {
    throw new HttpError(422, `Not ready to submit: ${problems.map((p) => `${p.field}: ${p.message}`).join("; ")}`, "submit_problems", { problems });
  }
  const writesTruth = settings.annotationsPerItem === 1 && (!annotation.task || annotation.task.kind === "ANNOTATE");
  let truthChanged = false;
  let projectTruthVersion: number | null = null;
  const written = await writeVersion({
    annotationId: annotation.id,
    authorId: user.id,
    taskId: annotation.taskId,
    baseVersion,
    data: doc,
    clientSaveId: null,
    action: "submit",
    summary: "submitted",
    status: "SUBMITTED",
    inTransaction: writesTruth
      ? async (tx, version) => {
          const r = await writeTruth(tx, annotation, doc, version, user.id);
          truthChanged = r.truthChanged;
          projectTruthVersion = r.projectTruthVersion;
        }
      : undefined,
  });
  if (truthChanged) truthCommitted();
  return { version: written.version, submittedAt: written.savedAt.toISOString(), truthWritten: writesTruth, truthChanged, projectTruthVersion };
}

async function writeTruth(tx: DbTx, annotation: LoadedAnnotation, doc: AnnotationDocument, version: number, actorId: string) {
  const row = await tx.item.findUniqueOrThrow({
    where: { id: annotation.itemId },
    select: { ...STORED_ITEM_SELECT, projectId: true, status: true, removalReason: true, notes: true, project: { select: { truthVersion: true } } },
  });
  const stored = normalisedFromStored(row);
  const update = truthFromDocument(doc, { item: stored, status: row.status, removalReason: row.removalReason });
  const next = update.next;
  const itemChanged = itemContentKey(stored) !== itemContentKey(next) || update.status !== row.status || update.removalReason !== row.removalReason;
  const truthChanged = !row.truth || truthContentKey(stored) !== truthContentKey(next);
  const now = new Date();
  const provenance = { annotationId: annotation.id, annotationVersion: version, annotatedById: annotation.authorId, annotatedAt: now };
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
      const frames = await spanFrameIndices(annotation, next.truthSpans, update.spanFrames);
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
        authorId: actorId,
        snapshot: { ...itemSnapshot(next), status: update.status, removalReason: update.removalReason, notes: row.notes } as never,
        reason: `annotation submitted (version ${version})${update.status === "REMOVED" && row.status !== "REMOVED" ? `: removed: ${update.removalReason}` : ""}`,
      },
    });
  }
  await audit(
    {
      actorId,
      action: "annotation.submit",
      targetType: "Annotation",
      targetId: annotation.id,
      details: { itemId: row.id, externalId: row.externalId, version, truthChanged, itemChanged, status: update.status },
    },
    tx,
  );
  return { truthChanged, projectTruthVersion };
}

/** Frames of truth spans at whole seconds (EC-Bench): the frame shown at each rounded second on the item's video. */
async function spanFrameIndices(annotation: LoadedAnnotation, spans: readonly { startSec: number; endSec: number }[], fallback: [number, number][]): Promise<[number | null, number | null][]> {
  const video = annotation.item.video;
  const timing = video && video.status === "READY" ? await videoTiming(video).catch(() => null) : null;
  if (!timing) return fallback;
  return spans.map((s) => [frameTimeAtSec(timing, s.startSec).frame, frameTimeAtSec(timing, s.endSec).frame]);
}
