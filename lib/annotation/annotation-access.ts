import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { isProjectMember } from "@/lib/projects/project-access";
import type { TaskUser } from "@/lib/tasks/task-access";
import { VIDEO_TIMING_SELECT } from "./video-timeline";
import { NO_SUCH_ANNOTATION } from "./annotation-errors";

/**
 * The annotation a request names, with what a write needs, for its author (or an admin with
 * `allowAdmin`). Anyone else (another annotator, a reviewer, a former member) gets 404: an
 * annotation of another annotator's task does not exist for them. An admin who is not the author
 * gets 403 on author-only writes (save, submit, restore).
 */
export async function annotationFor(user: TaskUser, annotationId: string, opts: { allowAdmin?: boolean } = {}) {
  const row = await db.annotation.findUnique({
    where: { id: annotationId },
    select: {
      id: true,
      authorId: true,
      status: true,
      version: true,
      data: true,
      updatedAt: true,
      itemId: true,
      taskId: true,
      author: { select: { name: true, email: true } },
      task: { select: { id: true, projectId: true, userId: true, status: true, kind: true, mode: true, round: true } },
      item: {
        select: {
          id: true,
          labels: true,
          projectId: true,
          project: { select: { benchmark: true, settings: true } },
          video: { select: { ...VIDEO_TIMING_SELECT, status: true } },
        },
      },
    },
  });
  if (!row) throw new HttpError(404, NO_SUCH_ANNOTATION, "not_found");
  const isAuthor = row.authorId === user.id;
  if (user.role === "ADMIN") {
    if (!isAuthor && !opts.allowAdmin) throw new HttpError(403, "Only the annotation's author may change it.", "forbidden");
    return { annotation: row, isAuthor };
  }
  if (!isAuthor || !(await isProjectMember(row.item.projectId, user.id))) throw new HttpError(404, NO_SUCH_ANNOTATION, "not_found");
  return { annotation: row, isAuthor };
}

export type LoadedAnnotation = Awaited<ReturnType<typeof annotationFor>>["annotation"];
