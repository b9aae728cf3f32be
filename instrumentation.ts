/**
 * Runs once when the server starts (Node runtime only): validates the configuration
 * (lib/config/startup-check.ts) and starts the background rescoring of stale runs
 * (lib/runs/rescore-stale.ts; PLAYHEAD_RESCORE_LOOP=off disables it).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkConfigAtStartup } = await import("./lib/config/startup-check");
    checkConfigAtStartup();
    const { ensureRescoreLoop } = await import("./lib/runs/rescore-stale");
    ensureRescoreLoop();
  }
}
