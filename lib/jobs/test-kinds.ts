import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { audit } from "@/lib/audit/audit";
import { registerJobKind } from "./registry";

/**
 * TEST ONLY: the job kind "test.sleep", registered only by tests and by runners started with
 * PLAYHEAD_TEST_JOBS=1 (lib/workers/register-all.ts) — never in a normal deployment. It waits
 * `ms` (aborted with its signal), fails its first `fail` attempts, then records one audit entry
 * `test.job.done` naming the job, the instance and the attempt: the visible effect that lets a
 * test count how many times a job really ran to its end (across processes and instances).
 */
export const TEST_SLEEP = "test.sleep";

const payload = z.object({
  ms: z.number().int().min(0).max(600_000),
  fail: z.number().int().min(0).max(100).default(0),
});

export function registerTestJobKinds(): void {
  registerJobKind({
    kind: TEST_SLEEP,
    payload,
    concurrency: 4,
    maxAttempts: 3,
    run: async ({ payload: p, jobId, attempt, instanceId, signal }) => {
      await sleep(p.ms, undefined, { signal });
      if (attempt <= p.fail) throw new Error(`planned failure of attempt ${attempt}`);
      await audit({ actorId: null, action: "test.job.done", targetType: "BackgroundJob", targetId: jobId, details: { instanceId, attempt } });
      return { instanceId, attempt };
    },
  });
}

/** Whether this process was started to run the test kinds (PLAYHEAD_TEST_JOBS=1). */
export function testJobKindsEnabled(): boolean {
  return process.env.PLAYHEAD_TEST_JOBS === "1";
}
