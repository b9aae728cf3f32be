/**
 * Fixtures of the reviewer tests (import after tests/support/test-db): a review project whose
 * items use a test video, and adjudications built the way the k-th submit builds them: k
 * SUBMITTED annotations (one task per round), compared with `compareAnnotations`, stored with
 * `toStoredAgreement` on an `Adjudication` row (DISPUTED or AGREED by the verdict).
 *
 *   const { projectId, itemIds } = await reviewProject(videos.cfr, 2, [rev, annA, annB]);
 *   const adj = await storedAdjudication({ projectId, itemId: itemIds[0], annotators: [annA, annB], docs: [e1Doc(...), e1Doc(...)] });
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import type { Role } from "@/lib/db/types";
import { compareAnnotations } from "@/lib/review/compare";
import type { Comparison } from "@/lib/review/comparison-types";
import { toStoredAgreement } from "@/lib/review/stored-agreement";
import { reviewThresholdsFromSettings } from "@/lib/review/thresholds";
import { annotationProject } from "./annotation-helpers";
import { db } from "./support/test-db";

/** Frames of the review video (`annotationVideos(REVIEW_VIDEO_FRAMES)`: 10 s at 30 fps). */
export const REVIEW_VIDEO_FRAMES = 300;
export const REVIEW_FPS = 30;

/** A VCBench E1-Action project (k = `annotationsPerItem`) with `items` items on the video, and these members. */
export async function reviewProject(
  videoId: string,
  items: number,
  members: { id: string; role: Role | string }[],
  settings: Record<string, unknown> = {},
): Promise<{ projectId: string; itemIds: string[] }> {
  return annotationProject(
    "VCBENCH",
    Array.from({ length: items }, (_, i) => ({
      externalId: `r${i + 1}`,
      labels: { subtype: "E1-Action", source_dataset: "demo" },
      videoId,
      videoRef: "demo/cfr.mp4",
      queryTimes: [100 / REVIEW_FPS, 210 / REVIEW_FPS, 280 / REVIEW_FPS],
    })),
    members,
    { workflow: { annotationsPerItem: 2 }, ...settings },
  );
}

export type StoredAdjudication = { adjudicationId: string; annotationIds: string[]; comparison: Comparison };

/**
 * k SUBMITTED annotations of the item (annotator j on round j + 1) and their Adjudication row.
 * kind "expert": one annotation, no comparison, status DISPUTED.
 */
export async function storedAdjudication(o: {
  projectId: string;
  itemId: string;
  annotators: { id: string }[];
  docs: AnnotationDocument[];
  kind?: "double" | "expert";
  frameCount?: number;
}): Promise<StoredAdjudication> {
  const annotationIds: string[] = [];
  for (const [j, doc] of o.docs.entries()) {
    const task = await db.task.create({ data: { projectId: o.projectId, itemId: o.itemId, userId: o.annotators[j].id, kind: "ANNOTATE", mode: "blank", round: j + 1, status: "SUBMITTED" } });
    const annotation = await db.annotation.create({
      data: { itemId: o.itemId, authorId: o.annotators[j].id, taskId: task.id, data: doc as never, status: "SUBMITTED", version: 2, submittedAt: new Date() },
    });
    annotationIds.push(annotation.id);
  }
  if (o.kind === "expert") {
    const row = await db.adjudication.create({ data: { itemId: o.itemId, projectId: o.projectId, kind: "expert", status: "DISPUTED", annotationIds } });
    return { adjudicationId: row.id, annotationIds, comparison: null as unknown as Comparison };
  }
  const project = await db.project.findUniqueOrThrow({ where: { id: o.projectId }, select: { settings: true } });
  const comparison = compareAnnotations(o.docs, { fps: REVIEW_FPS, frameCount: o.frameCount ?? REVIEW_VIDEO_FRAMES, thresholds: reviewThresholdsFromSettings(project.settings) });
  const row = await db.adjudication.create({
    data: {
      itemId: o.itemId,
      projectId: o.projectId,
      kind: "double",
      status: comparison.verdict === "agreed" ? "AGREED" : "DISPUTED",
      annotationIds,
      agreement: toStoredAgreement(
        o.annotators.map((a) => a.id),
        annotationIds,
        comparison,
      ) as never,
    },
  });
  return { adjudicationId: row.id, annotationIds, comparison };
}
