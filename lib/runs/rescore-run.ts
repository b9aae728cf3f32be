import "server-only";
import { db } from "@/lib/db/prisma";
import type { Problem } from "@/lib/metrics/problems";
import { rescoreStudy } from "@/lib/studies/rescore-study";
import { refreshChanceRuns } from "./chance-runs";
import { projectClipParser, projectVariant } from "./project";
import { scoreWithJudgements } from "./score-judged";
import { countJudgementsSince, countStudyJudgementsSince, loadHumanJudgements } from "./load-human-judgements";
import { countProblems, insertItemResults, mergeProblems } from "./store-run";
import { loadTruthIndex } from "./truth-index";
import { isRunBenchmark, type RawPrediction, type RunAggregates } from "./types";

const TX = { maxWait: 30_000, timeout: 10 * 60_000 };

/** Thrown inside the write transaction when the claim was lost (another instance took over after the lease expired). */
class ClaimLost extends Error {}

/**
 * Rescores a run that this process has claimed (status RUNNING, see rescore-stale.ts) against
 * the project's current truth:
 * - MODEL / uploaded HUMAN runs: from their stored raw predictions (RunItemResult.raw), with the
 *   same scorer as an upload; file-level problems (those found while reading the file) are kept,
 *   item-level ones recomputed; results and aggregates replaced in one transaction that first
 *   checks the claim still holds;
 * - CHANCE runs: recomputed from the truth (lib/runs/chance-runs.ts);
 * - HUMAN runs of a study (source `study:<id>`): its sessions rescored (they read reviewers'
 *   judgements of the participants' answers, lib/studies/session-judgements.ts) and the run rebuilt
 *   by lib/studies `rescoreStudy`.
 * The run records the truthVersion read before scoring; if the truth changed meanwhile it stays
 * stale and is rescored again. Returns false when the claim was lost (nothing written).
 */
export async function rescoreClaimedRun(runId: string): Promise<boolean> {
  const run = await db.modelRun.findUnique({
    where: { id: runId },
    select: { id: true, projectId: true, kind: true, source: true, aggregates: true, problems: true, project: { select: { benchmark: true, truthVersion: true, settings: true } } },
  });
  if (!run) return false;
  if (run.kind === "CHANCE") {
    await refreshChanceRuns(run.projectId);
    // A chance row whose baseline no longer exists (benchmark without one) is released as is.
    await db.modelRun.updateMany({ where: { id: runId, status: "RUNNING" }, data: { status: "DONE" } });
    return true;
  }
  if (run.kind === "HUMAN" && run.source.startsWith("study:")) {
    const studyId = run.source.slice("study:".length);
    const judgedFrom = new Date();
    await rescoreStudy(studyId);
    await db.modelRun.updateMany({ where: { id: runId, status: "RUNNING" }, data: { status: "DONE" } });
    // A judgement of a participant's answer saved while the sessions were rescored keeps the run stale.
    if ((await countStudyJudgementsSince(studyId, judgedFrom)) > 0) await db.modelRun.updateMany({ where: { id: runId }, data: { stale: true } });
    return true;
  }
  const benchmark = run.project.benchmark;
  if (!isRunBenchmark(benchmark)) throw new Error(`no scorer for ${benchmark} projects`);
  const version = run.project.truthVersion;
  const old = (run.aggregates ?? {}) as Partial<RunAggregates>;
  const variant = projectVariant(run.project.settings);
  const truth = await loadTruthIndex(run.projectId, benchmark);
  const rows = await db.runItemResult.findMany({ where: { runId }, select: { itemId: true, raw: true } });
  const raws = new Map<string, RawPrediction>();
  for (const r of rows) if (r.raw !== null && typeof r.raw === "object") raws.set(r.itemId, r.raw as RawPrediction);
  const active = new Set(truth.items.map((i) => i.itemId));
  const dropped = rows.filter((r) => !active.has(r.itemId)).length;
  // Reviewers' judgements of this run (lib/judging) replace the file's at what they judged.
  const judgedFrom = new Date();
  const human = scoreWithJudgements(benchmark, runId, truth.items, raws, await loadHumanJudgements(runId), variant, { clipParser: projectClipParser(run.project.settings) });
  const scored = human.scored;
  // The stored raws stay the file's: judgements are applied anew at every rescoring.
  const outcome = { ...scored, results: scored.results.map((r) => (raws.has(r.itemId) ? { ...r, raw: raws.get(r.itemId)! } : r)) };

  const oldProblems = Array.isArray(run.problems) ? (run.problems as Problem[]) : [];
  const parseList = oldProblems.slice(0, Math.max(0, Number(old.parse_problems ?? 0)));
  const scoreList: Problem[] = [...outcome.problems, ...human.problems];
  if (dropped > 0) scoreList.unshift({ code: "removed_item", message: `${dropped} prediction(s) belong to items removed from the project since the upload; ignored` });
  const merged = mergeProblems(
    { list: parseList, counts: countProblems(parseList), omitted: 0 },
    { list: scoreList, counts: { ...((outcome.metrics.problem_counts as Record<string, number>) ?? {}), ...(dropped ? { removed_item: 1 } : {}) }, omitted: Number(outcome.metrics.problems_omitted ?? 0) },
  );
  const aggregates: RunAggregates = {
    schema: "playhead.run.v1",
    benchmark,
    variant,
    format: old.format ?? "native",
    metrics: outcome.metrics,
    table: outcome.table,
    counts: outcome.counts,
    problem_counts: merged.counts,
    problems_omitted: merged.omitted,
    parse_problems: merged.parseKept,
    meta: { ...(old.meta ?? {}), rescored_at_truth_version: String(version), human_judgements: String(human.applied) },
    ...(outcome.judging ? { judging: outcome.judging } : {}),
  };
  try {
    await db.$transaction(async (tx) => {
      const current = await tx.project.findUniqueOrThrow({ where: { id: run.projectId }, select: { truthVersion: true } });
      // A judgement saved while this rescoring ran keeps the run stale (scored again next time).
      const judgedSince = await countJudgementsSince(runId, judgedFrom, tx);
      const { count } = await tx.modelRun.updateMany({
        where: { id: runId, status: "RUNNING" },
        data: {
          status: "DONE",
          truthVersion: version,
          stale: current.truthVersion > version || judgedSince > 0,
          aggregates: aggregates as never,
          problems: merged.problems as never,
          scoredAt: new Date(),
        },
      });
      if (count !== 1) throw new ClaimLost();
      await tx.runItemResult.deleteMany({ where: { runId } });
      await insertItemResults(tx, runId, outcome.results);
    }, TX);
  } catch (error) {
    if (error instanceof ClaimLost) return false;
    throw error;
  }
  return true;
}
