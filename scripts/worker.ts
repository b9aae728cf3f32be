/**
 * A background-job worker as a process of its own (docs/deploy.md "Background jobs"):
 *
 *   npm run worker                    run jobs until SIGTERM / SIGINT (then release them)
 *   npm run worker -- --once          run every due job, then exit (0; 1 if one failed for good)
 *   npm run worker -- --kinds a,b     only these kinds (e.g. video.ingest,video.scene-cuts)
 *
 * It takes the same environment as the app (DATABASE_URL, PLAYHEAD_DATA_DIR, PLAYHEAD_JOBS_*).
 * Deployments that keep ffmpeg work off the web instances set PLAYHEAD_JOBS_RUNNER=off on those
 * and run this on other machines (the data directory shared, or object storage); a worker runs
 * jobs whatever PLAYHEAD_JOBS_RUNNER says.
 */
import { jobsConfig, resetJobsConfig } from "@/lib/jobs/jobs-config";
import { registeredJobKinds } from "@/lib/jobs/registry";
import { JobRunner } from "@/lib/jobs/runner";
import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { registerAllJobKinds } from "@/lib/workers/register-all";
import { stopOnSignals } from "@/lib/workers/run-workers";

function usage(): never {
  console.error("usage: npm run worker [-- --once] [--kinds kind1,kind2]");
  process.exit(1);
}

function parseArgs(argv: string[]): { once: boolean; kinds: string[] | null } {
  let once = false;
  let kinds: string[] | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--once") once = true;
    else if (a === "--kinds") kinds = (argv[++i] ?? usage()).split(",").map((k) => k.trim()).filter(Boolean);
    else if (a.startsWith("--kinds=")) kinds = a.slice("--kinds=".length).split(",").map((k) => k.trim()).filter(Boolean);
    else usage();
  }
  return { once, kinds };
}

async function main() {
  const { once, kinds } = parseArgs(process.argv.slice(2));
  process.env.PLAYHEAD_JOBS_RUNNER = "on"; // a worker runs jobs, whatever the web instances are told
  resetJobsConfig();
  let config;
  try {
    config = jobsConfig();
  } catch (error) {
    console.error(`[worker] ${(error as Error).message}`);
    process.exit(1);
  }
  registerAllJobKinds();
  const unknown = (kinds ?? []).filter((k) => !registeredJobKinds().includes(k));
  if (unknown.length) {
    console.error(`[worker] unknown job kind(s): ${unknown.join(", ")} (known: ${registeredJobKinds().join(", ")})`);
    process.exit(1);
  }
  if (once) {
    const ran = await runJobsUntilIdle({ kinds: kinds ?? undefined });
    for (const r of ran) console.log(`[worker] ${r.kind} ${r.id}: ${r.outcome}${r.message ? ` (${r.message})` : ""}`);
    console.log(`[worker] ${ran.length} attempt(s); nothing due is left`);
    process.exit(ran.some((r) => r.outcome === "FAILED") ? 1 : 0);
  }
  const runner = new JobRunner({ kinds: kinds ?? undefined, onAttempt: (job, outcome) => console.log(`[worker] ${job.kind} ${job.id} attempt ${job.attempts}: ${outcome.state}`) }).start();
  console.log(`[worker] ${config.instanceId} running ${(kinds ?? registeredJobKinds()).join(", ")}`);
  stopOnSignals(runner, { exit: true });
}

main().catch((error: unknown) => {
  console.error("[worker]", error);
  process.exit(1);
});
