import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { truthVisibleTo } from "@/lib/projects/access";
import { assertUserQualified } from "@/lib/tasks/qualification-gate";
import { taskForUser, type TaskUser } from "@/lib/tasks/task-access";
import { parseWorkflowSettings } from "@/lib/tasks/workflow-settings";
import { videoFrameRate } from "@/lib/video-library/frame-rate";
import { toVideoDto } from "@/lib/video-library/video-dto";
import type { TaskMode, WorkspacePayload, WorkspaceVideo } from "./api-schemas";
import { annotationDocumentSchema, type AnnotationDocument } from "./document";
import { initialDocument } from "./initial-document";
import { taskTruthContext } from "./truth-visibility";
import { sceneCutTimesState } from "./scene-cut-times";
import { videoTiming } from "./video-timeline";

/** What a page that shows an item with its video reads of the item (the workspace; the adjudication view). */
export const PAYLOAD_ITEM_SELECT = {
  id: true,
  externalId: true,
  format: true,
  question: true,
  presentation: true,
  labels: true,
  project: { select: { id: true, name: true, benchmark: true, settings: true } },
  video: true,
  queryPoints: { select: { timeSec: true, ordinal: true }, orderBy: { ordinal: "asc" } },
} as const;

/**
 * GET /api/annotate/tasks/:taskId: everything the workspace needs, in one answer. The caller's
 * annotation is created on first open (idempotent: one annotation per task, version 1, revision 1
 * "create") from `initialDocument`; truth goes into it and into `shownTruth` only when the task's
 * truth context (`truthShownToTask`) and the caller's role allow it (`truthVisibleTo`).
 * Admins may open any task read-only; when the annotator has not opened it yet they get the
 * document the annotator would start from (`annotation.id` "" and version 0).
 */
export async function workspacePayload(user: TaskUser, taskId: string): Promise<WorkspacePayload> {
  const { task, isMember } = await taskForUser(user, taskId);
  if (user.role !== "ADMIN" && task.kind !== "QUALIFY") await assertUserQualified(task.projectId, user.id);
  const item = await db.item.findUniqueOrThrow({ where: { id: task.itemId }, select: PAYLOAD_ITEM_SELECT });
  const mode: TaskMode = task.mode === "prefill" ? "prefill" : "blank";
  const showTruth = truthVisibleTo({ role: user.role, isMember, context: taskTruthContext(task) });
  const truthRow = showTruth ? await db.itemTruth.findUnique({ where: { itemId: item.id }, select: { answer: true, source: true } }) : null;
  const shownTruth = truthRow ? { answer: truthRow.answer as unknown, source: (truthRow.source ?? {}) as Record<string, unknown> } : null;
  const timing = item.video && item.video.status === "READY" ? await videoTiming(item.video).catch(() => null) : null;
  const cuts = item.video && timing ? await sceneCutTimesState(item.video, timing) : { cuts: null, error: null };

  let annotation = await db.annotation.findUnique({
    where: { taskId: task.id },
    select: { id: true, version: true, status: true, data: true, updatedAt: true, authorId: true },
  });
  const isAuthorCandidate = task.userId === user.id;
  if (!annotation) {
    const truthSpans = shownTruth
      ? await db.evidenceSpan.findMany({ where: { itemId: item.id, source: "TRUTH" }, select: { startSec: true, endSec: true, label: true }, orderBy: { startSec: "asc" } })
      : [];
    const data = initialDocument({
      benchmark: item.project.benchmark,
      labels: (item.labels ?? {}) as Record<string, unknown>,
      presentation: (item.presentation ?? {}) as Record<string, unknown>,
      queryPoints: item.queryPoints,
      truth: shownTruth,
      truthSpans,
      timing,
    });
    if (!data) throw new HttpError(422, `Items of ${item.project.benchmark} projects cannot be annotated in the workspace (no annotation document for this kind or item).`, "unsupported_item");
    if (isAuthorCandidate) {
      annotation = await createAnnotation(task.id, item.id, user.id, data);
      if (task.status === "OPEN") task.status = "IN_PROGRESS";
    } else {
      return build(null, data);
    }
  }
  return build(annotation, annotation.data as AnnotationDocument);

  function build(row: { id: string; version: number; status: string; updatedAt: Date; authorId: string } | null, data: AnnotationDocument): WorkspacePayload {
    const parsed = annotationDocumentSchema.safeParse(data);
    const status = row?.status === "SUBMITTED" ? "SUBMITTED" : "DRAFT";
    const workflow = parseWorkflowSettings(item.project.settings, item.project.benchmark);
    return {
      task: {
        id: task.id,
        kind: task.kind,
        status: task.status,
        round: task.round,
        mode,
        projectId: item.project.id,
        projectName: item.project.name,
        timeSpentMs: task.timeSpentMs,
      },
      item: {
        id: item.id,
        externalId: item.externalId,
        benchmark: item.project.benchmark,
        format: item.format,
        question: item.question,
        presentation: (item.presentation ?? {}) as Record<string, unknown>,
        labels: (item.labels ?? {}) as Record<string, unknown>,
        queryPoints: item.queryPoints.map((q) => q.timeSec),
      },
      shownTruth,
      video: item.video && item.video.status === "READY" ? workspaceVideo({ ...item.video, addedBy: null }, timing?.durationSec, cuts.cuts, cuts.error) : null,
      annotation: {
        id: row?.id ?? "",
        version: row?.version ?? 0,
        status,
        data: parsed.success ? parsed.data : data,
        updatedAt: (row?.updatedAt ?? new Date(0)).toISOString(),
      },
      settings: { activities: workflow.activities, annotationsPerItem: workflow.annotationsPerItem, evidenceMergeGapSec: evidenceGap(item.project.settings) },
      readOnly: !row || row.authorId !== user.id || status === "SUBMITTED",
    };
  }
}

function evidenceGap(settings: unknown): number {
  const v = settings && typeof settings === "object" ? (settings as { evidenceMergeGapSec?: unknown }).evidenceMergeGapSec : undefined;
  return typeof v === "number" && v >= 0 ? v : 5;
}

/** The player's view of an item's READY video (also used by the adjudication payload, lib/review/adjudication-payload.ts). */
export function workspaceVideo(
  video: Parameters<typeof toVideoDto>[0],
  durationSec: number | undefined,
  cuts: WorkspaceVideo["cuts"] = null,
  cutsError: string | null = null,
): WorkspaceVideo {
  const dto = toVideoDto(video);
  return {
    id: dto.id,
    src: dto.urls.media,
    mimeType: dto.mimeType,
    ptsUrl: dto.urls.pts,
    thumbnailUrl: `${dto.urls.media.replace("/api/media/", "/api/videos/")}/thumbnail`,
    mediaTimeOffset: dto.mediaTimeOffset,
    frameCount: dto.frameCount,
    durationSec: durationSec ?? dto.durationSec,
    fps: videoFrameRate(video),
    cuts,
    cutsError,
  };
}

async function createAnnotation(taskId: string, itemId: string, authorId: string, data: AnnotationDocument) {
  const select = { id: true, version: true, status: true, data: true, updatedAt: true, authorId: true } as const;
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.annotation.create({ data: { taskId, itemId, authorId, data: data as never, version: 1 }, select });
      await tx.annotationRevision.create({ data: { annotationId: row.id, version: 1, authorId, data: data as never, action: "create", summary: "started" } });
      await tx.task.updateMany({ where: { id: taskId, status: "OPEN" }, data: { status: "IN_PROGRESS" } });
      return row;
    });
  } catch (error) {
    // Two first opens at once (two tabs): the other one created it.
    const existing = await db.annotation.findUnique({ where: { taskId }, select });
    if (existing) return existing;
    throw error;
  }
}
