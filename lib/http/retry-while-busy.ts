/**
 * Retrying a request that a busy front end turned away (PURE: no DOM or Node import; used by the
 * participant's browser and by the load benchmark's simulated participants alike).
 *
 * Under a launch burst the load balancer queues requests for the instances and answers those it
 * could not hand over in time itself: 503 (HAProxy's `timeout queue`), 502 or 504 (a reset or a
 * timeout upstream). Nothing about the participant is wrong then; the study is just busy. Only
 * idempotent calls may be retried this way (consent answers a repeat with the same session; a
 * claim by the same tab claims it again), and they are, with exponential backoff and jitter (so
 * that the turned-away participants do not all come back in the same second) until `maxWaitMs`
 * has passed; then the last response is returned (or the last network error thrown) for the caller
 * to show.
 *
 * Delay before retry k (k = 0, 1, ...): min(baseMs · 2^k, capMs) · (0.5 + 0.5 · u), u ∈ [0, 1)
 * from `random`.
 */

/** Statuses a load balancer answers for a request it could not get answered by an instance. */
export const BUSY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Why a call is tried again: the front end's busy answer, or no answer at all (a network error). */
export type BusyReason = { status: number } | { networkError: true };

/**
 * What the participant is told while a call is tried again: a busy answer means the study is busy
 * (nothing is wrong on their side); a network error means their connection (or the server) cannot
 * be reached, which they may be able to fix, so it is not passed off as a busy launch.
 */
export function busyMessage(reason: BusyReason): string {
  return "status" in reason
    ? "Many participants are starting at once. Please keep this page open: you will start in a moment."
    : "The study's server cannot be reached: check your connection. Trying again; please keep this page open.";
}

export type RetryWhileBusyOptions = {
  /** Give up (return the last response) once this much time would be spent waiting (ms). Default 180 000. */
  maxWaitMs?: number;
  /** First delay (ms, before jitter). Default 1000. */
  baseMs?: number;
  /** Longest delay (ms, before jitter). Default 10 000. */
  capMs?: number;
  /** Called before each wait: the retry's number (1, 2, ...), the delay, and why (busyMessage tells the person). */
  onRetry?: (retry: number, delayMs: number, reason: BusyReason) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

export function busyRetryDelay(k: number, baseMs: number, capMs: number, u: number): number {
  return Math.min(baseMs * 2 ** k, capMs) * (0.5 + 0.5 * u);
}

export async function retryWhileBusy<R extends { status: number }>(send: () => Promise<R>, options: RetryWhileBusyOptions = {}): Promise<R> {
  const { maxWaitMs = 180_000, baseMs = 1000, capMs = 10_000, onRetry, random = Math.random } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let waited = 0;
  for (let k = 0; ; k++) {
    let outcome: { response: R } | { error: unknown };
    try {
      outcome = { response: await send() };
    } catch (error) {
      outcome = { error };
    }
    const busy = "error" in outcome || BUSY_STATUSES.has(outcome.response.status);
    const delay = busyRetryDelay(k, baseMs, capMs, random());
    if (!busy || waited + delay > maxWaitMs) {
      if ("error" in outcome) throw outcome.error;
      return outcome.response;
    }
    onRetry?.(k + 1, delay, "error" in outcome ? { networkError: true } : { status: outcome.response.status });
    await sleep(delay);
    waited += delay;
  }
}
