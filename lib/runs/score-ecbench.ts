/**
 * Scores EC-Bench raw predictions (PURE) with lib/metrics `scoreEcBench` (counting exact match of
 * normalised number sets, MAE/RMSE; enumeration TP/FP/FN with the deterministic matcher or judged
 * counts, micro precision/recall/F1, agreement and complete rates; evidence tIoU), as the
 * command-line scorer. The per-category "complete" (paper) and "agreement" (reference)
 * enumeration accuracies are both kept, whatever the project's variant, by scoring the rows under
 * both variants. Questions without a prediction row are not scored and are reported; blank
 * answers are skipped (as the reference).
 *
 * With `judgedOnly` (people matched some of the run's enumeration answers) the unmatched ones
 * await judgement: not scored, left out of every enumeration and accuracy figure (their evidence
 * tIoU still counts); `judging` says how many are matched (lib/runs/judging-status.ts).
 *
 * Clip cells are read with the project's `clipParser` (reference by default, as
 * `judge_core.py`): the truth from the imported cell text (`ItemTruth.source.clips`; the
 * stored TRUTH spans when there is no text), the predictions from their cell text when it
 * was read with another parser. With `lenient`, each repaired truth cell is reported.
 */
import { DEFAULT_CLIP_PARSER, parseClipCell, type ClipParser } from "@/lib/metrics/parse-time";
import { ecSkipProblems } from "@/lib/scoring/ecbench";
import { ProblemLog } from "@/lib/scoring/problem-log";
import type { Interval } from "@/lib/metrics/intervals";
import { scoreEcBench, type EcBenchSummary, type EcRow, type EcVariant } from "@/lib/metrics/ecbench";
import { ecJudging } from "./judging-status";
import type { PartialOutcome } from "./score-vcbench";
import type { EcRaw, ScoredItem, TruthItem } from "./types";

/** "Counting" / "Enumeration" (the reference's task_type) from the item format. */
export function ecTaskType(item: TruthItem): string {
  if (item.format === "counting") return "Counting";
  if (item.format === "enumeration") return "Enumeration";
  return String(item.labels.task_type ?? item.format).trim();
}

/**
 * The item's truth clips read with `parser` from the imported cell text (the stored TRUTH
 * spans when the item has none); lenient repairs are added to `problems`.
 */
export function truthClipsOf(item: TruthItem, parser: ClipParser, problems?: ProblemLog): Interval[] {
  const text = item.source.clips;
  if (typeof text !== "string") return item.spans;
  const r = parseClipCell(text, parser, { id: item.externalId, field: "clips" });
  for (const p of r.problems) problems?.add({ ...p, message: `truth clips of question ${item.externalId}: ${p.message}` });
  return r.intervals;
}

/** The prediction's clips under `parser` (read again from the cell text when it was read with another parser). */
function predictionClipsOf(raw: EcRaw, parser: ClipParser): Interval[] | undefined {
  if (raw.clips === undefined) return undefined;
  if (raw.clipsText !== undefined && raw.clipParser !== undefined && raw.clipParser !== parser) return parseClipCell(raw.clipsText, parser).intervals;
  return raw.clips;
}

/** The EC-Bench row lib/metrics scores for an item and its raw prediction. */
export function ecRowOf(item: TruthItem, raw: EcRaw, parser: ClipParser = DEFAULT_CLIP_PARSER, problems?: ProblemLog): EcRow {
  const row: EcRow = {
    questionId: item.externalId,
    videoId: item.videoRef,
    category: typeof item.labels.category === "string" ? item.labels.category : undefined,
    genre: typeof item.labels.genre === "string" ? item.labels.genre : undefined,
    taskType: ecTaskType(item),
    truthAnswer: typeof item.answer === "string" ? item.answer : item.answer === null || item.answer === undefined ? null : String(item.answer),
    predictionAnswer: raw.answer,
  };
  const predictionClips = predictionClipsOf(raw, parser);
  if (predictionClips !== undefined) {
    row.truthClips = truthClipsOf(item, parser, problems);
    row.predictionClips = predictionClips;
  }
  if (raw.judged) row.judged = raw.judged;
  return row;
}

export type EcMetrics = EcBenchSummary & {
  benchmark: "ecbench";
  /** Enumeration accuracy per category under each definition (percent), whatever the variant. */
  enumeration_complete_by_category: Record<string, number>;
  enumeration_agreement_by_category: Record<string, number>;
  missing_predictions: number;
  /** How clip cells were read. */
  clip_parser: ClipParser;
};

export function scoreEcRaws(truth: readonly TruthItem[], raws: ReadonlyMap<string, unknown>, variant: EcVariant, clipParser: ClipParser = DEFAULT_CLIP_PARSER, judgedOnly = false): PartialOutcome {
  const problems = new ProblemLog();
  const rows: EcRow[] = [];
  const rowItems: TruthItem[] = [];
  let missing = 0;
  for (const item of truth) {
    const raw = raws.get(item.itemId) as EcRaw | undefined;
    if (!raw) {
      missing += 1;
      if (problems.hasRoom) problems.add({ code: "missing_prediction", id: item.externalId, message: `question ${item.externalId} has no prediction row; not scored` });
      else problems.count("missing_prediction");
      continue;
    }
    rows.push(ecRowOf(item, raw, clipParser, problems));
    rowItems.push(item);
  }
  const main = scoreEcBench(rows, { variant, judgedOnly });
  const other = scoreEcBench(rows, { variant: variant === "paper" ? "reference" : "paper", judgedOnly });
  const paper = variant === "paper" ? main : other;
  const reference = variant === "paper" ? other : main;
  const s = main.summary;
  ecSkipProblems(s, "answer", "question(s)", problems);

  const results: ScoredItem[] = main.details.map((d, i) => {
    const raw = raws.get(rowItems[i].itemId) as EcRaw;
    const hull = paper.details[i].clipIouHull ?? null;
    const scores: Record<string, number | string | null> = { task: d.taskType, status: d.status };
    if (d.status === "awaiting_judgement") {
      // A valid answer people have not matched yet: left out of the score until they do.
      return { itemId: rowItems[i].itemId, raw, parsed: null, valid: true, scores: { ...scores, evidence_iou: d.clipIouUnion ?? null, evidence_iou_hull: hull, skipped: 1 } };
    }
    if (d.status !== "scored") {
      if (d.status === "unsupported_task_type") {
        problems.add({ code: "unsupported_task_type", id: d.questionId, message: `question ${d.questionId}: task type "${d.taskType}" is neither Counting nor Enumeration; not scored` });
      }
      return { itemId: rowItems[i].itemId, raw, parsed: null, valid: false, scores: { ...scores, skipped: 1 } };
    }
    scores.correct = d.correct ? 1 : 0;
    scores.evidence_iou = d.clipIouUnion ?? null;
    scores.evidence_iou_hull = hull;
    let parsed: unknown = null;
    if (d.counting) {
      const c = d.counting;
      Object.assign(scores, { match: c.match ? 1 : 0, abs_error: c.absError, sq_error: c.sqError });
      parsed = c.normalizedPrediction;
    } else if (d.enumeration) {
      const e = d.enumeration;
      Object.assign(scores, {
        tp: e.tp,
        fp: e.fp,
        fn: e.fn,
        precision: e.precision,
        recall: e.recall,
        f1: e.f1,
        precision_is_one: e.precisionIsOne ? 1 : 0,
        complete: e.complete ? 1 : 0,
        judged: d.judged ? 1 : 0,
      });
      parsed = "predictionItems" in e ? (e as { predictionItems: string[] }).predictionItems : null;
    }
    return { itemId: rowItems[i].itemId, raw, parsed, valid: true, scores };
  });
  const rate = (summary: EcBenchSummary) => Object.fromEntries(Object.entries(summary.by_category).map(([k, g]) => [k, g.enumeration_accuracy_percent]));
  const metrics: EcMetrics = {
    benchmark: "ecbench",
    ...s,
    enumeration_complete_by_category: rate(paper.summary),
    enumeration_agreement_by_category: rate(reference.summary),
    missing_predictions: missing,
    clip_parser: clipParser,
  };
  const invalid = results.filter((r) => !r.valid).length;
  const awaiting = s.enumeration_awaiting_judgement;
  return {
    results,
    metrics,
    problems,
    counts: { items: truth.length, predicted: rows.length, scored: results.length - invalid - awaiting, missing, invalid },
    judging: ecJudging(s, judgedOnly),
  };
}
