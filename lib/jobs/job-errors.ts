/**
 * What a handler throws to steer the queue (lib/jobs/execute.ts):
 * - `PermanentJobError`: retrying cannot help (not a video, a row that no longer exists): the
 *   job ends FAILED at once. `code` and `details` are kept in the job's result for callers that
 *   answer a request with it (an upload's 422).
 * - `DeferJob`: not now, and not a failure (another instance holds the run being rescored): the
 *   job is queued again after `delayMs`, the attempt not counted.
 * Any other error is a failed attempt, retried with backoff while attempts are left.
 */
export class PermanentJobError extends Error {
  constructor(
    message: string,
    readonly code: string = "failed",
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "PermanentJobError";
  }
}

export class DeferJob extends Error {
  constructor(
    readonly delayMs: number,
    reason: string,
  ) {
    super(reason);
    this.name = "DeferJob";
  }
}

/** A job's last error as stored and shown (first 2,000 characters of the message). */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 2_000);
}
