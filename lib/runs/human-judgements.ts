/**
 * Human judgements of a run's answers (PURE): the subject keys reviewers' Judgement rows are
 * stored under, their verdict shapes, and how rescoring feeds them into a run's raw predictions
 * (`applyHumanJudgements`), the way the command-line scorer takes a `--judgements` file.
 *
 * - VSAS-Bench: one Judgement per (task item, run, second), subject `run:<runId>:t:<sec>`,
 *   verdict `{binary: 0|1|null, rubric: 0..3|null}`. At a second judged by people the binary
 *   judge is the mean of their binary verdicts (one judge: 0 or 1; two who disagree: 0.5, which
 *   A_t accepts as a judge value in [0, 1]) and the rubric the mean of their rubric scores;
 *   these replace the judgement the prediction file gave at that second (other seconds keep
 *   the file's).
 * - EC-Bench enumeration: one Judgement per (item, run), subject `run:<runId>:match`, verdict
 *   `{matches: [{pred, truth}], predicted: [...], truth: [...]}` (indices into the item lists
 *   as they were when matched). TP = pairs, FP = |predicted| − TP, FN = |truth| − TP replace the
 *   automatic matching (and any judged counts of the file). When several reviewers matched the
 *   item, the latest matching counts. A matching whose lists no longer equal the item's current
 *   lists (the truth was edited) is ignored and reported.
 */
import { parseEnumeration } from "@/lib/metrics/parse-time";
import type { Problem } from "@/lib/metrics/problems";
import type { EcRaw, RawPrediction, RunBenchmark, TruthItem, VsasRaw } from "./types";

export const HUMAN_JUDGE_KIND = "human";

/** Subject key of a VSAS judgement of the run's response at second `t`. */
export function vsasSubjectKey(runId: string, t: number): string {
  return `run:${runId}:t:${t}`;
}

/** Subject key of an EC-Bench enumeration matching of the run's answer. */
export function ecSubjectKey(runId: string): string {
  return `run:${runId}:match`;
}

/** Prefix of every subject key of a run. */
export function runSubjectPrefix(runId: string): string {
  return `run:${runId}:`;
}

/** The second of a VSAS subject key of this run, or null. */
export function vsasSecondOf(runId: string, subjectKey: string): number | null {
  const prefix = `${runSubjectPrefix(runId)}t:`;
  if (!subjectKey.startsWith(prefix)) return null;
  const t = Number(subjectKey.slice(prefix.length));
  return Number.isFinite(t) ? t : null;
}

export type VsasVerdict = { binary: 0 | 1 | null; rubric: number | null };
export type EcMatchVerdict = { matches: { pred: number; truth: number }[]; predicted: string[]; truth: string[] };

/** A stored Judgement as rescoring reads it. */
export type JudgementRow = { itemId: string; judgeId: string | null; subjectKey: string; verdict: unknown; updatedAt: Date };

export function readVsasVerdict(v: unknown): VsasVerdict | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const binary = o.binary === 0 || o.binary === 1 ? o.binary : null;
  const rubric = typeof o.rubric === "number" && Number.isInteger(o.rubric) && o.rubric >= 0 && o.rubric <= 3 ? o.rubric : null;
  return binary === null && rubric === null ? null : { binary, rubric };
}

export function readEcVerdict(v: unknown): EcMatchVerdict | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const strings = (x: unknown) => (Array.isArray(x) && x.every((s) => typeof s === "string") ? (x as string[]) : null);
  const predicted = strings(o.predicted);
  const truth = strings(o.truth);
  if (!predicted || !truth || !Array.isArray(o.matches)) return null;
  const matches: EcMatchVerdict["matches"] = [];
  for (const m of o.matches) {
    const p = (m as { pred?: unknown })?.pred;
    const t = (m as { truth?: unknown })?.truth;
    if (typeof p !== "number" || typeof t !== "number") return null;
    matches.push({ pred: p, truth: t });
  }
  return { matches, predicted, truth };
}

/** The enumeration item lists of an item and a prediction, as the matching UI shows them. */
export function enumerationLists(truthAnswer: unknown, predictionAnswer: string | null): { truth: string[]; predicted: string[] } {
  const truthText = typeof truthAnswer === "string" ? truthAnswer : truthAnswer == null ? null : String(truthAnswer);
  return { truth: parseEnumeration(truthText).items, predicted: parseEnumeration(predictionAnswer).items };
}

/** Whether a matching is one-to-one with indices inside both lists. */
export function matchingProblem(m: EcMatchVerdict): string | null {
  const preds = new Set<number>();
  const truths = new Set<number>();
  for (const { pred, truth } of m.matches) {
    if (!Number.isInteger(pred) || pred < 0 || pred >= m.predicted.length) return `matches: predicted item ${pred} does not exist (${m.predicted.length} items)`;
    if (!Number.isInteger(truth) || truth < 0 || truth >= m.truth.length) return `matches: true item ${truth} does not exist (${m.truth.length} items)`;
    if (preds.has(pred)) return `matches: predicted item ${pred} is linked twice`;
    if (truths.has(truth)) return `matches: true item ${truth} is linked twice`;
    preds.add(pred);
    truths.add(truth);
  }
  return null;
}

/** TP/FP/FN of a matching. */
export function matchingCounts(m: EcMatchVerdict): { tp: number; fp: number; fn: number } {
  const tp = m.matches.length;
  return { tp, fp: m.predicted.length - tp, fn: m.truth.length - tp };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The raws to score with, human judgements applied (see the file comment); the input map is not
 * changed. `problems` lists ignored (outdated) matchings. Benchmarks other than VSAS and
 * EC-Bench are returned as they are.
 */
export function applyHumanJudgements(
  benchmark: RunBenchmark,
  runId: string,
  truth: readonly TruthItem[],
  raws: ReadonlyMap<string, RawPrediction>,
  rows: readonly JudgementRow[],
): { raws: Map<string, RawPrediction>; applied: number; problems: Problem[] } {
  const out = new Map(raws);
  const problems: Problem[] = [];
  let applied = 0;
  const byItem = new Map<string, JudgementRow[]>();
  for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r]);
  if (benchmark === "VSAS") {
    for (const [itemId, list] of byItem) {
      const perSecond = new Map<number, VsasVerdict[]>();
      for (const r of list) {
        const t = vsasSecondOf(runId, r.subjectKey);
        const v = readVsasVerdict(r.verdict);
        if (t === null || !v) continue;
        perSecond.set(t, [...(perSecond.get(t) ?? []), v]);
      }
      if (perSecond.size === 0) continue;
      const raw = (out.get(itemId) as VsasRaw | undefined) ?? { events: [], judgements: [] };
      const kept = raw.judgements.filter((j) => ![...perSecond.keys()].some((t) => Math.abs(t - j.t) <= 1e-6));
      const human = [...perSecond].map(([t, vs]) => {
        const b = vs.flatMap((v) => (v.binary === null ? [] : [v.binary]));
        const r = vs.flatMap((v) => (v.rubric === null ? [] : [v.rubric]));
        return { t, judge: b.length ? mean(b) : null, rubric: r.length ? mean(r) : null };
      });
      applied += human.length;
      out.set(itemId, { ...raw, judgements: [...kept, ...human].sort((a, b) => a.t - b.t) });
    }
  } else if (benchmark === "ECBENCH") {
    const items = new Map(truth.map((i) => [i.itemId, i]));
    for (const [itemId, list] of byItem) {
      const latest = list.filter((r) => r.subjectKey === ecSubjectKey(runId)).sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
      const item = items.get(itemId);
      const raw = out.get(itemId) as EcRaw | undefined;
      const v = latest ? readEcVerdict(latest.verdict) : null;
      if (!v || !item || !raw) continue;
      const lists = enumerationLists(item.answer, raw.answer);
      if (!sameList(lists.truth, v.truth) || !sameList(lists.predicted, v.predicted) || matchingProblem(v)) {
        problems.push({ code: "judgement_outdated", id: item.externalId, message: `question ${item.externalId}: the human matching was made on other item lists (the truth changed); the automatic matching is used` });
        continue;
      }
      applied += 1;
      out.set(itemId, { ...raw, judged: matchingCounts(v) });
    }
  }
  return { raws: out, applied, problems };
}
