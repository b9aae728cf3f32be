import type { ZodType } from "zod";

/**
 * The job kinds this process can run. lib/jobs knows no kind: each domain registers its own at
 * import (lib/runs/rescore-jobs.ts, lib/video-library/scene-cut-jobs.ts ...), as lib/runs
 * registers its truth listener with lib/truth; lib/workers/register-all.ts imports every one so
 * that a runner (in the app or `npm run worker`) can run all of them. Registering a kind again
 * replaces it (a reloaded module). Kept on globalThis: Next.js may load a module once per bundle.
 */
export type JobContext<P> = {
  jobId: string;
  kind: string;
  payload: P;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** No attempt follows this one if it fails. */
  lastAttempt: boolean;
  /** Aborted when the lease is lost or the process shuts down: stop, writing nothing more. */
  signal: AbortSignal;
  /** The instance running it (PLAYHEAD_INSTANCE_ID). */
  instanceId: string;
};

export type FailedJob<P> = { jobId: string; payload: P; error: string };

export type JobKind<P = unknown> = {
  kind: string;
  /** Validates the stored payload (a row written by an older version may not fit: permanent failure). */
  payload: ZodType<P>;
  /** Does the work; its return value is stored as the job's result (JSON). Make its effects idempotent: a lease that expires can run it twice. */
  run: (ctx: JobContext<P>) => Promise<unknown>;
  /** Jobs of this kind at once per instance (default 2; PLAYHEAD_JOBS_CONCURRENCY overrides). */
  concurrency?: number;
  /** "media": ffmpeg work, also limited per instance across kinds (PLAYHEAD_JOBS_MEDIA_CONCURRENCY). */
  pool?: "media";
  /** Attempts before the job ends FAILED (default 3). */
  maxAttempts?: number;
  /**
   * How a deduplication key holds: "queued" (default) — one pending job per key, a new one may be
   * queued while one runs (it sees the newer state); "active" — one job per key queued or running.
   */
  dedupe?: "queued" | "active";
  /** Recurring: one job of the kind always exists, run every this many ms (read when it is rescheduled). */
  everyMs?: () => number;
  /** Errors retrying cannot fix (besides PermanentJobError). */
  isPermanent?: (error: unknown) => boolean;
  /** Called once the job has ended FAILED (by its last attempt or by an expired last lease): make the failure visible in the domain's own rows. */
  onFailed?: (job: FailedJob<P>) => Promise<void>;
};

const g = globalThis as unknown as { playheadJobKinds?: Map<string, JobKind<never>> };
const kinds = () => (g.playheadJobKinds ??= new Map());

export function registerJobKind<P>(definition: JobKind<P>): JobKind<P> {
  kinds().set(definition.kind, definition as unknown as JobKind<never>);
  return definition;
}

export function jobKind(kind: string): JobKind<unknown> | undefined {
  return kinds().get(kind) as JobKind<unknown> | undefined;
}

export function registeredJobKinds(): string[] {
  return [...kinds().keys()].sort();
}

export const DEFAULT_CONCURRENCY = 2;
export const DEFAULT_MAX_ATTEMPTS = 3;
