import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { HUMAN_RUN } from "@/lib/studies/human-run-jobs";

/**
 * Runs the queued refreshes of studies' human rows now (lib/studies/human-run-jobs.ts: finished
 * sessions queue one, a moment ahead), as an instance's job runner would shortly after.
 */
export async function refreshHumanRuns(): Promise<void> {
  await runJobsUntilIdle({ kinds: [HUMAN_RUN], includeDelayed: true });
}
