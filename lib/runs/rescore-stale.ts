import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { runJobNow } from "@/lib/jobs/run-now";
import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { markAllStaleRuns, markStaleRuns } from "@/lib/truth/truth-version";
import { enqueueRescore, enqueueStaleRescores, RESCORE_RUN, type RescoreResult } from "./rescore-jobs";

/**
 * Rescoring stale runs now, in this process, through the job queue (lib/runs/rescore-jobs.ts):
 * what the background runner does, for callers that need it done before they go on (tests,
 * tools) and for "rescore this run now" requests.
 */

/**
 * Marks stale runs (of a project, or all), queues their rescoring and runs every queued rescore
 * job in this process until none is left (debounced ones too); returns the ids of the runs
 * rescored (of the project, when one is given), in order.
 */
export async function rescoreStaleRuns(options: { projectId?: string; max?: number } = {}): Promise<string[]> {
  if (options.projectId) await markStaleRuns(options.projectId);
  else await markAllStaleRuns();
  await enqueueStaleRescores(options.projectId);
  const inProject = options.projectId
    ? new Set((await db.modelRun.findMany({ where: { projectId: options.projectId }, select: { id: true } })).map((r) => r.id))
    : null;
  const ran = await runJobsUntilIdle({ kinds: [RESCORE_RUN], includeDelayed: true, maxJobs: options.max });
  return ran
    .filter((r) => r.outcome === "SUCCEEDED" && (r.result as RescoreResult | undefined)?.rescored)
    .map((r) => (r.result as RescoreResult).runId)
    .filter((id) => !inProject || inProject.has(id));
}

/**
 * Rescores one run now, whether stale or not (FAILED ones too), in this request: its rescore job
 * (queued for it, or the one already pending) is claimed here and run at once, one attempt.
 * "busy" when another instance is running it (or, when this process runs no jobs, a worker did
 * not finish it within a minute); "missing" for an unknown run. A failed attempt
 * throws (the run is then FAILED with the error among its problems).
 */
export async function rescoreRunNow(runId: string): Promise<"done" | "busy" | "missing"> {
  const run = await db.modelRun.findUnique({ where: { id: runId }, select: { id: true, name: true } });
  if (!run) return "missing";
  const job = await enqueueRescore(runId, { force: true, label: run.name, maxAttempts: 1 });
  if (job.state === "RUNNING") return "busy";
  // A job already pending for the run (a sweep's, a judgement's) becomes this request's: forced, one attempt.
  if (!job.created) {
    await db.backgroundJob.updateMany({ where: { id: job.id, state: "QUEUED" }, data: { payload: { runId, force: true }, maxAttempts: { set: 1 }, attempts: 0 } });
  }
  // Waits a minute at most for a job another process runs (a separate worker): then "busy".
  const outcome = await runJobNow(job.id, { awaitMs: 60_000 });
  switch (outcome.state) {
    case "SUCCEEDED":
      return "done";
    case "FAILED":
    case "QUEUED":
      throw new HttpError(500, `Rescoring failed: ${outcome.message ?? "see the run's problems"}`, "rescore_failed");
    default:
      return "busy";
  }
}
