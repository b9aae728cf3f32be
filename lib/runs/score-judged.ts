/**
 * Scores a run's raw predictions with the reviewers' judgements applied (PURE): what rescoring
 * does (lib/runs/rescore-run.ts). VSAS: people's verdicts replace the file's at the seconds they
 * judged, accuracy over the judged seconds. EC-Bench: once people have matched any enumeration
 * answer of the run, the unmatched ones await judgement instead of being matched automatically
 * (`ecJudgedOnly`), so the score is over the judged answers and partial until all are matched
 * (lib/runs/judging-status.ts).
 */
import { applyHumanJudgements, type JudgementRow } from "./human-judgements";
import { scoreRawPredictions, type ScoreOptions } from "./score-raws";
import type { MetricVariant, RawPrediction, RunBenchmark, ScoreOutcome, TruthItem } from "./types";
import type { Problem } from "@/lib/metrics/problems";

export function scoreWithJudgements(
  benchmark: RunBenchmark,
  runId: string,
  truth: readonly TruthItem[],
  raws: ReadonlyMap<string, RawPrediction>,
  judgements: readonly JudgementRow[],
  variant: MetricVariant,
  options: Omit<ScoreOptions, "ecJudgedOnly"> = {},
): { scored: ScoreOutcome; applied: number; problems: Problem[] } {
  const human = applyHumanJudgements(benchmark, runId, truth, raws, judgements);
  const scored = scoreRawPredictions(benchmark, truth, human.raws, variant, { ...options, ecJudgedOnly: benchmark === "ECBENCH" && human.applied > 0 });
  return { scored, applied: human.applied, problems: human.problems };
}
