import "server-only";
import { z } from "zod";
import { registerJobKind } from "@/lib/jobs/registry";
import { queuedUploadPending } from "./ingest-jobs";
import { sweepOrphanVideoDirs } from "./sweep-orphans";
import { sweepQueuedUploads, sweepStaleScratch } from "./staging";

/**
 * "video.sweep-storage" (recurring, every 10 minutes): removes what interrupted work left in the
 * data directory — scratch of processes that are gone (staging.ts), queued uploads no pending
 * ingest needs any more, storage directories no Video row claims (sweep-orphans.ts). Each sweep
 * is idempotent and safe to run on several instances at once; the queue runs it on one.
 */
export const SWEEP_STORAGE = "video.sweep-storage";

registerJobKind({
  kind: SWEEP_STORAGE,
  payload: z.object({}).passthrough(),
  concurrency: 1,
  everyMs: () => 10 * 60_000,
  run: async () => ({
    scratch: (await sweepStaleScratch()).length,
    queuedUploads: (await sweepQueuedUploads(queuedUploadPending)).length,
    orphanDirs: (await sweepOrphanVideoDirs()).length,
  }),
});
