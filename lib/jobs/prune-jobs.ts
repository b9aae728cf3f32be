import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/prisma";
import { jobsConfig } from "./jobs-config";
import { registerJobKind } from "./registry";

/**
 * The queue's own recurring job "jobs.prune" (hourly): deletes succeeded and cancelled jobs that
 * ended more than PLAYHEAD_JOBS_RETENTION_DAYS ago. Failed jobs stay until an admin retries them.
 */
export const PRUNE_JOBS = "jobs.prune";

export async function pruneFinishedJobs(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - jobsConfig().retentionDays * 24 * 3600_000);
  const { count } = await db.backgroundJob.deleteMany({ where: { state: { in: ["SUCCEEDED", "CANCELLED"] }, finishedAt: { lt: before } } });
  return count;
}

export function registerPruneJobs(): void {
  registerJobKind({
    kind: PRUNE_JOBS,
    payload: z.object({}).passthrough(),
    concurrency: 1,
    everyMs: () => 3600_000,
    run: async () => ({ deleted: await pruneFinishedJobs() }),
  });
}
