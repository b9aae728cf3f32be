import "server-only";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { initialDocument } from "@/lib/annotation/initial-document";
import { videoTiming } from "@/lib/annotation/video-timeline";
import { db } from "@/lib/db/prisma";
import { videoFrameRate } from "@/lib/video-library/frame-rate";

/**
 * The gold truth of an item as an annotation document (what a perfect annotator would submit),
 * for scoring a qualification attempt: the prefill document (`initialDocument` with the item's
 * truth and TRUTH evidence spans, the inverse of lib/annotation/truth-from-document.ts). TOC-Bench
 * and VSTAT verifications start undecided there; an active gold item's truth stands, so its gold
 * decision is `keep`. Also the video's frame rate (`videoFrameRate`, the one rule) and frame count (from its PTS
 * table) for the comparison.
 * Server only: never sent to the annotator.
 */
export type GoldDocument = { itemId: string; externalId: string; gold: AnnotationDocument; fps: number; frameCount: number };

export async function goldDocuments(itemIds: readonly string[]): Promise<Map<string, GoldDocument>> {
  const items = await db.item.findMany({
    where: { id: { in: [...itemIds] } },
    select: {
      id: true,
      externalId: true,
      labels: true,
      presentation: true,
      project: { select: { benchmark: true } },
      truth: { select: { answer: true, source: true } },
      spans: { where: { source: "TRUTH" }, select: { startSec: true, endSec: true, label: true }, orderBy: { startSec: "asc" } },
      queryPoints: { select: { timeSec: true, ordinal: true }, orderBy: { ordinal: "asc" } },
      video: true,
    },
  });
  const out = new Map<string, GoldDocument>();
  for (const item of items) {
    const timing = item.video && item.video.status === "READY" ? await videoTiming(item.video).catch(() => null) : null;
    const truth = item.truth ? { answer: item.truth.answer as unknown, source: (item.truth.source ?? {}) as Record<string, unknown> } : null;
    const doc = initialDocument({
      benchmark: item.project.benchmark,
      labels: (item.labels ?? {}) as Record<string, unknown>,
      presentation: (item.presentation ?? {}) as Record<string, unknown>,
      queryPoints: item.queryPoints,
      truth,
      truthSpans: item.spans.map((s) => ({ startSec: s.startSec, endSec: s.endSec, label: s.label })),
      timing,
    });
    if (!doc) continue;
    const gold = (doc.benchmark === "TOCBENCH" || doc.benchmark === "VSTAT") && doc.decision === null ? { ...doc, decision: "keep" as const } : doc;
    const frameCount = timing ? timing.frameCount : 1;
    const fps = videoFrameRate(item.video && item.video.status === "READY" ? item.video : null);
    out.set(item.id, { itemId: item.id, externalId: item.externalId, gold: gold as AnnotationDocument, fps, frameCount });
  }
  return out;
}
