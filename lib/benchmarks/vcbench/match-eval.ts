/**
 * Matching the questions of `vcbench_eval.jsonl` to those of `vcbench_data.jsonl` (or to
 * a project's items imported from it) WITHOUT using ids: the two files number their
 * questions differently (datasets README). A pair must have the same video reference,
 * question text (whitespace-normalised) and subtype; among such candidates, query times
 * decide:
 *   1. `exact`: same number of points, identical times;
 *   2. `rounded`: same number of points, every time within 0.051 s (the eval file
 *      rounds some times to two decimals, the data file to one);
 *   3. `differs`: otherwise (the closest candidate: same point count first, then the
 *      smallest summed time difference, then file order).
 * Pairs are made in that order of quality over the whole file, so an exact pair is
 * never taken by a worse one.
 *
 * Warnings: `eval_unmatched` (an eval question with no data question), `data_unmatched`
 * (a data question no eval question matches), `eval_times_rounded`,
 * `eval_query_points_differ`, `eval_counts_differ`, `eval_id_differs` (matched, ids not
 * equal; informational: never join by id).
 */
import { issue } from "../issues";
import type { ImportIssue, NormalisedItem } from "../types";
import { questionKey } from "./shared";

export type MatchCandidate = {
  externalId: string;
  videoRef: string;
  question: string;
  subtype: string;
  times: readonly number[];
  counts: readonly number[];
  line?: number | null;
};

export type EvalMatchQuality = "exact" | "rounded" | "differs";
export type EvalMatch = { evalId: string; dataId: string; quality: EvalMatchQuality };

export type EvalMatchResult = {
  matches: EvalMatch[];
  unmatchedEval: string[];
  unmatchedData: string[];
  warnings: ImportIssue[];
  counts: Record<EvalMatchQuality, number>;
};

export const ROUNDING_TOLERANCE_SEC = 0.051;

export function candidateFromItem(item: NormalisedItem): MatchCandidate {
  return {
    externalId: item.externalId,
    videoRef: item.videoRef,
    question: item.question,
    subtype: String(item.labels.subtype ?? ""),
    times: item.queryPoints.map((q) => q.timeSec),
    counts: Array.isArray(item.truth.answer) ? (item.truth.answer as number[]) : [],
    line: item.line,
  };
}

function quality(a: readonly number[], b: readonly number[]): { q: EvalMatchQuality; distance: number } {
  if (a.length === b.length) {
    let exact = true;
    let close = true;
    let distance = 0;
    for (let i = 0; i < a.length; i++) {
      const d = Math.abs(a[i] - b[i]);
      distance += d;
      if (d !== 0) exact = false;
      if (d > ROUNDING_TOLERANCE_SEC) close = false;
    }
    return { q: exact ? "exact" : close ? "rounded" : "differs", distance };
  }
  let distance = 1e9;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) distance += Math.abs(a[i] - b[i]);
  return { q: "differs", distance };
}

const key = (c: MatchCandidate) => `${c.videoRef}\u0000${questionKey(c.question)}\u0000${c.subtype}`;

export function matchEvalToData(evalQuestions: readonly MatchCandidate[], dataQuestions: readonly MatchCandidate[]): EvalMatchResult {
  const byKey = new Map<string, number[]>();
  dataQuestions.forEach((d, i) => {
    const k = key(d);
    const list = byKey.get(k);
    if (list) list.push(i);
    else byKey.set(k, [i]);
  });
  const dataTaken = new Array<boolean>(dataQuestions.length).fill(false);
  const evalMatch = new Array<{ data: number; q: EvalMatchQuality } | null>(evalQuestions.length).fill(null);

  for (const pass of ["exact", "rounded", "differs"] as const) {
    evalQuestions.forEach((e, ei) => {
      if (evalMatch[ei]) return;
      let best: { data: number; distance: number } | null = null;
      for (const di of byKey.get(key(e)) ?? []) {
        if (dataTaken[di]) continue;
        const { q, distance } = quality(e.times, dataQuestions[di].times);
        if (pass !== "differs" && q !== pass) continue;
        if (!best || distance < best.distance) best = { data: di, distance };
      }
      if (best) {
        dataTaken[best.data] = true;
        evalMatch[ei] = { data: best.data, q: pass };
      }
    });
  }

  const matches: EvalMatch[] = [];
  const warnings: ImportIssue[] = [];
  const counts: Record<EvalMatchQuality, number> = { exact: 0, rounded: 0, differs: 0 };
  const unmatchedEval: string[] = [];
  evalQuestions.forEach((e, ei) => {
    const where = { item_id: e.externalId, line: e.line ?? null };
    const m = evalMatch[ei];
    if (!m) {
      unmatchedEval.push(e.externalId);
      warnings.push(issue("eval_unmatched", `eval question "${e.externalId}" (${e.subtype}, ${e.videoRef}: "${e.question}") matches no data question by video, question text and subtype`, where));
      return;
    }
    const d = dataQuestions[m.data];
    counts[m.q] += 1;
    matches.push({ evalId: e.externalId, dataId: d.externalId, quality: m.q });
    if (e.externalId !== d.externalId) {
      warnings.push(issue("eval_id_differs", `eval question "${e.externalId}" is data question "${d.externalId}" (matched by video, question, subtype and query times)`, where));
    }
    if (m.q === "rounded") {
      warnings.push(issue("eval_times_rounded", `query times [${e.times.join(", ")}] are rounded differently from data question "${d.externalId}" [${d.times.join(", ")}]`, where));
    } else if (m.q === "differs") {
      warnings.push(issue("eval_query_points_differ", `query times [${e.times.join(", ")}] differ from data question "${d.externalId}" [${d.times.join(", ")}]`, where));
    }
    const sameCounts = e.counts.length === d.counts.length && e.counts.every((c, i) => c === d.counts[i]);
    if (!sameCounts) {
      warnings.push(issue("eval_counts_differ", `counts [${e.counts.join(", ")}] differ from data question "${d.externalId}" [${d.counts.join(", ")}]`, where));
    }
  });
  const unmatchedData: string[] = [];
  dataQuestions.forEach((d, di) => {
    if (dataTaken[di]) return;
    unmatchedData.push(d.externalId);
    warnings.push(issue("data_unmatched", `data question "${d.externalId}" (${d.subtype}, ${d.videoRef}) has no counterpart in the eval file`, { item_id: d.externalId, line: null }));
  });
  return { matches, unmatchedEval, unmatchedData, warnings, counts };
}
