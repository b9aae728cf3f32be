import "server-only";
import { db, type Db } from "@/lib/db/prisma";
import { CANDIDATE_SELECT, claimCandidate } from "./claim";
import { executeClaimedJob, type AttemptOutcome } from "./execute";
import { jobsConfig } from "./jobs-config";
import { leaseExpired } from "./lease";
import { processSlots } from "./slots";

/**
 * Running a job for a request that waits for it (an upload's ingest, a study's segmenting, a
 * "rescore now"): the work still goes through the queue — a row, a claim with a lease, retries,
 * a visible failure — but this process claims that very job at once (before its runAt) and runs
 * it in the request, within this instance's concurrency slots (it waits for a free one). When
 * another instance holds it, or this process runs no jobs (PLAYHEAD_JOBS_RUNNER=off), the request
 * waits for the job's row to settle instead, up to PLAYHEAD_JOBS_AWAIT_MS.
 */
export type JobSettled =
  | AttemptOutcome
  /** Still queued or running elsewhere when the wait ended. */
  | { state: "PENDING" };

export type RunNowOptions = { store?: Db; awaitMs?: number; signal?: AbortSignal };

export async function runJobNow(jobId: string, options: RunNowOptions = {}): Promise<JobSettled> {
  const store = options.store ?? db;
  const config = jobsConfig();
  if (config.runner) {
    const row = await store.backgroundJob.findUnique({ where: { id: jobId }, select: CANDIDATE_SELECT });
    if (!row) throw new Error(`job ${jobId} does not exist`);
    const claimable = row.state === "QUEUED" || (row.state === "RUNNING" && leaseExpired(row.lockedUntil, new Date()));
    if (claimable) {
      const slots = processSlots();
      await slots.acquire(row.kind, options.signal);
      try {
        // Read again: it may have been claimed while this request waited for a slot.
        const fresh = await store.backgroundJob.findUnique({ where: { id: jobId }, select: CANDIDATE_SELECT });
        const claimed = fresh ? await claimCandidate(store, fresh, { instanceId: config.instanceId, leaseMs: config.leaseMs, now: new Date(), anyTime: true }) : null;
        if (claimed && claimed !== "failed") return await executeClaimedJob(store, claimed, { config });
      } finally {
        slots.release(row.kind);
      }
    }
  }
  return awaitJob(jobId, { store, awaitMs: options.awaitMs ?? config.awaitMs });
}

/**
 * Waits until the job ends (or, having failed an attempt, waits for a retry: reported as QUEUED
 * with its error rather than waiting out the backoff), polling its row.
 */
export async function awaitJob(jobId: string, options: { store?: Db; awaitMs?: number } = {}): Promise<JobSettled> {
  const store = options.store ?? db;
  const deadline = Date.now() + (options.awaitMs ?? jobsConfig().awaitMs);
  let delay = 100;
  for (;;) {
    const row = await store.backgroundJob.findUnique({ where: { id: jobId }, select: { state: true, result: true, lastError: true, attempts: true } });
    if (!row) throw new Error(`job ${jobId} does not exist`);
    if (row.state === "SUCCEEDED") return { state: "SUCCEEDED", result: row.result };
    if (row.state === "FAILED" || row.state === "CANCELLED") {
      const message = row.lastError ?? (row.state === "CANCELLED" ? "cancelled by an admin" : "failed");
      return { state: "FAILED", message, error: new Error(message) };
    }
    if (row.state === "QUEUED" && row.attempts > 0 && row.lastError) return { state: "QUEUED", message: row.lastError };
    if (Date.now() >= deadline) return { state: "PENDING" };
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(1_000, delay * 2);
  }
}
