import "server-only";
import { ZodError } from "zod";
import type { Db } from "@/lib/db/prisma";
import type { ClaimedJob } from "./claim";
import { DeferJob, errorMessage, PermanentJobError } from "./job-errors";
import type { JobsConfig } from "./jobs-config";
import { jobKind } from "./registry";
import { completeJob, deferJob, failAttempt, releaseJob, renewLease } from "./settle";

/** How an attempt ended, for the runner and for requests that ran a job inline. */
export type AttemptOutcome =
  | { state: "SUCCEEDED"; result: unknown }
  | { state: "FAILED"; error: unknown; message: string }
  /** Failed, retried later (backoff), or deferred. */
  | { state: "QUEUED"; error?: unknown; message?: string }
  /** The lease was lost to another instance: nothing was written. */
  | { state: "LOST" }
  /** Interrupted by a shutdown and given back to the queue. */
  | { state: "RELEASED" };

export class LeaseLost extends Error {
  constructor(jobId: string) {
    super(`job ${jobId}: the lease was lost (another instance took it over)`);
    this.name = "LeaseLost";
  }
}

export class JobShutdown extends Error {
  constructor() {
    super("the worker is shutting down");
    this.name = "JobShutdown";
  }
}

export type ExecuteOptions = {
  config: Pick<JobsConfig, "instanceId" | "leaseMs" | "backoffMs" | "backoffMaxMs">;
  /** Aborted when the process shuts down (the job is then released, not failed). */
  shutdown?: AbortSignal;
};

/**
 * Runs one claimed job: validates its payload, calls its kind's handler with an abort signal,
 * renews the lease every third of it while the handler runs (a renewal that finds the claim
 * gone aborts the handler: another instance has the job), then writes the outcome — success,
 * a retry with backoff or a final failure (and the kind's onFailed), a deferral, or, when the
 * process is shutting down, the job given back.
 */
export async function executeClaimedJob(store: Db, job: ClaimedJob, options: ExecuteOptions): Promise<AttemptOutcome> {
  const { config } = options;
  const definition = jobKind(job.kind);
  const backoff = { baseMs: config.backoffMs, maxMs: config.backoffMaxMs };
  const controller = new AbortController();
  let lost = false;
  const onShutdown = () => controller.abort(new JobShutdown());
  if (options.shutdown?.aborted) onShutdown();
  options.shutdown?.addEventListener("abort", onShutdown);
  const beat = setInterval(() => {
    renewLease(store, job, config.leaseMs).then(
      (ok) => {
        if (!ok && !lost) {
          lost = true;
          controller.abort(new LeaseLost(job.id));
        }
      },
      (error: unknown) => console.warn(`[playhead] job ${job.id}: lease renewal failed (${errorMessage(error)})`),
    );
  }, Math.max(20, Math.floor(config.leaseMs / 3)));
  beat.unref?.();
  try {
    if (!definition) throw new PermanentJobError(`no handler for jobs of kind "${job.kind}" in this version`, "unknown_kind");
    let payload: unknown;
    try {
      payload = definition.payload.parse(job.payload);
    } catch (error) {
      throw new PermanentJobError(`bad payload: ${error instanceof ZodError ? error.issues.map((i) => `${i.path.join(".") || "(payload)"}: ${i.message}`).join("; ") : errorMessage(error)}`, "bad_payload");
    }
    const result = await definition.run({
      jobId: job.id,
      kind: job.kind,
      payload: payload as never,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      lastAttempt: job.everyMs === null && job.attempts >= job.maxAttempts,
      signal: controller.signal,
      instanceId: config.instanceId,
    });
    clearInterval(beat);
    if (lost) return { state: "LOST" };
    return (await completeJob(store, job, result)) ? { state: "SUCCEEDED", result } : { state: "LOST" };
  } catch (error) {
    clearInterval(beat);
    if (lost) return { state: "LOST" };
    if (error instanceof DeferJob) {
      await deferJob(store, job, error.delayMs);
      return { state: "QUEUED", message: error.message };
    }
    if (options.shutdown?.aborted) {
      return (await releaseJob(store, job)) ? { state: "RELEASED" } : { state: "LOST" };
    }
    const message = errorMessage(error);
    const permanent = error instanceof PermanentJobError || (definition?.isPermanent?.(error) ?? false);
    const outcome = await failAttempt(
      store,
      job,
      { message, permanent, ...(error instanceof PermanentJobError ? { code: error.code, details: error.details } : {}) },
      backoff,
    );
    if (outcome === "lost") return { state: "LOST" };
    if (outcome === "retry") {
      console.warn(`[playhead] job ${job.id} (${job.kind}) attempt ${job.attempts} failed, retrying: ${message}`);
      return { state: "QUEUED", error, message };
    }
    console.warn(`[playhead] job ${job.id} (${job.kind}) failed: ${message}`);
    await definition?.onFailed?.({ jobId: job.id, payload: job.payload as never, error: message }).catch((e: unknown) => console.error(`[playhead] job ${job.id} (${job.kind}): onFailed`, e));
    return { state: "FAILED", error, message };
  } finally {
    clearInterval(beat);
    options.shutdown?.removeEventListener("abort", onShutdown);
  }
}
