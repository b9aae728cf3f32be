import "server-only";
// Every job kind, registered by its own domain when its module loads (lib/jobs knows none of them).
import "@/lib/runs/rescore-jobs";
import "@/lib/studies/human-run-jobs";
import "@/lib/studies/segment-jobs";
import "@/lib/video-library/ingest-jobs";
import "@/lib/video-library/scene-cut-jobs";
import "@/lib/video-library/sweep-jobs";
import { registerPruneJobs } from "@/lib/jobs/prune-jobs";
import { registeredJobKinds } from "@/lib/jobs/registry";
import { registerTestJobKinds, testJobKindsEnabled } from "@/lib/jobs/test-kinds";

/**
 * Registers every kind of background job, for a process that runs them (the app's in-process
 * runner, `npm run worker`). The test kind only with PLAYHEAD_TEST_JOBS=1. Returns the kinds.
 */
export function registerAllJobKinds(): string[] {
  registerPruneJobs();
  if (testJobKindsEnabled()) registerTestJobKinds();
  return registeredJobKinds();
}
