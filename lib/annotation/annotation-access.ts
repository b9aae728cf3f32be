import "server-only";
import { db } from "@/lib/db/prisma";
import { Prisma } from "@/lib/generated/prisma-sqlite/client";
import { HttpError } from "@/lib/http/http-error";
import type { TaskUser } from "@/lib/tasks/task-access";
import { NO_SUCH_ANNOTATION } from "./annotation-errors";

/**
 * The annotation a request names, with what a write needs, for its author (or an admin with
 * `allowAdmin`). Anyone else (another annotator, a reviewer, a former member) gets 404: an
 * annotation of another annotator's task does not exist for them. An admin who is not the author
 * gets 403 on author-only writes (save, submit, restore).
 *
 * ONE query (annotation, author, task, item, project, video and the caller's membership): this is
 * on the autosave hot path. Raw SQL with the same quoted identifiers on SQLite and PostgreSQL; JSON,
 * boolean and date columns are normalised (SQLite returns JSON as text and booleans as 0/1).
 */
export type LoadedAnnotation = {
  id: string;
  authorId: string;
  status: "DRAFT" | "SUBMITTED";
  version: number;
  data: unknown;
  updatedAt: Date;
  itemId: string;
  taskId: string | null;
  author: { name: string; email: string };
  task: { id: string; projectId: string; userId: string | null; status: string; kind: string; mode: string; round: number } | null;
  item: {
    id: string;
    labels: unknown;
    projectId: string;
    project: { benchmark: string; settings: unknown };
    video: {
      id: string;
      sha256: string;
      storageKey: string;
      originalFile: string;
      playbackFile: string;
      transcoded: boolean;
      mimeType: string;
      ptsFile: string;
      thumbnailFile: string | null;
      originalProbe: unknown;
      status: string;
    } | null;
  };
};

type Row = {
  id: string;
  authorId: string;
  status: string;
  version: number | bigint;
  data: unknown;
  updatedAt: Date | string | number;
  itemId: string;
  taskId: string | null;
  authorName: string;
  authorEmail: string;
  tProjectId: string | null;
  tUserId: string | null;
  tStatus: string | null;
  tKind: string | null;
  tMode: string | null;
  tRound: number | bigint | null;
  labels: unknown;
  projectId: string;
  benchmark: string;
  settings: unknown;
  vId: string | null;
  vSha256: string | null;
  vStorageKey: string | null;
  vOriginalFile: string | null;
  vPlaybackFile: string | null;
  vTranscoded: boolean | number | bigint | null;
  vMimeType: string | null;
  vPtsFile: string | null;
  vThumbnailFile: string | null;
  vOriginalProbe: unknown;
  vStatus: string | null;
  isMember: number | bigint | boolean | null;
};

const json = (v: unknown): unknown => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

async function loadRow(annotationId: string, userId: string): Promise<LoadedAnnotation & { isMember: boolean }> {
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT a."id", a."authorId", a."status", a."version", a."data", a."updatedAt", a."itemId", a."taskId",
           u."name" AS "authorName", u."email" AS "authorEmail",
           t."projectId" AS "tProjectId", t."userId" AS "tUserId", t."status" AS "tStatus", t."kind" AS "tKind", t."mode" AS "tMode", t."round" AS "tRound",
           i."labels", i."projectId", p."benchmark", p."settings",
           v."id" AS "vId", v."sha256" AS "vSha256", v."storageKey" AS "vStorageKey", v."originalFile" AS "vOriginalFile", v."playbackFile" AS "vPlaybackFile",
           v."transcoded" AS "vTranscoded", v."mimeType" AS "vMimeType", v."ptsFile" AS "vPtsFile", v."thumbnailFile" AS "vThumbnailFile",
           v."originalProbe" AS "vOriginalProbe", v."status" AS "vStatus",
           (SELECT COUNT(*) FROM "ProjectMember" pm WHERE pm."projectId" = i."projectId" AND pm."userId" = ${userId}) AS "isMember"
    FROM "Annotation" a
    JOIN "User" u ON u."id" = a."authorId"
    JOIN "Item" i ON i."id" = a."itemId"
    JOIN "Project" p ON p."id" = i."projectId"
    LEFT JOIN "Task" t ON t."id" = a."taskId"
    LEFT JOIN "Video" v ON v."id" = i."videoId"
    WHERE a."id" = ${annotationId}`);
  const r = rows[0];
  if (!r) throw new HttpError(404, NO_SUCH_ANNOTATION, "not_found");
  return {
    id: r.id,
    authorId: r.authorId,
    status: r.status === "SUBMITTED" ? "SUBMITTED" : "DRAFT",
    version: Number(r.version),
    data: json(r.data),
    updatedAt: new Date(r.updatedAt),
    itemId: r.itemId,
    taskId: r.taskId,
    author: { name: r.authorName, email: r.authorEmail },
    task: r.taskId
      ? { id: r.taskId, projectId: r.tProjectId!, userId: r.tUserId, status: r.tStatus!, kind: r.tKind!, mode: r.tMode!, round: Number(r.tRound) }
      : null,
    item: {
      id: r.itemId,
      labels: json(r.labels),
      projectId: r.projectId,
      project: { benchmark: r.benchmark, settings: json(r.settings) },
      video: r.vId
        ? {
            id: r.vId,
            sha256: r.vSha256!,
            storageKey: r.vStorageKey!,
            originalFile: r.vOriginalFile!,
            playbackFile: r.vPlaybackFile!,
            transcoded: r.vTranscoded === true || Number(r.vTranscoded) === 1,
            mimeType: r.vMimeType!,
            ptsFile: r.vPtsFile!,
            thumbnailFile: r.vThumbnailFile,
            originalProbe: json(r.vOriginalProbe),
            status: r.vStatus!,
          }
        : null,
    },
    isMember: Number(r.isMember ?? 0) > 0,
  };
}

export async function annotationFor(user: TaskUser, annotationId: string, opts: { allowAdmin?: boolean } = {}): Promise<{ annotation: LoadedAnnotation; isAuthor: boolean }> {
  const { isMember, ...annotation } = await loadRow(annotationId, user.id);
  const isAuthor = annotation.authorId === user.id;
  if (user.role === "ADMIN") {
    if (!isAuthor && !opts.allowAdmin) throw new HttpError(403, "Only the annotation's author may change it.", "forbidden");
    return { annotation, isAuthor };
  }
  if (!isAuthor || !isMember) throw new HttpError(404, NO_SUCH_ANNOTATION, "not_found");
  return { annotation, isAuthor };
}
