/**
 * Pins the empty-set policy of docs/metrics/README.md and the "Edge cases" sections of
 * ecbench.ts, tocbench.ts, vstat.ts and vsas.ts: NaN for agreement, 0 (with a count of 0)
 * for the reference-ported benchmarks, null for VSAS aggregates.
 */
import { describe, expect, it } from "vitest";
import { cohenKappa, percentAgreement } from "./agreement";
import {
  countingNumbers,
  enumerationFromCounts,
  judgedCounts,
  maximumMatching,
  normalizeCountingAnswer,
  precisionRecallF1,
  scoreCounting,
  scoreEcBench,
  scoreEnumeration,
} from "./ecbench";
import { isTocCorrect, scoreTocbench, tocPredictionFromRaw, tocSource, type TocItem } from "./tocbench";
import { bestConstant, chanceBaselines, extractLastInteger, scoreVstat, scoreVstatDoc, summarizeVstat } from "./vstat";
import { lcsDistance, scoreVsas, taskAccuracy, taskConsistency, taskRubricMean } from "./vsas";

describe("agreement family: empty set → NaN", () => {
  it("returns NaN, not 0", () => {
    expect(percentAgreement([], [])).toBeNaN();
    expect(cohenKappa([], [])).toBeNaN();
  });
});

describe("EC-Bench: empty set → 0, invalid answers", () => {
  it("scores no row as all-zero rates with zero totals", () => {
    const { summary, details } = scoreEcBench([]);
    expect(details).toEqual([]);
    expect(summary).toMatchObject({
      counting_total: 0, counting_match_rate_percent: 0, counting_mae: 0, counting_rmse: 0,
      enumeration_total: 0, enumeration_precision: 0, enumeration_recall: 0, enumeration_f1: 0,
      enumeration_agreement_rate_percent: 0, overall_accuracy_percent: 0, clip_miou: 0, clip_iou_count: 0,
      A: 0, F: 0, rows_total: 0, by_category: {}, by_genre: {},
    });
  });
  it("divides by zero as 0", () => {
    expect(precisionRecallF1(0, 0, 0)).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(precisionRecallF1(0, 0, 3)).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(enumerationFromCounts({ tp: 0, fp: 0, fn: 0 })).toMatchObject({ precisionIsOne: false, complete: false });
    expect(scoreEnumeration("", "")).toMatchObject({ tp: 0, fp: 0, fn: 0, f1: 0, precisionIsOne: false });
    expect(maximumMatching(0, 3, () => true)).toEqual([]);
  });
  it("reads unparseable and overflowing counts as no number", () => {
    expect(normalizeCountingAnswer(null)).toBe("");
    expect(normalizeCountingAnswer("none")).toBe("");
    expect(normalizeCountingAnswer("1".repeat(400) + ".5")).toBe("inf");
    expect(countingNumbers("inf")).toEqual([]);
    expect(scoreCounting("", "")).toMatchObject({ match: false, absError: null });
    expect(scoreCounting("3", "many")).toMatchObject({ match: false, truthValue: 3, predictionValue: null, absError: null, sqError: null });
    expect(judgedCounts({ tp: -1, fp: 0, fn: 0 })).toBeNull();
    expect(judgedCounts({ tp: 1.5, fp: 0, fn: 0 })).toBeNull();
  });
  it("skips a missing prediction instead of scoring it 0", () => {
    const { summary } = scoreEcBench([
      { questionId: "1", taskType: "Counting", truthAnswer: "3", predictionAnswer: "  " },
      { questionId: "2", taskType: "Counting", truthAnswer: "3", predictionAnswer: "3" },
    ]);
    expect(summary).toMatchObject({ counting_total: 1, counting_match_rate_percent: 100, skipped_blank_prediction: 1 });
  });
});

describe("TOC-Bench: empty set → 0 via max(1, n), hda null", () => {
  const item = (qa_id: string, extra: Partial<TocItem> = {}): TocItem => ({ qa_id, format: "mcq_4", video_id: "yt_1", correct_answer: "A", ...extra });
  it("scores no item as zeros and hda null", () => {
    const r = scoreTocbench([], new Map());
    expect([r.overall, r.macro_dim, r.tier_weighted, r.invalid_rate, r.hda, r.n_total]).toEqual([0, 0, 0, 0, null, 0]);
  });
  it("leaves missing predictions out of the denominator; only-missing → 0", () => {
    const r = scoreTocbench([item("a"), item("b")], new Map([["a", { extracted: "A" }]]));
    expect([r.overall, r.n_scored, r.n_missing_preds]).toEqual([1, 1, 1]);
    const none = scoreTocbench([item("a")], new Map());
    expect([none.overall, none.invalid_rate, none.n_scored]).toEqual([0, 0, 0]);
  });
  it("scores unparseable answers as invalid and incorrect", () => {
    expect(tocPredictionFromRaw("no idea", item("a"))).toEqual({ extracted: null });
    expect(tocPredictionFromRaw(42, item("a"))).toEqual({ extracted: null });
    expect(isTocCorrect({ extracted: "" }, item("a"))).toBe(false);
    expect(isTocCorrect({ extracted: Number.NaN }, item("a", { format: "numerical", correct_answer: "2" }))).toBe(false);
    const r = scoreTocbench([item("a")], new Map([["a", { extracted: null }]]));
    expect([r.overall, r.invalid_rate, r.n_invalid_extraction]).toEqual([0, 1, 1]);
    expect(tocSource("_x")).toBe("unknown");
  });
});

describe("VSTAT: empty set → 0 with count 0", () => {
  it("averages nothing to 0", () => {
    expect(scoreVstat([], []).summary).toMatchObject({ count: 0, ALL_Score_avg: 0, mcq_count: 0, MCQ_ACC: 0, numeric_count: 0, Numeric_MRA: 0 });
    expect(bestConstant([])).toEqual({ value: 0, mean: 0 });
    const chance = chanceBaselines([{ sourceTask: "t", choices: [], answer: "4" }]);
    expect(chance.random).toMatchObject({ count: 0, MCQ_ACC: 0 });
  });
  it("scores missing and unparseable predictions 0 and keeps them in the average", () => {
    const docs = [
      { sourceTask: "t", choices: ["x", "y"], answer: "A" },
      { sourceTask: "t", choices: [], answer: "4" },
      { sourceTask: "t", choices: [], answer: "0" },
    ];
    const { summary, scores } = scoreVstat(docs, ["A"]);
    expect(scores.map((s) => s.score)).toEqual([1, 0, 0]);
    expect(summary).toMatchObject({ count: 3, mcq_count: 1, MCQ_ACC: 1, numeric_count: 2, Numeric_MRA: 0 });
    expect(summary.ALL_Score_avg).toBeCloseTo(1 / 3, 15);
    expect(scoreVstatDoc({ choices: [], answer: "0" }, "0").score).toBe(1);
    expect(scoreVstatDoc({ choices: [], answer: "0" }, "1").score).toBe(0);
    expect(extractLastInteger("none")).toBeNull();
    expect(summarizeVstat(docs, []).count).toBe(0);
  });
});

describe("VSAS: empty aggregate → null", () => {
  it("returns null for A, C and the rubric mean over no task", () => {
    const r = scoreVsas([]);
    expect([r.tasks, r.accuracy, r.consistency, r.rubric_mean]).toEqual([0, null, null, null]);
    expect(r.by_task_type.Present).toMatchObject({ tasks: 0, accuracy: null, consistency: null });
  });
  it("keeps the paper's defined per-task values", () => {
    expect(taskConsistency(["a"], ["b"])).toEqual({ value: 0, raw: 0 });
    expect(taskConsistency([], [], { denominator: "N-1" })).toEqual({ value: 0, raw: 0 });
    expect(lcsDistance("", "")).toBe(0);
    expect(lcsDistance("a", "")).toBe(1);
  });
  it("leaves missing judgements out of A_t (unknown, not wrong), none at all as null", () => {
    expect(taskAccuracy([])).toEqual({ value: null, judged: 0, missing: 0 });
    expect(taskAccuracy([null, Number.NaN])).toEqual({ value: null, judged: 0, missing: 2 });
    expect(taskAccuracy([1, null, 2, -1])).toEqual({ value: 2 / 3, judged: 3, missing: 1 });
    expect(taskRubricMean([null, Number.POSITIVE_INFINITY])).toBeNull();
  });
});
