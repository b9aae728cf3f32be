import "server-only";
import { enqueueRescore } from "./rescore-jobs";

/**
 * Coalesces the rescoring of judgement saves, in the database (so it holds across instances). A
 * reviewer saves a verdict every second or so; each save flags the run stale
 * (lib/runs/load-human-judgements.ts `markRunJudged`) and asks for the run's rescore job: the
 * first save queues it JUDGEMENT_RESCORE_QUIET_MS ahead, each later one pushes it back to that
 * long after itself, but never past JUDGEMENT_RESCORE_MAX_WAIT_MS after the first (a continuous
 * burst is still rescored): one rescoring per burst instead of one per save.
 */
export const JUDGEMENT_RESCORE_QUIET_MS = 4_000;
/** PLAYHEAD_JUDGEMENT_RESCORE_QUIET_MS overrides the pause. */
const quietMs = () => Number(process.env.PLAYHEAD_JUDGEMENT_RESCORE_QUIET_MS) || JUDGEMENT_RESCORE_QUIET_MS;
export const JUDGEMENT_RESCORE_MAX_WAIT_MS = 30_000;

/** Called after each judgement save of the run. */
export async function queueRescoreAfterJudgement(runId: string): Promise<void> {
  const quiet = quietMs();
  await enqueueRescore(runId, { delayMs: quiet, onDuplicate: { debounceMs: quiet, maxWaitMs: JUDGEMENT_RESCORE_MAX_WAIT_MS } });
}
