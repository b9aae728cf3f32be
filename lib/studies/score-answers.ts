/**
 * Scores a participant's answers with the one metric library (PURE: lib/metrics only). The same
 * functions score model predictions, so a human row and a model row are comparable.
 *
 * Per benchmark:
 * - VCBENCH ("count" items): per question GPA / MoC / UDA with `scoreVcbenchQuestion`
 *   (reference variant; predictions aligned to query-point ordinals; a missing answer is
 *   invalid and excluded), aggregated with `aggregateVcbench` (question-weighted means).
 * - TOCBENCH: `isTocCorrect` (exact label / exact order); accuracy.
 * - VSTAT: `scoreVstatDoc` (MCQ letter accuracy, numeric MRA); mean score.
 * - ECBENCH: counting `scoreCounting` (exact match of the normalised number sets), enumeration
 *   `scoreEnumeration` (precision/recall/F1; correct = complete, the paper's human protocol),
 *   evidence `evidenceIoU` (reference variant) when spans were given.
 * - VSAS: not scored automatically (the human judge queue grades live responses): null.
 * - anything else: exact match of the answer text with a scalar truth.
 * `correct` (0/1) is set for every item that has an exact notion of correctness; attention
 * checks pass when it is 1.
 */
import { evidenceIoU, scoreCounting, scoreEnumeration } from "@/lib/metrics/ecbench";
import type { Interval } from "@/lib/metrics/intervals";
import { isTocCorrect } from "@/lib/metrics/tocbench";
import { aggregateVcbench, scoreVcbenchQuestion, type VcbenchQuestionScore } from "@/lib/metrics/vcbench";
import { scoreVstatDoc } from "@/lib/metrics/vstat";
import { answerText } from "@/lib/protocol/answer-schemas";
import { answerKindForFormat, optionsFrom } from "@/lib/protocol/participant-question";

export type ScoringItem = {
  itemId: string;
  externalId: string;
  format: string;
  videoRef: string;
  labels: Record<string, unknown>;
  presentation: Record<string, unknown>;
  truthAnswer: unknown;
  truthSpans: Interval[];
  queryPoints: { ordinal: number; timeSec: number }[];
};

export type ScoringAnswer = { itemId: string; queryPointOrdinal: number | null; value: unknown };

export type ItemScore = {
  itemId: string;
  /** The participant's answer as given (per query point for streaming counts). */
  raw: unknown;
  /** The answer the metric read (null when invalid / missing). */
  parsed: unknown;
  valid: boolean;
  /** Metric values; `correct` is 0/1 where exact correctness exists. */
  scores: Record<string, number | null>;
};

function str(v: unknown): string {
  return v === null || v === undefined ? "" : typeof v === "string" ? v : String(v);
}

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

export function scoreItem(benchmark: string, item: ScoringItem, answers: readonly ScoringAnswer[]): ItemScore {
  const kind = answerKindForFormat(item.format);
  if (item.format === "count" || (benchmark === "VCBENCH" && item.queryPoints.length > 0)) {
    const qps = [...item.queryPoints].sort((a, b) => a.ordinal - b.ordinal);
    const byOrdinal = new Map(answers.map((a) => [a.queryPointOrdinal, a.value]));
    const raw = qps.map((q) => (byOrdinal.has(q.ordinal) ? byOrdinal.get(q.ordinal) : null));
    const predictions = raw.map(num);
    const truths = Array.isArray(item.truthAnswer) ? item.truthAnswer.map((x) => Number(x)) : [];
    const s = vcbenchScore(item, qps, truths, predictions);
    const exact = truths.length === predictions.length && predictions.every((p, i) => p === truths[i]);
    return {
      itemId: item.itemId,
      raw,
      parsed: predictions,
      valid: predictions.some((p) => p !== null),
      scores: { gpa: s.gpa, moc: s.moc, uda: s.uda, correct: exact ? 1 : 0 },
    };
  }
  const value = answers[0]?.value;
  if (value === undefined) return { itemId: item.itemId, raw: null, parsed: null, valid: false, scores: { correct: null } };
  const text = answerText(kind, value, item.presentation.ordered === true);

  if (benchmark === "TOCBENCH" || item.format.startsWith("ordering") || ["mcq_4", "sp", "numerical"].includes(item.format)) {
    const ordering = item.format.startsWith("ordering");
    const truth = item.truthAnswer;
    const ok = isTocCorrect(
      { extracted: value },
      {
        qa_id: item.externalId,
        format: item.format,
        video_id: item.videoRef,
        correct_answer: ordering ? undefined : str(truth),
        correct_order: ordering && Array.isArray(truth) ? truth.map(str) : undefined,
      },
    );
    return { itemId: item.itemId, raw: value, parsed: value, valid: true, scores: { correct: ok ? 1 : 0 } };
  }
  if (benchmark === "VSTAT" || item.format === "mcq" || item.format === "numeric") {
    const choices = optionsFrom(item.presentation.options ?? item.presentation.choices).map((o) => o.text || o.label);
    const s = scoreVstatDoc({ choices, answer: str(item.truthAnswer) }, text);
    const scores: Record<string, number | null> = { score: s.score };
    if (s.kind === "numeric") scores.mra = s.score;
    else scores.correct = s.score;
    if (s.kind === "numeric") scores.correct = s.score === 1 ? 1 : 0;
    return { itemId: item.itemId, raw: value, parsed: s.parsed, valid: s.parsed !== null, scores };
  }
  if (kind === "ec_counting" || kind === "ec_enumeration") {
    const truthText = str(item.truthAnswer);
    const evidence = (value as { evidence?: [number, number][] }).evidence;
    const iou = evidence && evidence.length ? evidenceIoU(item.truthSpans, evidence) : null;
    if (kind === "ec_counting") {
      const c = scoreCounting(truthText, text);
      return {
        itemId: item.itemId,
        raw: value,
        parsed: c.normalizedPrediction,
        valid: c.normalizedPrediction !== "",
        scores: { correct: c.match ? 1 : 0, abs_error: c.absError, sq_error: c.sqError, evidence_iou: iou },
      };
    }
    const e = scoreEnumeration(truthText, text);
    return {
      itemId: item.itemId,
      raw: value,
      parsed: e.predictionItems,
      valid: e.predictionItems.length > 0,
      scores: {
        correct: e.complete ? 1 : 0,
        precision_is_one: e.precisionIsOne ? 1 : 0,
        precision: e.precision,
        recall: e.recall,
        f1: e.f1,
        tp: e.tp,
        fp: e.fp,
        fn: e.fn,
        evidence_iou: iou,
      },
    };
  }
  if (kind === "live_response") {
    return { itemId: item.itemId, raw: value, parsed: null, valid: true, scores: { correct: null } };
  }
  const truth = item.truthAnswer;
  const scalar = typeof truth === "string" || typeof truth === "number" ? String(truth) : null;
  const ok = scalar !== null && scalar.trim().toLowerCase() === text.trim().toLowerCase();
  return { itemId: item.itemId, raw: value, parsed: text, valid: text !== "", scores: { correct: scalar === null ? null : ok ? 1 : 0 } };
}

function vcbenchScore(
  item: ScoringItem,
  qps: { ordinal: number; timeSec: number }[],
  truths: number[],
  predictions: (number | null)[],
): VcbenchQuestionScore {
  return scoreVcbenchQuestion({
    subtype: str(item.labels.subtype),
    times: qps.map((q) => q.timeSec),
    truths,
    predictions,
  });
}

/** Aggregate of item scores: VCBench means as the reference, otherwise means of each metric. */
export function aggregateScores(benchmark: string, items: readonly ScoringItem[], scores: readonly ItemScore[]): Record<string, unknown> {
  const byId = new Map(items.map((i) => [i.itemId, i]));
  const out: Record<string, unknown> = { n_items: scores.length };
  const countScores = scores.filter((s) => byId.get(s.itemId)?.format === "count");
  if (countScores.length) {
    out.vcbench = aggregateVcbench(
      countScores.map((s) => ({
        subtype: str(byId.get(s.itemId)?.labels.subtype),
        gpa: s.scores.gpa ?? null,
        moc: s.scores.moc ?? null,
        uda: s.scores.uda ?? null,
        n_queries: (s.raw as unknown[]).length,
        n_valid: (s.parsed as (number | null)[]).filter((p) => p !== null).length,
      })),
    );
  }
  const means: Record<string, { sum: number; n: number }> = {};
  for (const s of scores) {
    for (const [k, v] of Object.entries(s.scores)) {
      if (v === null || !Number.isFinite(v)) continue;
      means[k] ??= { sum: 0, n: 0 };
      means[k].sum += v;
      means[k].n += 1;
    }
  }
  out.means = Object.fromEntries(Object.entries(means).map(([k, m]) => [k, { mean: m.sum / m.n, n: m.n }]));
  const acc = means.correct;
  out.accuracy = acc ? acc.sum / acc.n : null;
  out.benchmark = benchmark;
  return out;
}
