/**
 * Scores raw predictions of any benchmark against the project's truth (PURE): dispatches to the
 * per-benchmark scorer (lib/metrics inside) and derives the leaderboard table from the lib/metrics
 * aggregate. The same function scores a fresh upload and rescoring a stale run from its stored raws.
 */
import type { ClipParser } from "@/lib/metrics/parse-time";
import { tableFromMetrics } from "@/lib/scoring/tables";
import { scoreEcRaws } from "./score-ecbench";
import { scoreTocRaws } from "./score-tocbench";
import { scoreVcbenchRaws, type PartialOutcome } from "./score-vcbench";
import { scoreVsasRaws } from "./score-vsas";
import { scoreVstatRaws } from "./score-vstat";
import type { MetricVariant, RawPrediction, RunBenchmark, ScoreOutcome, TruthItem } from "./types";

/**
 * Options beyond the metric variant: EC-Bench's clip parser (the project's `clipParser`; reference
 * by default) and `ecJudgedOnly`: people have matched some of the run's enumeration answers, so
 * the unmatched ones await judgement instead of being matched automatically (partial score,
 * lib/runs/judging-status.ts).
 */
export type ScoreOptions = { clipParser?: ClipParser; ecJudgedOnly?: boolean };

export function scoreRawPredictions(benchmark: RunBenchmark, truth: readonly TruthItem[], raws: ReadonlyMap<string, RawPrediction>, variant: MetricVariant, options: ScoreOptions = {}): ScoreOutcome {
  let out: PartialOutcome;
  switch (benchmark) {
    case "VCBENCH":
      out = scoreVcbenchRaws(truth, raws, variant);
      break;
    case "TOCBENCH":
      out = scoreTocRaws(truth, raws);
      break;
    case "ECBENCH":
      out = scoreEcRaws(truth, raws, variant, options.clipParser, options.ecJudgedOnly);
      break;
    case "VSTAT":
      out = scoreVstatRaws(truth, raws);
      break;
    case "VSAS":
      out = scoreVsasRaws(truth, raws);
      break;
  }
  const metrics = { ...out.metrics, problem_counts: out.problems.counts, problems_omitted: out.problems.omitted };
  return { results: out.results, metrics, table: tableFromMetrics(benchmark, metrics), problems: out.problems.list, counts: out.counts, ...(out.judging ? { judging: out.judging } : {}) };
}
