import "server-only";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import type { TaskUser } from "@/lib/tasks/task-access";
import type { AnnotationRevisionEntry, SaveAnnotationResponse } from "./api-schemas";
import { annotationFor } from "./annotation-access";
import { annotationSubmitted, taskReassigned, versionConflict } from "./annotation-errors";
import { annotationDocumentSchema, type AnnotationDocument } from "./document";
import { assertValidDocument } from "./save-annotation";
import { summarizeChanges } from "./summarize-changes";
import { replayOf, writeVersion, type RevisionAction } from "./write-version";

/** GET /api/annotations/:id/revisions (author, admins): every version, newest first: who, when, action, what changed. */
export async function listRevisions(user: TaskUser, annotationId: string): Promise<{ current: number; status: string; revisions: AnnotationRevisionEntry[] }> {
  const { annotation } = await annotationFor(user, annotationId, { allowAdmin: true });
  const rows = await db.annotationRevision.findMany({
    where: { annotationId },
    orderBy: { version: "desc" },
    select: { version: true, baseVersion: true, action: true, summary: true, createdAt: true, author: { select: { id: true, name: true, email: true } } },
  });
  return {
    current: annotation.version,
    status: annotation.status,
    revisions: rows.map((r) => ({
      version: r.version,
      baseVersion: r.baseVersion,
      action: r.action as RevisionAction,
      summary: r.summary,
      author: { id: r.author.id, name: r.author.name || r.author.email },
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** GET /api/annotations/:id/revisions/:version (author, admins): that version's document. */
export async function getRevision(user: TaskUser, annotationId: string, version: number) {
  await annotationFor(user, annotationId, { allowAdmin: true });
  const r = await db.annotationRevision.findUnique({
    where: { annotationId_version: { annotationId, version } },
    select: { version: true, baseVersion: true, action: true, summary: true, data: true, createdAt: true, author: { select: { id: true, name: true, email: true } } },
  });
  if (!r) throw new HttpError(404, `This annotation has no version ${version}.`, "not_found");
  return {
    version: r.version,
    baseVersion: r.baseVersion,
    action: r.action,
    summary: r.summary,
    data: r.data as AnnotationDocument,
    author: { id: r.author.id, name: r.author.name || r.author.email },
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * POST /api/annotations/:id/restore {revision, baseVersion, clientSaveId} (author): a past
 * version's document becomes a NEW version (history is never rewritten); the same conflict,
 * submitted and replay rules as a save; the restored document is checked against the video again.
 */
export async function restoreRevision(user: TaskUser, annotationId: string, input: { revision: number; baseVersion: number; clientSaveId: string }): Promise<SaveAnnotationResponse> {
  const { annotation } = await annotationFor(user, annotationId);
  const replay = await replayOf(annotationId, input.clientSaveId);
  if (replay) return { version: replay.version, savedAt: replay.savedAt.toISOString(), replayed: true };
  if (annotation.status === "SUBMITTED") throw annotationSubmitted();
  if (annotation.taskId === null) throw taskReassigned();
  if (annotation.version !== input.baseVersion) throw versionConflict({ ...annotation, authorName: annotation.author.name || annotation.author.email }, input.baseVersion);
  const old = await db.annotationRevision.findUnique({ where: { annotationId_version: { annotationId, version: input.revision } }, select: { data: true } });
  if (!old) throw new HttpError(404, `revision: this annotation has no version ${input.revision}`, "not_found", [{ field: "revision", message: `no version ${input.revision}` }]);
  const parsed = annotationDocumentSchema.safeParse(old.data);
  if (!parsed.success) throw new HttpError(422, `revision: version ${input.revision} is not a valid document any more`, "invalid_document");
  await assertValidDocument(annotation, parsed.data);
  const diff = summarizeChanges(annotation.data as AnnotationDocument, parsed.data);
  const written = await writeVersion({
    annotationId,
    authorId: user.id,
    taskId: annotation.taskId,
    baseVersion: input.baseVersion,
    data: parsed.data,
    clientSaveId: input.clientSaveId,
    action: "restore",
    summary: `restored version ${input.revision}${diff === "no changes" ? "" : `: ${diff}`}`,
  });
  return { version: written.version, savedAt: written.savedAt.toISOString(), replayed: written.replayed };
}

/**
 * POST /api/annotations/:id/reopen (admins): a submitted annotation becomes a draft again (new
 * version, revision "reopen"), its task IN_PROGRESS, so the author can change and resubmit it
 * (a resubmission writes the item's truth again). The truth written at submit stays until then.
 */
export async function reopenAnnotation(user: TaskUser, annotationId: string, actor: { ip?: string } = {}): Promise<{ version: number; status: "DRAFT" }> {
  const { annotation } = await annotationFor(user, annotationId, { allowAdmin: true });
  if (annotation.status !== "SUBMITTED") throw new HttpError(409, "This annotation is not submitted; there is nothing to reopen.", "not_submitted");
  const written = await writeVersion({
    annotationId,
    authorId: user.id,
    taskId: annotation.taskId,
    baseVersion: annotation.version,
    data: annotation.data as AnnotationDocument,
    clientSaveId: null,
    action: "reopen",
    summary: `reopened by ${user.role === "ADMIN" ? "an admin" : "its author"}`,
    status: "DRAFT",
    requireStatus: "SUBMITTED",
  });
  await audit({ actorId: user.id, action: "annotation.reopen", targetType: "Annotation", targetId: annotationId, ip: actor.ip, details: { version: written.version } });
  return { version: written.version, status: "DRAFT" };
}
