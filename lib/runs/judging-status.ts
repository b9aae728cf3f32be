/**
 * How far a run's judged figures are judged (PURE; read by the run pages, the judge queues and the
 * leaderboard, including client components). Rule (docs/metrics/vsas.md, docs/metrics/ecbench.md,
 * docs/annotation/judging.md):
 *
 * - VSAS-Bench: a unit is one second of one task (a caption). Accuracy is over the JUDGED seconds
 *   (lib/metrics `taskAccuracy`); until every second is judged the score is PARTIAL ("judged J of
 *   N"), with none judged it is not computed.
 * - EC-Bench: a unit is one enumeration answer (non-blank prediction). While no one has matched
 *   any, the automatic matcher scores them all (the reference's rule: `basis: "automatic"`,
 *   final). From the first matching by people (or judged counts in the file), the unmatched ones
 *   are left out (lib/metrics `scoreEcBench` `judgedOnly`) and the score is PARTIAL until every
 *   one is matched.
 *
 * A partial run is never presented as final: labelled "partial", kept out of ranking, and
 * `final: no` in the leaderboard's CSV / JSON.
 */
export type JudgingUnit = "second" | "enumeration answer";

export type RunJudging = {
  unit: JudgingUnit;
  /** Units with a judgement (by people, or in the prediction file). */
  judged: number;
  /** Units to judge. */
  total: number;
  /** The score covers every unit (every one judged, or EC-Bench's automatic matching of all). */
  final: boolean;
  /** "judged": the score is over the judged units; "automatic": the matcher scored every unit. */
  basis: "judged" | "automatic";
};

/** VSAS: from lib/metrics' `timesteps` / `judged_timesteps`. */
export function vsasJudging(metrics: { timesteps: number; judged_timesteps: number }): RunJudging {
  const total = metrics.timesteps;
  const judged = Math.min(metrics.judged_timesteps, total);
  return { unit: "second", judged, total, final: judged === total, basis: "judged" };
}

/** EC-Bench: from the summary's judged / awaiting enumeration counts; `byPeople`: scored with `judgedOnly`. */
export function ecJudging(summary: { enumeration_total: number; enumeration_judged_count: number; enumeration_awaiting_judgement: number }, byPeople: boolean): RunJudging {
  if (!byPeople) return { unit: "enumeration answer", judged: 0, total: summary.enumeration_total, final: true, basis: "automatic" };
  const judged = summary.enumeration_judged_count;
  const total = judged + summary.enumeration_awaiting_judgement;
  return { unit: "enumeration answer", judged, total, final: judged === total, basis: "judged" };
}

const plural = (unit: JudgingUnit, n: number) => (n === 1 ? unit : `${unit}s`);

/** What the pages show beside the score. */
export function judgingLabel(j: RunJudging): string {
  if (j.basis === "automatic") return `automatic matching (no ${j.unit} judged by people)`;
  if (j.final) return `final: all ${j.total} ${plural(j.unit, j.total)} judged`;
  if (j.judged === 0) return `not judged yet: 0 of ${j.total} ${plural(j.unit, j.total)}`;
  return `partial: judged ${j.judged} of ${j.total} ${plural(j.unit, j.total)} (score over the judged ${plural(j.unit, 2)})`;
}

/** The judging status stored in a run's aggregates (`aggregates.judging`), or null (other benchmarks, older runs). */
export function judgingOf(aggregates: unknown): RunJudging | null {
  const j = (aggregates as { judging?: unknown } | null)?.judging as Partial<RunJudging> | undefined;
  if (!j || typeof j !== "object") return null;
  if ((j.unit !== "second" && j.unit !== "enumeration answer") || typeof j.judged !== "number" || typeof j.total !== "number" || typeof j.final !== "boolean") return null;
  return { unit: j.unit, judged: j.judged, total: j.total, final: j.final, basis: j.basis === "automatic" ? "automatic" : "judged" };
}
