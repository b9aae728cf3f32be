import "server-only";
import { markAndQueueStale } from "./rescore-jobs";

/**
 * Marks the project's out-of-date runs stale (lib/truth/truth-version.ts) and queues their
 * rescoring (lib/runs/rescore-jobs.ts; the job runner does it). Call it after the transaction
 * that changed the truth commits. Returns how many runs were marked.
 */
export async function onTruthChanged(projectId: string): Promise<number> {
  return markAndQueueStale(projectId);
}
