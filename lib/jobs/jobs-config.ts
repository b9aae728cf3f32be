import os from "node:os";
import { instanceNameFrom } from "@/lib/config/instance-name";

/**
 * Configuration of the job queue and its runners, read from the environment (validated; a bad
 * value throws naming the variable, at server or worker start). docs/deploy.md "Background jobs".
 *
 * | variable                          | default          | meaning |
 * |-----------------------------------|------------------|---------|
 * | PLAYHEAD_JOBS_RUNNER              | on               | `off`: this app process runs no job at all (no in-app runner, no inline runs); run `npm run worker` instead. |
 * | PLAYHEAD_JOBS_POLL_MS             | 2000             | how often a runner looks for due jobs enqueued by other instances (±25 % jitter); jobs enqueued in the same process wake it at once. |
 * | PLAYHEAD_JOBS_LEASE_MS            | 60000            | length of a claim's lease, renewed every third of it while the job runs; a dead instance's job is taken over this long after its last renewal. |
 * | PLAYHEAD_JOBS_BACKOFF_MS          | 10000            | first retry delay (then ×4 per attempt, ±20 %). |
 * | PLAYHEAD_JOBS_BACKOFF_MAX_MS      | 3600000          | longest retry delay. |
 * | PLAYHEAD_JOBS_MEDIA_CONCURRENCY   | 2                | ffmpeg jobs (ingest, scene cuts, segmenting) at once per instance, all kinds together. |
 * | PLAYHEAD_JOBS_CONCURRENCY         | (kind defaults)  | per-kind limits per instance, e.g. `video.ingest=1,runs.rescore=4`. |
 * | PLAYHEAD_JOBS_SHUTDOWN_GRACE_MS   | 5000             | on SIGTERM, how long running jobs may finish before they are interrupted and released. |
 * | PLAYHEAD_JOBS_AWAIT_MS            | 900000           | how long a request waits for a job another process runs (an upload when this process runs no jobs). |
 * | PLAYHEAD_JOBS_RETENTION_DAYS      | 14               | succeeded and cancelled jobs are deleted this long after they ended (failed ones stay). |
 * | PLAYHEAD_INSTANCE_ID              | <host>:<pid>     | the owner name written on claims (shown to admins). |
 */
export type JobsConfig = {
  runner: boolean;
  pollMs: number;
  leaseMs: number;
  backoffMs: number;
  backoffMaxMs: number;
  mediaConcurrency: number;
  concurrency: Record<string, number>;
  shutdownGraceMs: number;
  awaitMs: number;
  retentionDays: number;
  instanceId: string;
};

export class JobsConfigError extends Error {
  constructor(variable: string, message: string) {
    super(`Invalid Playhead configuration: ${variable} ${message}`);
    this.name = "JobsConfigError";
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < min) {
    throw new JobsConfigError(name, `must be a whole number ≥ ${min}, got "${raw}"`);
  }
  return Number(raw);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (["on", "1", "true", "yes"].includes(raw)) return true;
  if (["off", "0", "false", "no"].includes(raw)) return false;
  throw new JobsConfigError(name, `must be "on" or "off", got "${env[name]}"`);
}

function limits(env: Env, name: string): Record<string, number> {
  const raw = env[name]?.trim();
  if (!raw) return {};
  const out: Record<string, number> = {};
  for (const part of raw.split(",").map((p) => p.trim()).filter(Boolean)) {
    const m = /^([a-z0-9][a-z0-9.-]*)=(\d+)$/i.exec(part);
    if (!m) throw new JobsConfigError(name, `must be a list like "video.ingest=1,runs.rescore=4", got "${part}"`);
    out[m[1]] = Number(m[2]);
  }
  return out;
}

/** PURE: the configuration of an environment-like record. */
export function parseJobsConfig(env: Env, defaults: { instanceId: string }): JobsConfig {
  return {
    runner: flag(env, "PLAYHEAD_JOBS_RUNNER", true),
    pollMs: int(env, "PLAYHEAD_JOBS_POLL_MS", 2_000, 10),
    leaseMs: int(env, "PLAYHEAD_JOBS_LEASE_MS", 60_000, 100),
    backoffMs: int(env, "PLAYHEAD_JOBS_BACKOFF_MS", 10_000),
    backoffMaxMs: int(env, "PLAYHEAD_JOBS_BACKOFF_MAX_MS", 3_600_000),
    mediaConcurrency: int(env, "PLAYHEAD_JOBS_MEDIA_CONCURRENCY", 2),
    concurrency: limits(env, "PLAYHEAD_JOBS_CONCURRENCY"),
    shutdownGraceMs: int(env, "PLAYHEAD_JOBS_SHUTDOWN_GRACE_MS", 5_000, 0),
    awaitMs: int(env, "PLAYHEAD_JOBS_AWAIT_MS", 15 * 60_000),
    retentionDays: int(env, "PLAYHEAD_JOBS_RETENTION_DAYS", 14),
    instanceId: instanceNameFrom(env) ?? defaults.instanceId,
  };
}

const g = globalThis as unknown as { playheadJobsConfig?: JobsConfig };

/** The process's configuration (read once; `resetJobsConfig()` after changing the environment in tests). */
export function jobsConfig(): JobsConfig {
  g.playheadJobsConfig ??= parseJobsConfig(process.env, { instanceId: `${os.hostname()}:${process.pid}` });
  return g.playheadJobsConfig;
}

export function resetJobsConfig(): void {
  g.playheadJobsConfig = undefined;
}
