import "server-only";
import { z } from "zod";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { registerJobKind } from "@/lib/jobs/registry";
import { updateHumanRun } from "./human-run";

/**
 * The study's human row on the leaderboard (human-run.ts) as a job ("study.human-run"
 * {studyId}), refreshed once per burst of finished sessions instead of once per session: the
 * refresh reads every completed session of the study and rewrites the run's per-item results, so
 * doing it in each last-answer request made a launch of N participants cost N² reads and N
 * serialized write transactions exactly when N people finish together. The first finished
 * session queues it HUMAN_RUN_QUIET_MS ahead, each later one pushes it back to that long after
 * itself, never past HUMAN_RUN_MAX_WAIT_MS after the first — in the database (deduplication key
 * `study.human-run:<studyId>`), so it holds whichever instance the answers reach. One pending job
 * per study; a session finishing while the job runs queues the next one (dedupe "queued"), which
 * sees it. Idempotent: the run is recomputed from the sessions' stored scores.
 */
export const HUMAN_RUN = "study.human-run";
export const humanRunKey = (studyId: string) => `${HUMAN_RUN}:${studyId}`;

export const HUMAN_RUN_QUIET_MS = 1_000;
export const HUMAN_RUN_MAX_WAIT_MS = 10_000;
/** PLAYHEAD_HUMAN_RUN_QUIET_MS overrides the pause (0: as soon as a runner is free). */
const quietMs = () => {
  const raw = process.env.PLAYHEAD_HUMAN_RUN_QUIET_MS?.trim();
  const v = raw ? Number(raw) : NaN;
  return Number.isFinite(v) && v >= 0 ? v : HUMAN_RUN_QUIET_MS;
};

registerJobKind({
  kind: HUMAN_RUN,
  payload: z.object({ studyId: z.string().min(1).max(64) }),
  concurrency: 1,
  maxAttempts: 3,
  run: async ({ payload }) => ({ runId: await updateHumanRun(payload.studyId) }),
});

/** Called when a session of the study has finished (finish-session.ts): the human row is refreshed shortly. */
export async function queueHumanRun(studyId: string): Promise<void> {
  const quiet = quietMs();
  await enqueueJob(HUMAN_RUN, { studyId }, {
    dedupeKey: humanRunKey(studyId),
    label: `human row of study ${studyId}`,
    delayMs: quiet,
    onDuplicate: { debounceMs: quiet, maxWaitMs: HUMAN_RUN_MAX_WAIT_MS },
  });
}
