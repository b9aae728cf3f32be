/**
 * Scores VCBench raw predictions against the project's truth (PURE) with lib/metrics:
 * `parseVcbenchPrediction` per query point, `scoreVcbenchQuestion` per question (GPA, MoC, UDA;
 * invalid or missing points excluded), `VcbenchAggregator` for subtype and overall means — the
 * same functions and order as the command-line scorer. Questions without any prediction are not
 * scored (as the reference, which only iterates over prediction records) and are reported.
 */
import { ProblemLog } from "@/lib/scoring/problem-log";
import { VCBENCH_SUBTYPES, VcbenchAggregator, parseVcbenchPrediction, scoreVcbenchQuestion, type VcbenchVariant } from "@/lib/metrics/vcbench";
import { shortJson } from "./text-records";
import type { RunJudging } from "./judging-status";
import type { ScoredItem, TruthItem, VcbenchRaw } from "./types";

export type PartialOutcome = {
  results: ScoredItem[];
  metrics: Record<string, unknown>;
  problems: ProblemLog;
  counts: { items: number; predicted: number; scored: number; missing: number; invalid: number };
  /** VSAS / EC-Bench: how far the judged figures are judged. */
  judging?: RunJudging;
};

/** Truth counts of a VCBench item (ItemTruth.answer, one per query point), or null when malformed. */
export function vcbenchTruthCounts(item: TruthItem): number[] | null {
  const a = item.answer;
  if (!Array.isArray(a) || a.length !== item.queryPoints.length) return null;
  for (const x of a) if (typeof x !== "number" || !Number.isFinite(x)) return null;
  return a as number[];
}

export function scoreVcbenchRaws(truth: readonly TruthItem[], raws: ReadonlyMap<string, unknown>, variant: VcbenchVariant): PartialOutcome {
  const problems = new ProblemLog();
  const agg = new VcbenchAggregator();
  const results: ScoredItem[] = [];
  let missingQuestions = 0;
  let invalidPoints = 0;
  let missingPoints = 0;
  let predicted = 0;
  for (const item of truth) {
    const counts = vcbenchTruthCounts(item);
    if (!counts) {
      problems.add({ code: "invalid_truth", id: item.externalId, message: `question "${item.externalId}": its truth does not give one count per query point; not scored` });
      continue;
    }
    const raw = raws.get(item.itemId) as VcbenchRaw | undefined;
    if (!raw) {
      missingQuestions += 1;
      if (problems.hasRoom) problems.add({ code: "missing_prediction", id: item.externalId, message: `question "${item.externalId}" has no prediction; not scored` });
      else problems.count("missing_prediction");
      continue;
    }
    predicted += 1;
    const times = item.queryPoints.map((q) => q.timeSec);
    const predictions: (number | null)[] = times.map((_, i) => {
      const pt = raw.points[i];
      if (!pt) return null;
      const v = parseVcbenchPrediction(pt.v, { variant, source: pt.unified ? "unified" : "per-point" });
      if (v === null) {
        invalidPoints += 1;
        if (problems.hasRoom) {
          problems.add({
            code: "invalid_answer",
            line: pt.line,
            id: item.externalId,
            field: pt.unified ? "predictions" : "prediction",
            message: `${pt.line !== undefined ? `line ${pt.line}: ` : ""}answer ${shortJson(pt.v)} of "${item.externalId}" at ${times[i]} s is not a valid number (${variant} rule); excluded`,
          });
        } else problems.count("invalid_answer");
      }
      return v;
    });
    const missingHere = times.filter((_, i) => !raw.points[i]).length;
    if (missingHere > 0) {
      missingPoints += missingHere;
      problems.add({
        code: "missing_points",
        id: item.externalId,
        message: `question "${item.externalId}": no prediction for ${missingHere} of ${times.length} query points (${times.filter((_, i) => !raw.points[i]).join(", ")} s); excluded`,
      });
    }
    const subtype = String(item.labels.subtype ?? "");
    const score = scoreVcbenchQuestion({ subtype, times, truths: counts, predictions }, variant);
    agg.add(score);
    results.push({
      itemId: item.itemId,
      raw,
      parsed: predictions,
      valid: score.n_valid > 0,
      scores: { subtype: score.subtype, gpa: score.gpa, moc: score.moc, uda: score.uda, n_queries: score.n_queries, n_valid: score.n_valid },
    });
  }
  const r = agg.result();
  const bySubtype: Record<string, unknown> = {};
  for (const st of VCBENCH_SUBTYPES) if (r.by_subtype[st]) bySubtype[st] = r.by_subtype[st];
  for (const [st, v] of Object.entries(r.by_subtype)) if (!(st in bySubtype)) bySubtype[st] = v;
  const metrics = {
    benchmark: "vcbench",
    variant,
    overall: { ...r.overall, n_invalid_points: invalidPoints, n_missing_points: missingPoints },
    by_subtype: bySubtype,
    n_truth_questions: truth.length,
    n_missing_questions: missingQuestions,
  };
  return { results, metrics, problems, counts: { items: truth.length, predicted, scored: results.length, missing: missingQuestions, invalid: invalidPoints } };
}
