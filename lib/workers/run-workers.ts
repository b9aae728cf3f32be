import "server-only";
import { jobsConfig } from "@/lib/jobs/jobs-config";
import { JobRunner } from "@/lib/jobs/runner";
import { registerAllJobKinds } from "./register-all";

/**
 * Starting the job runner of a process: the app's in-process runner (instrumentation.ts, every
 * instance, unless PLAYHEAD_JOBS_RUNNER=off) and the separate worker (`npm run worker`,
 * scripts/worker.ts). On SIGTERM / SIGINT the runner stops claiming, lets running jobs finish for
 * PLAYHEAD_JOBS_SHUTDOWN_GRACE_MS, then gives the rest back to the queue (released leases: another
 * instance takes them at once). Under `next start`, Next.js exits on its own signal handler, which
 * may cut the release short: the leases then expire (PLAYHEAD_JOBS_LEASE_MS) and the jobs are
 * taken over anyway; set NEXT_MANUAL_SIG_HANDLE=true to let this handler finish and exit.
 */
const g = globalThis as unknown as { playheadRunner?: JobRunner };

export function startInAppRunner(): JobRunner | null {
  const config = jobsConfig(); // a bad variable throws here, at server start, naming it
  if (!config.runner) {
    console.log("[playhead] background jobs: the in-app runner is off (PLAYHEAD_JOBS_RUNNER=off); run `npm run worker`");
    return null;
  }
  if (g.playheadRunner) return g.playheadRunner;
  const kinds = registerAllJobKinds();
  const runner = new JobRunner().start();
  g.playheadRunner = runner;
  stopOnSignals(runner, { exit: !!process.env.NEXT_MANUAL_SIG_HANDLE });
  console.log(`[playhead] background jobs: runner ${config.instanceId} started (${kinds.join(", ")})`);
  return runner;
}

/** Stops the runner on SIGTERM / SIGINT; with `exit`, exits afterwards (128 + signal number). */
export function stopOnSignals(runner: JobRunner, options: { exit: boolean; onStopped?: () => Promise<void> | void }): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[playhead] background jobs: ${signal}, stopping runner ${runner.instanceId}`);
    runner
      .stop()
      .then(() => options.onStopped?.())
      .catch((error: unknown) => console.error("[playhead] background jobs: stopping failed", error))
      .finally(() => {
        if (options.exit) process.exit(signal === "SIGINT" ? 130 : 143);
      });
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
