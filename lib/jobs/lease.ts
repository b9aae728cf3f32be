import { retryDelayMs, type BackoffOptions } from "./backoff";

/**
 * PURE: what happens to a job after each outcome of an attempt (lib/jobs/settle.ts writes it).
 *
 * - Success: SUCCEEDED (final), or, for a recurring job (`everyMs`), QUEUED again `everyMs` later
 *   with its attempts reset.
 * - Failure: QUEUED again after the backoff delay (lib/jobs/backoff.ts) while attempts are left;
 *   FAILED (final) once `attempts >= maxAttempts` or at once for an error retrying cannot fix
 *   (`permanent`). A recurring job never ends FAILED: it waits for its next turn instead.
 * - A lease that expired (the worker died or hung): the job is claimed again (the expired claim
 *   counted as an attempt) while attempts are left, else it ends FAILED naming the lost worker.
 */
export type Schedule = { everyMs: number | null; attempts: number; maxAttempts: number };

export type NextState =
  | { state: "SUCCEEDED" }
  | { state: "FAILED" }
  | { state: "QUEUED"; runAt: Date; resetAttempts: boolean };

export function afterSuccess(job: Pick<Schedule, "everyMs">, now: Date): NextState {
  if (job.everyMs !== null) return { state: "QUEUED", runAt: new Date(now.getTime() + job.everyMs), resetAttempts: true };
  return { state: "SUCCEEDED" };
}

export function afterFailure(job: Schedule, failure: { permanent: boolean }, now: Date, backoff: BackoffOptions, random: () => number = Math.random): NextState {
  const exhausted = failure.permanent || job.attempts >= job.maxAttempts;
  if (job.everyMs !== null) {
    const delay = exhausted ? job.everyMs : Math.min(job.everyMs, retryDelayMs(job.attempts, backoff, random));
    return { state: "QUEUED", runAt: new Date(now.getTime() + delay), resetAttempts: exhausted };
  }
  if (exhausted) return { state: "FAILED" };
  return { state: "QUEUED", runAt: new Date(now.getTime() + retryDelayMs(job.attempts, backoff, random)), resetAttempts: false };
}

/** A lease is expired strictly after its end (a claim at exactly lockedUntil still holds). */
export function leaseExpired(lockedUntil: Date | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil.getTime() < now.getTime();
}

/** An expired RUNNING job is claimed again, or failed when its attempts are used up (recurring jobs always go on). */
export function onExpiredLease(job: Schedule): "reclaim" | "fail" {
  return job.everyMs !== null || job.attempts < job.maxAttempts ? "reclaim" : "fail";
}

/**
 * Debounce of a queued job by a new request for the same key (e.g. a reviewer's burst of
 * judgement saves: one rescoring per burst). The job then runs `debounceMs` after the latest
 * request, but no later than `maxWaitMs` after it was queued, so a continuous burst is still
 * served; never before `now`.
 */
export function debouncedRunAt(job: { createdAt: Date }, now: Date, debounceMs: number, maxWaitMs: number): Date {
  const latest = job.createdAt.getTime() + maxWaitMs;
  return new Date(Math.max(now.getTime(), Math.min(now.getTime() + debounceMs, latest)));
}
