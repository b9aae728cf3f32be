import "server-only";
import { db } from "@/lib/db/prisma";
import type { ItemScore } from "@/lib/studies/score-answers";
import { positionBins, type PositionItem } from "./position-bins";
import type { PositionAccuracy } from "./report-figures";


/** Ids per query (SQLite's bound-parameter limit; an ordered relation query is not split by Prisma). */
const CHUNK = 500;

async function loadPositionItems(ids: readonly string[], into: Map<string, PositionItem>): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db.item.findMany({
      where: { id: { in: ids.slice(i, i + CHUNK) } },
      select: { id: true, truth: { select: { answer: true } }, queryPoints: { select: { ordinal: true, timeSec: true }, orderBy: { ordinal: "asc" } } },
    });
    for (const r of rows) into.set(r.id, { truthAnswer: r.truth?.answer ?? null, queryPoints: r.queryPoints });
  }
}

/**
 * Accuracy of a streaming study's answers by where the query point falls in the video (quarters of
 * its duration), over the completed sessions' scored answers (the scores `finishSession` stored),
 * with participant-level bootstrap intervals: `positionBins` (lib/report/position-bins.ts).
 */
export async function positionAccuracy(
  study: { id: string; name: string },
  settings: { seed: number; resamples: number; level: number },
  /** Items already loaded (by an earlier study of the same report); filled with the ones loaded here. */
  itemCache: Map<string, PositionItem> = new Map(),
): Promise<PositionAccuracy> {
  const sessions = await db.baselineSession.findMany({
    where: { studyId: study.id, status: "COMPLETED" },
    select: { participantId: true, scores: true, video: { select: { durationSec: true } } },
  });
  const scored = sessions.map((s) => ({
    participantId: s.participantId,
    duration: s.video.durationSec ?? 0,
    items: Object.values(((s.scores as { items?: Record<string, ItemScore> } | null)?.items ?? {}) as Record<string, ItemScore>),
  }));
  const missing = [...new Set(scored.flatMap((s) => s.items.map((i) => i.itemId)))].filter((id) => !itemCache.has(id));
  await loadPositionItems(missing, itemCache);
  return positionBins(study, scored, itemCache, settings);
}
