/**
 * Chance baselines computed from the truth (PURE), only where the benchmark's paper reports one:
 * - TOC-Bench "Random": the expected accuracy of uniform guessing within each item's answer
 *   space, `TOC_RANDOM_CHANCE[format]` of lib/metrics (1/4 mcq_4, 1/2 sp, 1/4 numerical, 1/6
 *   ordering_3, 1/24 ordering_4), aggregated like model scores (paper Table 2, row Random);
 * - VSTAT "Chance (random)" and "Chance (frequency)": lib/metrics `chanceBaselines` (paper
 *   Appendix B); per-item scores are 1/k (MCQ only) and `scoreVstatDoc` of the chosen constant.
 * VCBench, EC-Bench and VSAS-Bench papers report none, so none is made (the leaderboard says so).
 */
import { tableFromItems } from "@/lib/scoring/item-table";
import { vstatTableOf } from "@/lib/scoring/tables";
import { TOC_RANDOM_CHANCE } from "@/lib/metrics/tocbench";
import { chanceBaselines, defaultTypeKey, scoreVstatDoc, vstatTarget } from "@/lib/metrics/vstat";
import { vstatDocOf } from "./score-vstat";
import type { LeaderboardTable, RunBenchmark, ScoredItem, TruthItem } from "./types";

export type ChanceRun = {
  /** Leaderboard row name (unique per project; model runs may not use the "Chance: " prefix). */
  name: string;
  /** ModelRun.source, identifying the baseline. */
  source: string;
  results: ScoredItem[];
  metrics: Record<string, unknown>;
  table: LeaderboardTable;
};

export const CHANCE_PREFIX = "Chance: ";

/** The chance rows of a benchmark's paper, computed from `truth` (empty when the paper has none). */
export function chanceRunsFor(benchmark: RunBenchmark, truth: readonly TruthItem[], variant = "reference"): ChanceRun[] {
  if (benchmark === "TOCBENCH") {
    const results: ScoredItem[] = [];
    for (const item of truth) {
      const p = TOC_RANDOM_CHANCE[item.format];
      if (p === undefined) continue;
      results.push({ itemId: item.itemId, raw: null, parsed: null, valid: true, scores: { correct: p, expected: 1 } });
    }
    const byId = new Map(truth.map((t) => [t.itemId, t]));
    const table = tableFromItems(
      "TOCBENCH",
      variant,
      results.map((r) => ({ format: byId.get(r.itemId)!.format, labels: byId.get(r.itemId)!.labels, scores: r.scores })),
    );
    return [
      {
        name: `${CHANCE_PREFIX}random`,
        source: "chance:tocbench-random",
        results,
        metrics: { benchmark: "tocbench", baseline: "random", chance_per_format: { ...TOC_RANDOM_CHANCE }, n_items: results.length, expected: table },
        table,
      },
    ];
  }
  if (benchmark === "VSTAT") {
    const docs = truth.map(vstatDocOf);
    const chance = chanceBaselines(docs);
    const random: ScoredItem[] = [];
    const frequency: ScoredItem[] = [];
    docs.forEach((doc, i) => {
      const target = vstatTarget(doc);
      if (target.kind === "mcq") random.push({ itemId: truth[i].itemId, raw: null, parsed: null, valid: true, scores: { kind: "mcq", score: 1 / doc.choices.length, correct: 1 / doc.choices.length } });
      const constant = chance.constants[defaultTypeKey(doc, target.kind)];
      const s = scoreVstatDoc(doc, constant ? String(constant.answer) : "");
      const scores: Record<string, number | string | null> = { kind: s.kind, score: s.score };
      if (s.kind === "numeric") scores.mra = s.score;
      else scores.correct = s.score;
      frequency.push({ itemId: truth[i].itemId, raw: null, parsed: s.parsed, valid: true, scores });
    });
    return [
      {
        name: `${CHANCE_PREFIX}random`,
        source: "chance:vstat-random",
        results: random,
        metrics: { benchmark: "vstat", baseline: "random", ...chance.random },
        table: vstatTableOf(chance.random as unknown as Record<string, unknown>),
      },
      {
        name: `${CHANCE_PREFIX}frequency`,
        source: "chance:vstat-frequency",
        results: frequency,
        metrics: { benchmark: "vstat", baseline: "frequency", ...chance.frequency, constants: chance.constants },
        table: vstatTableOf(chance.frequency as unknown as Record<string, unknown>),
      },
    ];
  }
  return [];
}
