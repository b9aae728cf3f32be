/**
 * PURE: the delay before a failed job's next attempt (exponential backoff with jitter).
 *
 *   delay(n) = min(maxMs, baseMs × 4^(n−1)) × (1 + jitter × u),  u uniform in [−1, 1)
 *
 * where n is the number of attempts made so far (1 after the first failure). With the default
 * base of 10 s: about 10 s, 40 s, 2 min 40 s, 10 min 40 s ... capped at maxMs (1 h). The jitter
 * keeps jobs that failed together (a database hiccup) from retrying in one burst.
 */
export type BackoffOptions = {
  baseMs: number;
  maxMs: number;
  /** Fraction of the delay added or removed at random (0 = exact); default 0.2. */
  jitter?: number;
};

export const BACKOFF_FACTOR = 4;

export function retryDelayMs(attempts: number, options: BackoffOptions, random: () => number = Math.random): number {
  const n = Math.max(1, Math.floor(attempts));
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.2));
  const exact = Math.min(options.maxMs, options.baseMs * BACKOFF_FACTOR ** (n - 1));
  const factor = 1 + jitter * (random() * 2 - 1);
  return Math.max(0, Math.round(Math.min(options.maxMs, exact * factor)));
}
