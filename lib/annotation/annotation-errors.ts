import "server-only";
import { HttpError } from "@/lib/http/http-error";
import type { AnnotationConflict } from "./api-schemas";
import type { AnnotationDocument } from "./document";
import type { DocumentProblem } from "./validate-document";

/** 409 version_conflict: the client's base version is not the current one; `details.current` is the server's. */
export function versionConflict(current: { version: number; data: unknown; updatedAt: Date; authorName: string }, baseVersion: number): HttpError {
  const details: AnnotationConflict = {
    current: { version: current.version, data: current.data as AnnotationDocument, updatedAt: current.updatedAt.toISOString(), authorName: current.authorName },
  };
  return new HttpError(409, `This annotation is at version ${current.version}; your change was based on version ${baseVersion}.`, "version_conflict", details);
}

export function annotationSubmitted(): HttpError {
  return new HttpError(409, "This annotation has been submitted and is read-only; an admin can reopen it.", "annotation_submitted");
}

/** 409 task_reassigned: an admin gave the task to someone else (or the pool); this draft is kept in history, read-only. */
export function taskReassigned(): HttpError {
  return new HttpError(409, "This task was reassigned by an admin; your draft is kept but can no longer be changed.", "task_reassigned");
}

/** 422 naming every bad field of the document (paths like "occurrences[2].end.sec"); nothing was written. */
export function invalidDocument(problems: DocumentProblem[]): HttpError {
  const list = problems.slice(0, 50);
  const more = problems.length > list.length ? ` (and ${problems.length - list.length} more)` : "";
  return new HttpError(422, `data.${list.map((p) => `${p.field}: ${p.message}`).join("; data.")}${more}`, "invalid_document", { problems: list });
}

export const NO_SUCH_ANNOTATION = "No such annotation.";
