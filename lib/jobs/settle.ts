import "server-only";
import type { Db } from "@/lib/db/prisma";
import type { BackoffOptions } from "./backoff";
import type { ClaimedJob } from "./claim";
import { afterFailure, afterSuccess } from "./lease";
import { jobKind } from "./registry";

/** A recurring job's interval as its kind says now (the environment may have changed), else as stored. */
function withCurrentInterval(job: ClaimedJob): ClaimedJob {
  if (job.everyMs === null) return job;
  const every = jobKind(job.kind)?.everyMs?.();
  return every && every > 0 ? { ...job, everyMs: every } : job;
}

/**
 * Writes of a claim's outcome, each conditional on the claim still holding (`id`, RUNNING, this
 * claim's lease token): false / "lost" when another instance took the job over meanwhile, in
 * which case nothing is written.
 */
const held = (job: ClaimedJob) => ({ id: job.id, state: "RUNNING" as const, leaseToken: job.leaseToken });
const unlocked = { lockedUntil: null, leaseToken: null } as const;

/** Extends the lease (the heartbeat of a running job). */
export async function renewLease(store: Db, job: ClaimedJob, leaseMs: number, now = new Date()): Promise<boolean> {
  const { count } = await store.backgroundJob.updateMany({ where: held(job), data: { lockedUntil: new Date(now.getTime() + leaseMs) } });
  return count === 1;
}

export async function completeJob(store: Db, job: ClaimedJob, result: unknown, now = new Date()): Promise<boolean> {
  const next = afterSuccess(withCurrentInterval(job), now);
  const data =
    next.state === "QUEUED"
      ? { state: "QUEUED" as const, runAt: next.runAt, attempts: 0, lastError: null, lockedBy: null, everyMs: withCurrentInterval(job).everyMs, ...unlocked }
      : { state: "SUCCEEDED" as const, finishedAt: now, activeKey: null, ...unlocked };
  const { count } = await store.backgroundJob.updateMany({ where: held(job), data: { ...data, result: (result ?? null) as never } });
  return count === 1;
}

export type FailureOutcome = "retry" | "failed" | "lost";

export async function failAttempt(
  store: Db,
  job: ClaimedJob,
  failure: { message: string; permanent: boolean; code?: string; details?: unknown },
  backoff: BackoffOptions,
  now = new Date(),
): Promise<FailureOutcome> {
  const next = afterFailure(withCurrentInterval(job), failure, now, backoff);
  const result = failure.code || failure.details !== undefined ? { error: { code: failure.code ?? "failed", details: failure.details ?? null } } : undefined;
  const data =
    next.state === "QUEUED"
      ? { state: "QUEUED" as const, runAt: next.runAt, lastError: failure.message, lockedBy: null, ...unlocked, ...(next.resetAttempts ? { attempts: 0 } : {}) }
      : { state: "FAILED" as const, finishedAt: now, lastError: failure.message, activeKey: null, ...unlocked };
  const { count } = await store.backgroundJob.updateMany({ where: held(job), data: { ...data, ...(result ? { result: result as never } : {}) } });
  if (count !== 1) return "lost";
  return next.state === "QUEUED" ? "retry" : "failed";
}

/** Not now and not a failure: queued again after `delayMs`, the attempt not counted. */
export async function deferJob(store: Db, job: ClaimedJob, delayMs: number, now = new Date()): Promise<boolean> {
  const { count } = await store.backgroundJob.updateMany({
    where: held(job),
    data: { state: "QUEUED", runAt: new Date(now.getTime() + delayMs), attempts: { decrement: 1 }, lockedBy: null, ...unlocked },
  });
  return count === 1;
}

/** Gives the job back at once (shutdown): queued, due now, the interrupted attempt not counted. */
export async function releaseJob(store: Db, job: ClaimedJob, now = new Date()): Promise<boolean> {
  const { count } = await store.backgroundJob.updateMany({
    where: held(job),
    data: { state: "QUEUED", runAt: now, attempts: { decrement: 1 }, lockedBy: null, ...unlocked },
  });
  return count === 1;
}
