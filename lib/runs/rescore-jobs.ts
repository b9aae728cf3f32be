import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { enqueueJob, runRecurringJobSoon, type DuplicatePolicy } from "@/lib/jobs/enqueue";
import { DeferJob } from "@/lib/jobs/job-errors";
import { registerJobKind } from "@/lib/jobs/registry";
import type { Problem } from "@/lib/metrics/problems";
import { markAllStaleRuns, markStaleRuns, onTruthCommitted } from "@/lib/truth/truth-version";
import { countJudgementsSince, countStudyJudgementsSince } from "./load-human-judgements";
import { rescoreClaimedRun } from "./rescore-run";

/**
 * Rescoring as jobs of the one queue (lib/jobs):
 *
 * - "runs.rescore" {runId, force}: one job per run at a time — its deduplication key
 *   `runs.rescore:<runId>` holds while the job is queued OR running, so two instances never
 *   rescore a run together and requests meanwhile (a truth edit, a burst of judgement saves)
 *   fold into the pending job. The handler takes the run (status RUNNING: what the runs page
 *   shows; the final write checks it, lib/runs/rescore-run.ts), rescores it from its stored
 *   predictions and leaves it DONE; a run that changed while it was rescored (stale again) is
 *   rescored again by the same job a moment later. Up-to-date runs are skipped unless `force`.
 *   A failed attempt leaves the run PENDING for the retry; the last failed attempt leaves it
 *   FAILED with a `rescore_failed` problem (FAILED runs are rescored again only on request).
 * - "runs.sweep-stale" (recurring, every PLAYHEAD_RESCORE_INTERVAL_MS, default 30 s, and soon
 *   after any truth change, registered with lib/truth's `onTruthCommitted`): marks stale runs in
 *   every project (catching truth edits made by other processes, like the command-line import)
 *   and queues a rescore for each.
 */
export const RESCORE_RUN = "runs.rescore";
export const SWEEP_STALE_RUNS = "runs.sweep-stale";

/** Wait before rescoring again a run that changed while it was being rescored. */
const AGAIN_MS = 2_000;

const rescorePayload = z.object({ runId: z.string().min(1).max(64), force: z.boolean().default(false) });

export const rescoreKey = (runId: string) => `${RESCORE_RUN}:${runId}`;

/** Queues a rescoring of the run (or returns the pending one). */
export async function enqueueRescore(runId: string, options: { force?: boolean; label?: string; onDuplicate?: DuplicatePolicy; delayMs?: number; maxAttempts?: number } = {}) {
  return enqueueJob(RESCORE_RUN, { runId, force: options.force ?? false }, {
    dedupeKey: rescoreKey(runId),
    label: options.label,
    onDuplicate: options.onDuplicate ?? "sooner",
    delayMs: options.delayMs,
    maxAttempts: options.maxAttempts,
  });
}

async function markRunFailed(runId: string, message: string): Promise<void> {
  const run = await db.modelRun.findUnique({ where: { id: runId }, select: { problems: true } });
  if (!run) return;
  const problems = Array.isArray(run.problems) ? (run.problems as Problem[]) : [];
  await db.modelRun.updateMany({
    where: { id: runId, status: { in: ["RUNNING", "PENDING"] } },
    data: { status: "FAILED", problems: [...problems, { code: "rescore_failed", message: `rescoring failed: ${message}` }] as never },
  });
}

export type RescoreResult = { runId: string; rescored: boolean; skipped?: string };

/** Whether the run's truth or its judgements changed since `since` (a rescoring that started then is out of date). */
async function changedSince(run: { id: string; source: string; projectId: string }, since: Date, truthVersion: number): Promise<boolean> {
  const project = await db.project.findUnique({ where: { id: run.projectId }, select: { truthVersion: true } });
  if ((project?.truthVersion ?? truthVersion) > truthVersion) return true;
  if (run.source.startsWith("study:")) return (await countStudyJudgementsSince(run.source.slice("study:".length), since)) > 0;
  return (await countJudgementsSince(run.id, since)) > 0;
}

async function rescoreJob(runId: string, force: boolean, lastAttempt: boolean): Promise<RescoreResult> {
  const run = await db.modelRun.findUnique({
    where: { id: runId },
    select: { id: true, status: true, stale: true, truthVersion: true, scoredAt: true, source: true, projectId: true, project: { select: { truthVersion: true } } },
  });
  if (!run) return { runId, rescored: false, skipped: "the run no longer exists" };
  if (!force && !run.stale) return { runId, rescored: false, skipped: "up to date" };
  if (!force && run.status === "FAILED") return { runId, rescored: false, skipped: "failed before; rescored again on request" };
  // This job is the only one rescoring the run (its key holds while it runs): take the run as it
  // is, even RUNNING (left so by an attempt whose instance died). The update is conditional on
  // the values read, so a concurrent change makes this attempt start over.
  const { count } = await db.modelRun.updateMany({
    where: { id: run.id, status: run.status, truthVersion: run.truthVersion, scoredAt: run.scoredAt },
    data: { status: "RUNNING", scoredAt: new Date() },
  });
  if (count !== 1) throw new DeferJob(200, "the run changed while it was being taken; trying again");
  const started = new Date();
  let written: boolean;
  try {
    written = await rescoreClaimedRun(runId);
  } catch (error) {
    if (lastAttempt) await markRunFailed(runId, error instanceof Error ? error.message : String(error));
    else await db.modelRun.updateMany({ where: { id: runId, status: "RUNNING" }, data: { status: "PENDING" } });
    throw error;
  }
  if (written && (await changedSince(run, started, run.project.truthVersion))) throw new DeferJob(AGAIN_MS, "the truth or a judgement changed while the run was rescored; rescoring again");
  return { runId, rescored: written };
}

/** Queues a rescoring of every stale run (of one project, or all) not failed; returns their ids. */
export async function enqueueStaleRescores(projectId?: string): Promise<string[]> {
  const runs = await db.modelRun.findMany({
    where: { ...(projectId ? { projectId } : {}), stale: true, status: { not: "FAILED" } },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true },
  });
  for (const r of runs) await enqueueRescore(r.id, { label: r.name });
  return runs.map((r) => r.id);
}

registerJobKind({
  kind: RESCORE_RUN,
  payload: rescorePayload,
  dedupe: "active",
  concurrency: 2,
  maxAttempts: 3,
  run: ({ payload, lastAttempt }) => rescoreJob(payload.runId, payload.force, lastAttempt),
  onFailed: async ({ payload, error }) => markRunFailed((payload as { runId: string }).runId, error),
});

registerJobKind({
  kind: SWEEP_STALE_RUNS,
  payload: z.object({}).passthrough(),
  concurrency: 1,
  everyMs: () => Number(process.env.PLAYHEAD_RESCORE_INTERVAL_MS) || 30_000,
  run: async () => {
    const marked = await markAllStaleRuns();
    const queued = await enqueueStaleRescores();
    return { marked, queued: queued.length };
  },
});

/** Marks the project's out-of-date runs stale and queues their rescoring. */
export async function markAndQueueStale(projectId: string): Promise<number> {
  const n = await markStaleRuns(projectId);
  await enqueueStaleRescores(projectId);
  return n;
}

// Truth-changing domains (imports, item edits, adjudication) signal through lib/truth: the sweep runs soon.
onTruthCommitted("rescore", () => {
  runRecurringJobSoon(SWEEP_STALE_RUNS).catch((error: unknown) => console.error("[playhead] waking the stale-run sweep", error));
});
