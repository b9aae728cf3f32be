import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import type { AnnotationDocument } from "./document";
import { annotationSubmitted, versionConflict } from "./annotation-errors";

export type RevisionAction = "create" | "save" | "restore" | "submit" | "reopen";

export type VersionWrite = {
  annotationId: string;
  authorId: string;
  taskId: string | null;
  baseVersion: number;
  data: AnnotationDocument;
  clientSaveId: string | null;
  action: RevisionAction;
  summary: string;
  /** Status after the write (submit: SUBMITTED; reopen: DRAFT); default stays DRAFT and requires DRAFT. */
  status?: "DRAFT" | "SUBMITTED";
  /** Which status the annotation must be in (default DRAFT). */
  requireStatus?: "DRAFT" | "SUBMITTED";
  /** More writes in the same transaction, after the version was won (submit: the item's truth). Throwing rolls everything back. */
  inTransaction?: (tx: DbTx, version: number) => Promise<void>;
};

export type VersionWritten = { version: number; savedAt: Date; replayed: boolean };

/**
 * Writes a new version of an annotation as ONE compare-and-set on (id, version, status) plus its
 * AnnotationRevision, in one transaction (an acknowledged write is committed: SQLite WAL/fsync and
 * PostgreSQL commit before the 200 leaves). A concurrent writer that won the version first makes
 * this one a 409 version_conflict; a retry of an applied clientSaveId is answered from its revision
 * (`replayed`), whatever happened since.
 */
export async function writeVersion(w: VersionWrite): Promise<VersionWritten> {
  const next = w.baseVersion + 1;
  const requireStatus = w.requireStatus ?? "DRAFT";
  const status = w.status ?? "DRAFT";
  const now = new Date();
  const revision = {
    annotationId: w.annotationId,
    version: next,
    baseVersion: w.baseVersion,
    authorId: w.authorId,
    data: w.data as never,
    clientSaveId: w.clientSaveId,
    action: w.action,
    summary: w.summary,
    createdAt: now,
  };
  const annotationData = { data: w.data as never, version: next, status, ...(status === "SUBMITTED" ? { submittedAt: now } : {}), ...(w.action === "reopen" ? { submittedAt: null } : {}) };
  // Time on task is not a save's business: it comes from the workspace's activity reports
  // (lib/tasks/task-activity.ts), the one writer of Task.timeSpentMs.
  const taskData = {
    status: status === "SUBMITTED" ? ("SUBMITTED" as const) : ("IN_PROGRESS" as const),
    ...(status === "SUBMITTED" ? { submittedAt: now } : w.action === "reopen" ? { submittedAt: null } : {}),
  };
  let outcome: { version: number; savedAt: Date } | null;
  if (!w.inTransaction) {
    // The autosave hot path: one batch transaction (no interactive round trips). The revision row is
    // the compare-and-set: (annotationId, version) is unique and every version has its revision, so
    // inserting revision base+1 succeeds only while the annotation is still at base (else P2002 and
    // the whole batch rolls back). No row is read back.
    try {
      const [, updated] = await db.$transaction([
        db.annotationRevision.createMany({ data: revision }),
        db.annotation.updateMany({ where: { id: w.annotationId, version: w.baseVersion, status: requireStatus }, data: annotationData }),
        ...(w.taskId ? [db.task.updateMany({ where: { id: w.taskId }, data: taskData })] : []),
      ]);
      outcome = updated.count === 1 ? { version: next, savedAt: now } : null;
      if (!outcome) {
        // Same version, other status (changed outside the API): undo the revision just written.
        await db.annotationRevision.deleteMany({ where: { annotationId: w.annotationId, version: next, createdAt: now, clientSaveId: w.clientSaveId } });
      }
    } catch (error) {
      if ((error as { code?: unknown })?.code !== "P2002") throw error;
      outcome = null;
    }
  } else {
    outcome = await db.$transaction(async (tx) => {
      const updated = await tx.annotation.updateMany({ where: { id: w.annotationId, version: w.baseVersion, status: requireStatus }, data: annotationData });
      if (updated.count === 0) return null;
      await tx.annotationRevision.createMany({ data: revision });
      if (w.taskId) await tx.task.updateMany({ where: { id: w.taskId }, data: taskData });
      await w.inTransaction!(tx, next);
      return { version: next, savedAt: now };
    });
  }
  if (outcome) return { ...outcome, replayed: false };
  // Lost the compare-and-set: an earlier delivery of this very save, a newer version, or a status change.
  if (w.clientSaveId) {
    const replay = await replayOf(w.annotationId, w.clientSaveId);
    if (replay) return replay;
  }
  const current = await db.annotation.findUniqueOrThrow({
    where: { id: w.annotationId },
    select: { version: true, status: true, data: true, updatedAt: true, author: { select: { name: true, email: true } } },
  });
  if (current.status !== requireStatus && current.version === w.baseVersion) {
    if (current.status === "SUBMITTED") throw annotationSubmitted();
  }
  if (current.status === "SUBMITTED" && requireStatus === "DRAFT") throw annotationSubmitted();
  throw versionConflict({ ...current, authorName: current.author.name || current.author.email }, w.baseVersion);
}

/** The version an applied clientSaveId produced, or null. */
export async function replayOf(annotationId: string, clientSaveId: string): Promise<VersionWritten | null> {
  const rev = await db.annotationRevision.findUnique({
    where: { annotationId_clientSaveId: { annotationId, clientSaveId } },
    select: { version: true, createdAt: true },
  });
  return rev ? { version: rev.version, savedAt: rev.createdAt, replayed: true } : null;
}
