/**
 * Runs once when the server starts (Node runtime only): validates the configuration
 * (lib/config/startup-check.ts) and starts this instance's background job runner
 * (lib/workers/run-workers.ts: ingest, scene cuts, segmenting, rescoring ... from the one job
 * queue, lib/jobs; PLAYHEAD_JOBS_RUNNER=off leaves them to `npm run worker`).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { checkConfigAtStartup } = await import("./lib/config/startup-check");
    checkConfigAtStartup();
    const { startInAppRunner } = await import("./lib/workers/run-workers");
    startInAppRunner();
  }
}
