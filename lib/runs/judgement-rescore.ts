import "server-only";
import { createCoalescer } from "./judgement-coalescer";
import { kickRescore } from "./rescore-stale";

/**
 * Coalesces the rescoring wake-ups of judgement saves. A reviewer saves a verdict every second or
 * so; each save flags the run stale (lib/runs/load-human-judgements.ts `markRunJudged`), and this
 * wakes the rescoring loop only once the burst pauses for JUDGEMENT_RESCORE_QUIET_MS (or, under
 * a continuous burst, JUDGEMENT_RESCORE_MAX_WAIT_MS after its first save): the loop then picks the
 * stale run once for the whole burst instead of once per save.
 */
export const JUDGEMENT_RESCORE_QUIET_MS = 4_000;
/** PLAYHEAD_JUDGEMENT_RESCORE_QUIET_MS overrides the pause (read when the first save of a process wakes the loop). */
const quietMs = () => Number(process.env.PLAYHEAD_JUDGEMENT_RESCORE_QUIET_MS) || JUDGEMENT_RESCORE_QUIET_MS;
export const JUDGEMENT_RESCORE_MAX_WAIT_MS = 30_000;

const g = globalThis as unknown as { playheadJudgementKick?: () => void };

/** Called after each judgement save: wakes the rescoring loop once per burst of saves. */
export function kickRescoreAfterJudgement(): void {
  g.playheadJudgementKick ??= createCoalescer(kickRescore, quietMs(), JUDGEMENT_RESCORE_MAX_WAIT_MS);
  g.playheadJudgementKick();
}
