import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import type { Problem } from "@/lib/metrics/problems";
import { dbJson } from "./db-json";
import { RUN_PROBLEM_CAP, type ScoredItem } from "./types";

const BATCH = 500;

/** Inserts a run's per-item results in batches (inside the caller's transaction). */
export async function insertItemResults(tx: DbTx, runId: string, results: readonly ScoredItem[]): Promise<void> {
  for (let i = 0; i < results.length; i += BATCH) {
    await tx.runItemResult.createMany({
      data: results.slice(i, i + BATCH).map((r) => ({
        runId,
        itemId: r.itemId,
        raw: dbJson(r.raw),
        parsed: dbJson(r.parsed),
        valid: r.valid,
        scores: dbJson(r.scores),
      })),
    });
  }
}

/** Parse problems then scoring problems, capped; counts per code of everything (also what was dropped). */
export function mergeProblems(
  parse: { list: readonly Problem[]; counts: Record<string, number>; omitted: number },
  score: { list: readonly Problem[]; counts: Record<string, number>; omitted: number },
): { problems: Problem[]; counts: Record<string, number>; omitted: number; parseKept: number } {
  const counts: Record<string, number> = { ...parse.counts };
  for (const [k, n] of Object.entries(score.counts)) counts[k] = (counts[k] ?? 0) + n;
  const all = [...parse.list, ...score.list];
  const problems = all.slice(0, RUN_PROBLEM_CAP);
  const parseKept = Math.min(parse.list.length, RUN_PROBLEM_CAP);
  return { problems, counts, omitted: parse.omitted + score.omitted + (all.length - problems.length), parseKept };
}

/** Problem counts of a list (when a ProblemLog's counts are not at hand). */
export function countProblems(list: readonly Problem[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of list) out[p.code] = (out[p.code] ?? 0) + 1;
  return out;
}
