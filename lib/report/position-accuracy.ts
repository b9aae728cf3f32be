import "server-only";
import { db } from "@/lib/db/prisma";
import { bootstrapWeightedCI } from "@/lib/metrics/bootstrap";
import type { ItemScore } from "@/lib/studies/score-answers";
import type { PositionAccuracy, PositionBin } from "./report-figures";

const BINS = ["0–25 %", "25–50 %", "50–75 %", "75–100 %"];

/** What the figure needs of an item: its truth and query points. */
export type PositionItem = { truthAnswer: unknown; queryPoints: { ordinal: number; timeSec: number }[] };

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
 * its duration), over the completed sessions' scored answers (the scores `finishSession` stored):
 * a counting item's answer at each query point is correct when it equals the truth's count there;
 * any other item's answer, given at its last query point, by its `correct` score. Intervals: the
 * percentile bootstrap of lib/metrics (`bootstrapWeightedCI`, seeded) over the study's answers,
 * drawn once per replicate for the four quarters together (a quarter's accuracy is its drawn
 * answers' share correct).
 */
export async function positionAccuracy(
  study: { id: string; name: string },
  settings: { seed: number; resamples: number; level: number },
  /** Items already loaded (by an earlier study of the same report); filled with the ones loaded here. */
  itemCache: Map<string, PositionItem> = new Map(),
): Promise<PositionAccuracy> {
  const sessions = await db.baselineSession.findMany({
    where: { studyId: study.id, status: "COMPLETED" },
    select: { scores: true, video: { select: { durationSec: true } } },
  });
  const scored = sessions.map((s) => ({
    duration: s.video.durationSec ?? 0,
    items: Object.values(((s.scores as { items?: Record<string, ItemScore> } | null)?.items ?? {}) as Record<string, ItemScore>),
  }));
  const missing = [...new Set(scored.flatMap((s) => s.items.map((i) => i.itemId)))].filter((id) => !itemCache.has(id));
  await loadPositionItems(missing, itemCache);
  const items = itemCache;
  const answers: number[][] = BINS.map(() => []);
  const binOf = (t: number, duration: number) => Math.min(BINS.length - 1, Math.max(0, Math.floor((t / duration) * BINS.length)));
  for (const s of scored) {
    if (!(s.duration > 0)) continue;
    for (const score of s.items) {
      const item = items.get(score.itemId);
      if (!item || item.queryPoints.length === 0) continue;
      const qps = [...item.queryPoints].sort((a, b) => a.ordinal - b.ordinal);
      if (Array.isArray(score.parsed) && Array.isArray(item.truthAnswer) && score.parsed.length === qps.length) {
        qps.forEach((q, i) => {
          const p = (score.parsed as unknown[])[i];
          if (p === null || p === undefined) return;
          answers[binOf(q.timeSec, s.duration)].push(Number(p) === Number((item.truthAnswer as unknown[])[i]) ? 1 : 0);
        });
      } else if (typeof score.scores.correct === "number") {
        answers[binOf(qps[qps.length - 1].timeSec, s.duration)].push(score.scores.correct);
      }
    }
  }
  const bin = new Int32Array(answers.reduce((n, list) => n + list.length, 0));
  const correct = new Float64Array(bin.length);
  let k = 0;
  answers.forEach((list, b) => list.forEach((x) => {
    bin[k] = b;
    correct[k++] = x;
  }));
  const sums = new Float64Array(BINS.length);
  const counts = new Float64Array(BINS.length);
  const intervals = bootstrapWeightedCI(
    bin.length,
    BINS.length,
    (w, out) => {
      sums.fill(0);
      counts.fill(0);
      for (let i = 0; i < bin.length; i++) {
        const c = w[i];
        if (c === 0) continue;
        sums[bin[i]] += c * correct[i];
        counts[bin[i]] += c;
      }
      for (let b = 0; b < BINS.length; b++) out[b] = counts[b] > 0 ? sums[b] / counts[b] : Number.NaN;
    },
    settings,
  );
  const bins: PositionBin[] = BINS.map((label, i) => {
    const list = answers[i];
    if (list.length === 0) return { label, answers: 0, correct: 0, accuracy: null, lower: null, upper: null };
    const ci = intervals[i];
    return { label, answers: list.length, correct: list.reduce((a, b) => a + b, 0), accuracy: list.reduce((a, b) => a + b, 0) / list.length, lower: ci.lower, upper: ci.upper };
  });
  return { studyId: study.id, studyName: study.name, bins };
}
