import "server-only";
import type { TaskUser } from "@/lib/tasks/task-access";
import type { SaveAnnotationResponse } from "./api-schemas";
import type { AnnotationDocument } from "./document";
import { annotationFor, type LoadedAnnotation } from "./annotation-access";
import { annotationSubmitted, invalidDocument, taskReassigned, versionConflict } from "./annotation-errors";
import { vcbenchSubtypeOf } from "./initial-document";
import { summarizeChanges } from "./summarize-changes";
import { validateDocument } from "./validate-document";
import { videoTiming } from "./video-timeline";
import { replayOf, writeVersion } from "./write-version";

export type SaveInput = { baseVersion: number; clientSaveId: string; data: AnnotationDocument };

/**
 * PUT /api/annotations/:id (autosave). Order of answers: a clientSaveId applied before → 200
 * `replayed` (nothing written); submitted → 409 annotation_submitted; a base version that is not
 * the current one → 409 version_conflict with the server's version; a document the item's video or
 * benchmark refuses → 422 naming each field; else one new version and revision.
 */
export async function saveAnnotation(user: TaskUser, annotationId: string, input: SaveInput): Promise<SaveAnnotationResponse> {
  const { annotation } = await annotationFor(user, annotationId);
  // A save applied before moved the version past its base (versions only grow), so a retry is
  // recognised where the base no longer matches; the hot path (base = current) skips the lookup.
  if (annotation.version !== input.baseVersion || annotation.status === "SUBMITTED") {
    const replay = await replayOf(annotation.id, input.clientSaveId);
    if (replay) return { version: replay.version, savedAt: replay.savedAt.toISOString(), replayed: true };
  }
  if (annotation.status === "SUBMITTED") throw annotationSubmitted();
  if (annotation.taskId === null) throw taskReassigned();
  if (annotation.version !== input.baseVersion) {
    throw versionConflict({ ...annotation, authorName: annotation.author.name || annotation.author.email }, input.baseVersion);
  }
  await assertValidDocument(annotation, input.data);
  const written = await writeVersion({
    annotationId: annotation.id,
    authorId: user.id,
    taskId: annotation.taskId,
    baseVersion: input.baseVersion,
    data: input.data,
    clientSaveId: input.clientSaveId,
    action: "save",
    summary: summarizeChanges(annotation.data as AnnotationDocument, input.data),
  });
  return { version: written.version, savedAt: written.savedAt.toISOString(), replayed: written.replayed };
}

/** 422 unless the document fits the task's benchmark, item and video. */
export async function assertValidDocument(annotation: LoadedAnnotation, data: AnnotationDocument): Promise<void> {
  const video = annotation.item.video;
  const timing = video && video.status === "READY" ? await videoTiming(video).catch(() => null) : null;
  const problems = validateDocument(data, {
    benchmark: annotation.item.project.benchmark,
    subtype: vcbenchSubtypeOf((annotation.item.labels ?? {}) as Record<string, unknown>),
    timing,
  });
  if (problems.length) throw invalidDocument(problems);
}
