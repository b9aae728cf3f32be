import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";

/**
 * Staleness of runs. Every change of ground truth bumps `Project.truthVersion`; a run records
 * the truthVersion its scores were computed at, so a run with an older one is out of date.
 *
 * - `markStaleRuns(projectId)`: flags `stale = true` on every run of the project scored at an
 *   older truthVersion (idempotent; call it after any truth change, in the same transaction or
 *   after it). The leaderboard also treats `run.truthVersion < project.truthVersion` as stale,
 *   so a truth edit that forgot to call this is still flagged.
 * - `bumpTruthVersion(projectId, tx)`: for code that edits ItemTruth: increments the project's
 *   truthVersion and marks its runs stale, inside the caller's transaction.
 * - `onTruthChanged(projectId)` (lib/runs/mark-stale.ts): marks stale runs and queues their
 *   rescoring jobs (lib/runs/rescore-jobs.ts). Call it after the transaction that changed the
 *   truth commits.
 * This module sits below every domain that changes truth (benchmarks, projects, annotation)
 * and below lib/runs, which rescores what it marks: none of them imports another for it.
 *
 * Truth-changing write paths and what they call: item edits (lib/projects/item-edit.ts) and
 * imports (lib/benchmarks/import-project.ts) call `bumpTruthVersion` inside their transaction and
 * `truthCommitted()` after it commits (which runs lib/runs' stale-run sweep job soon, registered
 * with `onTruthCommitted`) (imports through lib/projects/import-upload.ts; the CLI leaves it to
 * the recurring sweep of the server's job runner, which finds the stale runs).
 * An adjudication that resolves to a new truth must do the same.
 */
export async function markStaleRuns(projectId: string, tx: DbTx = db): Promise<number> {
  const project = await tx.project.findUnique({ where: { id: projectId }, select: { truthVersion: true } });
  if (!project) return 0;
  const { count } = await tx.modelRun.updateMany({
    where: { projectId, truthVersion: { lt: project.truthVersion }, stale: false },
    data: { stale: true },
  });
  return count;
}

/** Increments the project's truthVersion and marks its runs stale (use inside the transaction that edits truth). */
export async function bumpTruthVersion(projectId: string, tx: DbTx): Promise<number> {
  const p = await tx.project.update({ where: { id: projectId }, data: { truthVersion: { increment: 1 } }, select: { truthVersion: true } });
  await markStaleRuns(projectId, tx);
  return p.truthVersion;
}

/** Marks stale runs in every project (the stale-run sweep job; catches truth edits that did not call onTruthChanged). */
export async function markAllStaleRuns(): Promise<number> {
  const projects = await db.project.findMany({ select: { id: true } });
  let n = 0;
  for (const p of projects) n += await markStaleRuns(p.id);
  return n;
}

type TruthListener = () => void;
const listeners = globalThis as typeof globalThis & { playheadTruthListeners?: Map<string, TruthListener> };

/**
 * Registers what runs after a truth change commits, under a name (registering a name again
 * replaces it, so a reloaded module does not add a second copy). lib/runs registers the wake-up
 * of its stale-run sweep here, so the domains that change truth (imports, item edits,
 * adjudication) call {@link truthCommitted} instead of importing lib/runs.
 */
export function onTruthCommitted(name: string, listener: TruthListener): void {
  (listeners.playheadTruthListeners ??= new Map()).set(name, listener);
}

/** Call after the transaction that changed truth commits: wakes every registered listener (errors are logged, never thrown). */
export function truthCommitted(): void {
  for (const [name, listener] of listeners.playheadTruthListeners ?? []) {
    try {
      listener();
    } catch (error) {
      console.error(`[playhead] truth listener ${name}`, error);
    }
  }
}
