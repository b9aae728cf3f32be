import { db, testDb } from "@/tests/support/test-db";
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { resetJobsConfig } from "@/lib/jobs/jobs-config";
import { JobRunner } from "@/lib/jobs/runner";
import { registerTestJobKinds, TEST_SLEEP } from "@/lib/jobs/test-kinds";

/**
 * kill -9 of a worker process mid-job: `npm run worker` (scripts/worker.ts, the test kind enabled
 * with PLAYHEAD_TEST_JOBS=1) claims a job and is SIGKILLed while running it — no shutdown, no
 * release, its lease simply stops being renewed. The surviving runner takes the job over once the
 * lease expires and finishes it: it ran to its end exactly once, by the survivor. SIGTERM, on the
 * contrary, is a graceful stop: the worker interrupts the job and gives it back (queued, due now,
 * the attempt not counted) before it exits.
 */
let child: ChildProcess | null = null;
/** The workers' standard output (shown when an expectation fails). */
const output: string[] = [];

beforeAll(() => {
  resetJobsConfig();
  registerTestJobKinds();
});
afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function startWorker(instanceId: string, extraEnv: Record<string, string> = {}): ChildProcess {
  const proc = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts", "--kinds", TEST_SLEEP], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: testDb.url,
      PLAYHEAD_DATA_DIR: testDb.dataDir,
      PLAYHEAD_TEST_JOBS: "1",
      PLAYHEAD_INSTANCE_ID: instanceId,
      PLAYHEAD_JOBS_LEASE_MS: "1500",
      PLAYHEAD_JOBS_POLL_MS: "100",
      NODE_ENV: "test",
      VITEST: "",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (d: Buffer) => output.push(`[worker ${instanceId}] ${d}`));
  proc.stderr?.on("data", (d: Buffer) => process.stderr.write(`[worker ${instanceId}] ${d}`));
  return proc;
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`a worker killed with SIGKILL mid-job (${testDb.provider})`, () => {
  it("leaves its job to the survivor, which finishes it once after the lease expires", async () => {
    const { id } = await enqueueJob(TEST_SLEEP, { ms: 3_000 });
    child = startWorker("doomed-worker");
    const running = await until(
      () => db.backgroundJob.findUniqueOrThrow({ where: { id } }),
      (j) => j.state === "RUNNING" && j.lockedBy === "doomed-worker",
    );
    expect(running.attempts).toBe(1);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child!.once("exit", (_code, signal) => resolve(signal)));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    // Nothing was released: the job is still RUNNING under the dead worker's lease.
    expect(await db.backgroundJob.findUniqueOrThrow({ where: { id } })).toMatchObject({ state: "RUNNING", lockedBy: "doomed-worker" });

    const survivor = new JobRunner({ kinds: [TEST_SLEEP], ownSlots: true, config: { pollMs: 100, leaseMs: 5_000, instanceId: "survivor" } }).start();
    try {
      const done = await until(() => db.backgroundJob.findUniqueOrThrow({ where: { id } }), (j) => j.state === "SUCCEEDED");
      expect(done).toMatchObject({ attempts: 2, lockedBy: "survivor", result: { instanceId: "survivor", attempt: 2 } });
      const effects = await db.auditLog.findMany({ where: { action: "test.job.done", targetId: id } });
      expect(effects.map((e) => (e.details as { instanceId: string }).instanceId)).toEqual(["survivor"]);
    } finally {
      await survivor.stop();
    }
  });

  it("SIGTERM: the worker gives its running job back before it exits", async () => {
    const { id } = await enqueueJob(TEST_SLEEP, { ms: 60_000 });
    child = startWorker("stopping-worker", { PLAYHEAD_JOBS_SHUTDOWN_GRACE_MS: "0" });
    await until(() => db.backgroundJob.findUniqueOrThrow({ where: { id } }), (j) => j.state === "RUNNING" && j.lockedBy === "stopping-worker");
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(await db.backgroundJob.findUniqueOrThrow({ where: { id } }), output.join("")).toMatchObject({ state: "QUEUED", attempts: 0, lockedBy: null, lockedUntil: null });
    expect(await db.auditLog.count({ where: { action: "test.job.done", targetId: id } })).toBe(0);
    await db.backgroundJob.update({ where: { id }, data: { state: "CANCELLED" } });
  });
});
