import "server-only";
import { db, type Db } from "@/lib/db/prisma";
import { claimCandidate, dueCandidates } from "./claim";
import { executeClaimedJob, type AttemptOutcome } from "./execute";
import { jobsConfig } from "./jobs-config";
import { registeredJobKinds } from "./registry";

export type DrainOptions = {
  store?: Db;
  /** Only these kinds (default every registered kind). */
  kinds?: string[];
  /** Stop after this many attempts (default 1,000). */
  maxJobs?: number;
  /** Also run jobs queued for later (a retry's backoff, a debounce), as if their time had come. */
  includeDelayed?: boolean;
};

export type DrainedAttempt = { id: string; kind: string; outcome: AttemptOutcome["state"]; result?: unknown; message?: string };

/**
 * Runs due jobs one after another in this process until none is left: the job queue without a
 * runner, for tests, `npm run worker -- --once` and command-line tools. Recurring jobs run once
 * each (their next turn is in the future). Returns the attempts made, in order.
 */
export async function runJobsUntilIdle(options: DrainOptions = {}): Promise<DrainedAttempt[]> {
  const store = options.store ?? db;
  const config = jobsConfig();
  const kinds = options.kinds ?? registeredJobKinds();
  const max = options.maxJobs ?? 1_000;
  const done: DrainedAttempt[] = [];
  while (done.length < max) {
    const now = new Date();
    const horizon = options.includeDelayed ? new Date(now.getTime() + 365 * 24 * 3600_000) : now;
    const candidates = (await dueCandidates(store, kinds, horizon, 10)).filter(
      (c) => (c.state === "QUEUED" && (c.everyMs === null || c.runAt <= now)) || (c.lockedUntil !== null && c.lockedUntil < now),
    );
    let ran = false;
    for (const c of candidates) {
      const claimed = await claimCandidate(store, c, { instanceId: config.instanceId, leaseMs: config.leaseMs, now, anyTime: options.includeDelayed });
      if (!claimed) continue;
      ran = true;
      if (claimed === "failed") {
        done.push({ id: c.id, kind: c.kind, outcome: "FAILED" });
        break;
      }
      const outcome = await executeClaimedJob(store, claimed, { config });
      done.push({
        id: claimed.id,
        kind: claimed.kind,
        outcome: outcome.state,
        ...("result" in outcome ? { result: outcome.result } : {}),
        ...("message" in outcome && outcome.message ? { message: outcome.message } : {}),
      });
      break;
    }
    if (!ran) break;
  }
  return done;
}
