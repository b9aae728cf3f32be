/**
 * Human accuracy by where the query point falls in the video (PURE): the answers of a streaming
 * study's completed sessions, in quarters of each video's duration, with percentile bootstrap
 * intervals (lib/metrics `bootstrapWeightedCI`, seeded).
 *
 * Which answers: a counting item's answer at each query point is correct when it equals the
 * truth's count there (by query-point ordinal); any other item's answer, given at its last query
 * point, by its `correct` score. Sessions of videos without a duration give no answers.
 *
 * Intervals: the resampling unit is the participant (a cluster bootstrap): one person's answers
 * are not independent of each other, so resampling answers would make the intervals too narrow.
 * Each replicate draws the participants with replacement and a quarter's accuracy is the drawn
 * participants' correct answers there over their answers there (NaN, dropped, when none).
 * Edge cases: no participant → every bin null; a bin without answers → null values.
 */
import { bootstrapWeightedCI } from "@/lib/metrics/bootstrap";
import type { ItemScore } from "@/lib/studies/score-answers";
import type { PositionAccuracy, PositionBin } from "./report-figures";

export const POSITION_BINS = ["0–25 %", "25–50 %", "50–75 %", "75–100 %"] as const;

/** What the figure needs of an item: its truth and query points. */
export type PositionItem = { truthAnswer: unknown; queryPoints: { ordinal: number; timeSec: number }[] };

export type PositionSession = { participantId: string; duration: number; items: ItemScore[] };

export function positionBins(
  study: { id: string; name: string },
  sessions: readonly PositionSession[],
  items: ReadonlyMap<string, PositionItem>,
  settings: { seed: number; resamples: number; level: number },
): PositionAccuracy {
  const B = POSITION_BINS.length;
  const binOf = (t: number, duration: number) => Math.min(B - 1, Math.max(0, Math.floor((t / duration) * B)));
  // Per participant and quarter: correct answers (sums) and answers (counts).
  const participants = new Map<string, number>();
  const sums: number[] = [];
  const counts: number[] = [];
  const record = (participantId: string, bin: number, correct: number) => {
    let p = participants.get(participantId);
    if (p === undefined) {
      p = participants.size;
      participants.set(participantId, p);
      for (let b = 0; b < B; b++) sums.push(0), counts.push(0);
    }
    sums[p * B + bin] += correct;
    counts[p * B + bin] += 1;
  };
  for (const s of sessions) {
    if (!(s.duration > 0)) continue;
    for (const score of s.items) {
      const item = items.get(score.itemId);
      if (!item || item.queryPoints.length === 0) continue;
      const qps = [...item.queryPoints].sort((a, b) => a.ordinal - b.ordinal);
      if (Array.isArray(score.parsed) && Array.isArray(item.truthAnswer) && score.parsed.length === qps.length) {
        qps.forEach((q, i) => {
          const p = (score.parsed as unknown[])[i];
          if (p === null || p === undefined) return;
          record(s.participantId, binOf(q.timeSec, s.duration), Number(p) === Number((item.truthAnswer as unknown[])[i]) ? 1 : 0);
        });
      } else if (typeof score.scores.correct === "number") {
        record(s.participantId, binOf(qps[qps.length - 1].timeSec, s.duration), score.scores.correct);
      }
    }
  }
  const n = participants.size;
  const totalSum = new Float64Array(B);
  const totalCount = new Float64Array(B);
  const intervals = bootstrapWeightedCI(
    n,
    B,
    (w, out) => {
      totalSum.fill(0);
      totalCount.fill(0);
      for (let p = 0; p < n; p++) {
        const c = w[p];
        if (c === 0) continue;
        for (let b = 0; b < B; b++) {
          totalSum[b] += c * sums[p * B + b];
          totalCount[b] += c * counts[p * B + b];
        }
      }
      for (let b = 0; b < B; b++) out[b] = totalCount[b] > 0 ? totalSum[b] / totalCount[b] : Number.NaN;
    },
    settings,
  );
  const bins: PositionBin[] = POSITION_BINS.map((label, b) => {
    let answers = 0;
    let correct = 0;
    for (let p = 0; p < n; p++) {
      answers += counts[p * B + b];
      correct += sums[p * B + b];
    }
    if (answers === 0) return { label, answers: 0, correct: 0, accuracy: null, lower: null, upper: null };
    const ci = intervals[b];
    const bound = (v: number) => (Number.isFinite(v) ? v : null);
    return { label, answers, correct, accuracy: correct / answers, lower: bound(ci.lower), upper: bound(ci.upper) };
  });
  return { studyId: study.id, studyName: study.name, bins };
}
