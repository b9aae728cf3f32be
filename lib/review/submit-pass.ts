import "server-only";
import { submitAnnotation, type SubmitResult, type SubmitReviewStep } from "@/lib/annotation/submit-annotation";
import type { TaskUser } from "@/lib/tasks/task-access";
import { recordDoubleReview } from "./record-double-review";
import { recordExpertSample } from "./record-expert-sample";

const NOTHING_WRITTEN = { truthWritten: false, truthChanged: false, projectTruthVersion: null };

/**
 * The review step of an ANNOTATE submit (same transaction): with k >= 2 passes per item, the
 * double review at the k-th pass (lib/review/record-double-review.ts); then, when the item's
 * truth was written (single pass, or k passes agreed), the expert sample.
 */
export const reviewOnSubmit: SubmitReviewStep = async (tx, pass) => {
  const { annotation } = pass;
  const base = { itemId: annotation.itemId, projectId: annotation.item.projectId, settings: annotation.item.project.settings, actorId: pass.actorId };
  if (pass.settings.annotationsPerItem < 2) {
    if (pass.truthWritten) await recordExpertSample(tx, { ...base, annotationIds: [annotation.id], merged: null });
    return NOTHING_WRITTEN;
  }
  const outcome = await recordDoubleReview(tx, { ...base, k: pass.settings.annotationsPerItem, video: annotation.item.video });
  if (outcome.status !== "AGREED") return NOTHING_WRITTEN;
  await recordExpertSample(tx, { ...base, annotationIds: outcome.annotationIds, merged: outcome.merged });
  return { truthWritten: true, truthChanged: outcome.truthChanged, projectTruthVersion: outcome.projectTruthVersion };
};

/** POST /api/annotations/:id/submit: the submit with its review step (lib/annotation/submit-annotation.ts). */
export function submitAnnotationPass(user: TaskUser, annotationId: string, baseVersion: number): Promise<SubmitResult> {
  return submitAnnotation(user, annotationId, baseVersion, reviewOnSubmit);
}
