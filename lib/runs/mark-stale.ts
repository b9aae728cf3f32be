import "server-only";
import { markStaleRuns } from "@/lib/truth/truth-version";
import { kickRescore } from "./rescore-stale";

/**
 * Marks the project's out-of-date runs stale (lib/truth/truth-version.ts) and wakes the
 * rescoring loop. Call it after the transaction that changed the truth commits. Returns how
 * many runs were marked.
 */
export async function onTruthChanged(projectId: string): Promise<number> {
  const n = await markStaleRuns(projectId);
  kickRescore();
  return n;
}
