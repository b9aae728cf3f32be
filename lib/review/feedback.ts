import "server-only";
import { annotationDocumentSchema, type AnnotationDocument } from "@/lib/annotation/document";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { compareAnnotations } from "./compare";
import type { FeedbackListItem, FeedbackPayload } from "./dashboard-api-schemas";
import { listDifferences } from "./differences";
import { FEEDBACK_SIDES } from "./feedback-summary";
import { reviewVideoContext } from "./review-video-context";
import { fromStoredAgreement } from "./stored-agreement";
import { reviewThresholdsFromSettings } from "./thresholds";

/**
 * Annotator feedback (issue 12; docs/annotation/review.md "Reviewer routes"): once an item's double
 * review is AGREED or RESOLVED, each author of a compared annotation sees their document against
 * the final one. Before that nothing is given, not even whether the review exists (blindness):
 * the feedback of an annotation is 404 for anyone but its author and before resolution.
 */

const FINAL = ["AGREED", "RESOLVED"] as const;
type FinalStatus = (typeof FINAL)[number];

function parseDoc(data: unknown): AnnotationDocument | null {
  const r = annotationDocumentSchema.safeParse(data);
  return r.success ? r.data : null;
}

const ADJ_SELECT = {
  id: true,
  itemId: true,
  status: true,
  agreement: true,
  annotationIds: true,
  resolution: true,
  note: true,
  resolvedAt: true,
  updatedAt: true,
  project: { select: { id: true, name: true, settings: true } },
  item: { select: { externalId: true, question: true, video: { select: { avgFrameRate: true, frameCount: true, durationSec: true } } } },
} as const;

function comparedIds(adj: { agreement: unknown; annotationIds: unknown }): string[] {
  const stored = fromStoredAgreement(adj.agreement);
  if (stored) return stored.annotationIds;
  return Array.isArray(adj.annotationIds) ? adj.annotationIds.filter((x): x is string => typeof x === "string") : [];
}

/** The finished double reviews of these items that compared one of `annotationIds`. */
async function finishedReviews(itemIds: string[]) {
  return db.adjudication.findMany({ where: { itemId: { in: itemIds }, kind: "double", status: { in: [...FINAL] } }, select: ADJ_SELECT });
}

function compareWithFinal(mine: AnnotationDocument, final: AnnotationDocument, adj: { project: { settings: unknown }; item: { video: { avgFrameRate: string; frameCount: number; durationSec: number } | null } }) {
  const video = reviewVideoContext(adj.item.video, [mine, final]);
  return { video, comparison: compareAnnotations([mine, final], { ...video, thresholds: reviewThresholdsFromSettings(adj.project.settings) }) };
}

/** GET /api/me/feedback: the caller's submitted annotations whose item's review is AGREED / RESOLVED, newest first. */
export async function myFeedback(userId: string): Promise<FeedbackListItem[]> {
  const annotations = await db.annotation.findMany({ where: { authorId: userId, status: "SUBMITTED" }, select: { id: true, itemId: true, data: true } });
  if (annotations.length === 0) return [];
  const reviews = await finishedReviews([...new Set(annotations.map((a) => a.itemId))]);
  const out: (FeedbackListItem & { at: number })[] = [];
  for (const a of annotations) {
    const adj = reviews.find((r) => r.itemId === a.itemId && comparedIds(r).includes(a.id));
    if (!adj) continue;
    const mine = parseDoc(a.data);
    const final = parseDoc(adj.resolution);
    let agreedWithFinal = false;
    if (mine && final) {
      try {
        agreedWithFinal = compareWithFinal(mine, final, adj).comparison.verdict === "agreed";
      } catch {
        agreedWithFinal = false;
      }
    }
    out.push({
      itemId: a.itemId,
      externalId: adj.item.externalId,
      annotationId: a.id,
      projectId: adj.project.id,
      projectName: adj.project.name,
      status: adj.status as FinalStatus,
      agreedWithFinal,
      resolvedAt: adj.resolvedAt?.toISOString() ?? null,
      at: (adj.resolvedAt ?? adj.updatedAt).getTime(),
    });
  }
  return out.sort((x, y) => y.at - x.at).map(({ at: _at, ...rest }) => rest);
}

const NOT_FOUND = "No feedback for this annotation (yet).";

/**
 * GET /api/annotations/:id/feedback: the author's document against the final one. 404 when the
 * annotation is not the caller's, or its item's review is not AGREED / RESOLVED (the same answer).
 */
export async function annotationFeedback(userId: string, annotationId: string): Promise<FeedbackPayload> {
  const a = await db.annotation.findUnique({ where: { id: annotationId }, select: { id: true, itemId: true, authorId: true, data: true, status: true } });
  if (!a || a.authorId !== userId || a.status !== "SUBMITTED") throw new HttpError(404, NOT_FOUND, "not_found");
  const [adj] = (await finishedReviews([a.itemId])).filter((r) => comparedIds(r).includes(a.id));
  const mine = parseDoc(a.data);
  const final = adj ? parseDoc(adj.resolution) : null;
  if (!adj || !mine || !final) throw new HttpError(404, NOT_FOUND, "not_found");
  const { video, comparison } = compareWithFinal(mine, final, adj);
  return {
    annotationId: a.id,
    itemId: a.itemId,
    externalId: adj.item.externalId,
    projectName: adj.project.name,
    question: adj.item.question,
    status: adj.status as FinalStatus,
    mine,
    final,
    comparison,
    differences: listDifferences(comparison, FEEDBACK_SIDES).map((d) => ({ id: d.id, facet: d.facet, summary: d.summary, frame: d.frame, blocking: d.blocking })),
    note: adj.note,
    resolvedAt: adj.resolvedAt?.toISOString() ?? null,
    video,
  };
}
