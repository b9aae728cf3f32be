import { db, testDb } from "@/tests/support/test-db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDbClient, type Db } from "@/lib/db/prisma";
import { claimCandidate, CANDIDATE_SELECT } from "@/lib/jobs/claim";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { resetJobsConfig } from "@/lib/jobs/jobs-config";
import { JobRunner } from "@/lib/jobs/runner";
import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { completeJob, failAttempt } from "@/lib/jobs/settle";
import { registerTestJobKinds, TEST_SLEEP } from "@/lib/jobs/test-kinds";

/**
 * The job queue on a real database (SQLite and PostgreSQL): two runners with their own Prisma
 * clients (two instances) run each job exactly once; a claim whose instance died is taken over
 * after its lease; failures are retried with backoff, then end FAILED with the error; a
 * restarted runner resumes queued jobs; a shutdown gives running jobs back.
 */
let second: Db;

beforeAll(() => {
  resetJobsConfig();
  registerTestJobKinds();
  second = createDbClient();
});
afterAll(async () => {
  await second.$disconnect();
});

const fast = { pollMs: 50, leaseMs: 3_000, backoffMs: 60, backoffMaxMs: 1_000, shutdownGraceMs: 0 };
const doneEntries = (jobId: string) => db.auditLog.findMany({ where: { action: "test.job.done", targetId: jobId } });
const job = (id: string) => db.backgroundJob.findUniqueOrThrow({ where: { id } });

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe(`job queue (${testDb.provider})`, () => {
  it("of concurrent claims of one job through two clients, exactly one wins", async () => {
    const { id } = await enqueueJob(TEST_SLEEP, { ms: 0 });
    const candidate = await db.backgroundJob.findUniqueOrThrow({ where: { id }, select: CANDIDATE_SELECT });
    const now = new Date();
    const claims = await Promise.all(
      [db, second, db, second, db, second].map((store, i) => claimCandidate(store, candidate, { instanceId: `i${i % 2}`, leaseMs: 60_000, now })),
    );
    expect(claims.filter((c) => c && c !== "failed")).toHaveLength(1);
    expect(await job(id)).toMatchObject({ state: "RUNNING", attempts: 1 });
    await db.backgroundJob.update({ where: { id }, data: { state: "CANCELLED", activeKey: null } });
  });

  it("two runners (own clients, own slots) racing over 16 jobs run each exactly once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) ids.push((await enqueueJob(TEST_SLEEP, { ms: 20 })).id);
    const a = new JobRunner({ store: db, ownSlots: true, kinds: [TEST_SLEEP], config: { ...fast, leaseMs: 10_000, instanceId: "runner-a" } });
    const b = new JobRunner({ store: second, ownSlots: true, kinds: [TEST_SLEEP], config: { ...fast, leaseMs: 10_000, instanceId: "runner-b" } });
    a.start();
    b.start();
    try {
      const rows = await until(
        () => db.backgroundJob.findMany({ where: { id: { in: ids } } }),
        (rs) => rs.every((r) => r.state === "SUCCEEDED"),
      );
      for (const r of rows) {
        expect(r.attempts).toBe(1);
        expect(["runner-a", "runner-b"]).toContain(r.lockedBy);
        expect(await doneEntries(r.id)).toHaveLength(1);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("a claim whose instance died (never renewed) is taken over after its lease and finished once by the survivor", async () => {
    const { id } = await enqueueJob(TEST_SLEEP, { ms: 10 });
    const candidate = await db.backgroundJob.findUniqueOrThrow({ where: { id }, select: CANDIDATE_SELECT });
    const dead = await claimCandidate(second, candidate, { instanceId: "dead-instance", leaseMs: 300, now: new Date() });
    expect(dead && dead !== "failed" && dead.lockedBy).toBe("dead-instance");
    const survivor = new JobRunner({ store: db, ownSlots: true, kinds: [TEST_SLEEP], config: { ...fast, instanceId: "survivor" } }).start();
    try {
      const row = await until(() => job(id), (r) => r.state === "SUCCEEDED");
      expect(row).toMatchObject({ attempts: 2, lockedBy: "survivor" });
      expect((await doneEntries(id)).map((e) => (e.details as { instanceId: string }).instanceId)).toEqual(["survivor"]);
      // The dead instance's late outcome is refused: its lease token no longer holds.
      expect(await completeJob(second, dead as never, { late: true })).toBe(false);
      expect((await job(id)).result).toEqual({ instanceId: "survivor", attempt: 2 });
    } finally {
      await survivor.stop();
    }
  });

  it("a failing job is retried with backoff, then ends FAILED with its error; nothing ran to its end", async () => {
    const { id } = await enqueueJob(TEST_SLEEP, { ms: 0, fail: 5 });
    const seen: { attempts: number; state: string; lastError: string | null; delay: number }[] = [];
    const runner = new JobRunner({
      store: db,
      ownSlots: true,
      kinds: [TEST_SLEEP],
      config: { ...fast, instanceId: "retrier" },
      onAttempt: (j) => {
        if (j.id !== id) return;
        void db.backgroundJob.findUniqueOrThrow({ where: { id } }).then((r) => seen.push({ attempts: r.attempts, state: r.state, lastError: r.lastError, delay: r.runAt.getTime() - r.startedAt!.getTime() }));
      },
    }).start();
    try {
      const row = await until(() => job(id), (r) => r.state === "FAILED");
      expect(row).toMatchObject({ attempts: 3, maxAttempts: 3, lastError: "planned failure of attempt 3" });
      expect(row.finishedAt).not.toBeNull();
      expect(row.activeKey).toBeNull();
      await until(async () => seen.length, (n) => n >= 3);
      // after attempt 1: queued at least 60 ms × 0.8 after that attempt started; after attempt 2: 240 ms × 0.8
      expect(seen[0]).toMatchObject({ attempts: 1, state: "QUEUED", lastError: "planned failure of attempt 1" });
      expect(seen[0].delay).toBeGreaterThanOrEqual(48);
      expect(seen[1]).toMatchObject({ attempts: 2, state: "QUEUED", lastError: "planned failure of attempt 2" });
      expect(seen[1].delay).toBeGreaterThanOrEqual(192);
      expect(await doneEntries(id)).toHaveLength(0);
    } finally {
      await runner.stop();
    }
  });

  it("a failed attempt is written with its backoff: due exactly base × 4^(n−1) after the failure (no jitter)", async () => {
    const { id } = await enqueueJob(TEST_SLEEP, { ms: 0 });
    const now = new Date("2030-01-01T00:00:00Z");
    for (const [n, delay] of [[1, 1_000], [2, 4_000]] as const) {
      await db.backgroundJob.update({ where: { id }, data: { runAt: new Date(0) } });
      const candidate = await db.backgroundJob.findUniqueOrThrow({ where: { id }, select: CANDIDATE_SELECT });
      const claimed = await claimCandidate(db, candidate, { instanceId: "t", leaseMs: 1_000, now });
      if (!claimed || claimed === "failed") throw new Error("not claimed");
      expect(await failAttempt(db, claimed, { message: `boom ${n}`, permanent: false }, { baseMs: 1_000, maxMs: 60_000, jitter: 0 }, now)).toBe("retry");
      expect(await job(id)).toMatchObject({ state: "QUEUED", attempts: n, lastError: `boom ${n}`, runAt: new Date(now.getTime() + delay), lockedUntil: null });
    }
    await db.backgroundJob.update({ where: { id }, data: { runAt: new Date(0) } });
    const last = await claimCandidate(db, await db.backgroundJob.findUniqueOrThrow({ where: { id }, select: CANDIDATE_SELECT }), { instanceId: "t", leaseMs: 1_000, now });
    expect(await failAttempt(db, last as never, { message: "boom 3", permanent: false }, { baseMs: 1_000, maxMs: 60_000, jitter: 0 }, now)).toBe("failed");
    expect(await job(id)).toMatchObject({ state: "FAILED", attempts: 3, lastError: "boom 3", finishedAt: now });
  });

  it("a job that fails once then succeeds ends SUCCEEDED after 2 attempts, keeping the error it recovered from", async () => {
    const { id } = await enqueueJob(TEST_SLEEP, { ms: 0, fail: 1 });
    const ran = await runJobsUntilIdle({ kinds: [TEST_SLEEP], includeDelayed: true });
    expect(ran.filter((r) => r.id === id).map((r) => r.outcome)).toEqual(["QUEUED", "SUCCEEDED"]);
    expect(await job(id)).toMatchObject({ state: "SUCCEEDED", attempts: 2, lastError: "planned failure of attempt 1" });
  });

  it("a restart resumes queued jobs; a shutdown gives a running job back (attempt not counted) for the next runner", async () => {
    const queued = [(await enqueueJob(TEST_SLEEP, { ms: 0 })).id, (await enqueueJob(TEST_SLEEP, { ms: 0 })).id];
    const { id: long } = await enqueueJob(TEST_SLEEP, { ms: 60_000 });
    const first = new JobRunner({ store: db, ownSlots: true, kinds: [TEST_SLEEP], config: { ...fast, instanceId: "before-restart" } }).start();
    await until(() => job(long), (r) => r.state === "RUNNING");
    await first.stop(0);
    expect(await job(long)).toMatchObject({ state: "QUEUED", attempts: 0, lockedBy: null, lockedUntil: null });
    expect(await doneEntries(long)).toHaveLength(0);

    // jobs queued while no runner was up, and the one given back, run once the next one starts
    const more = (await enqueueJob(TEST_SLEEP, { ms: 0 })).id;
    await db.backgroundJob.update({ where: { id: long }, data: { payload: { ms: 0 } } });
    const next = new JobRunner({ store: second, ownSlots: true, kinds: [TEST_SLEEP], config: { ...fast, instanceId: "after-restart" } }).start();
    try {
      for (const id of [...queued, more, long]) {
        const r = await until(() => job(id), (x) => x.state === "SUCCEEDED");
        expect(await doneEntries(id)).toHaveLength(1);
        if (id === long) expect(r).toMatchObject({ attempts: 1, lockedBy: "after-restart" });
      }
    } finally {
      await next.stop();
    }
  });

  it("deduplicates by key: one pending job per key; a debounced request pushes it back, bounded by the maximum wait", async () => {
    const a = await enqueueJob(TEST_SLEEP, { ms: 0 }, { dedupeKey: "test:one", delayMs: 1_000 });
    const b = await enqueueJob(TEST_SLEEP, { ms: 0 }, { dedupeKey: "test:one" });
    expect(b).toMatchObject({ id: a.id, created: false });
    const sooner = await enqueueJob(TEST_SLEEP, { ms: 0 }, { dedupeKey: "test:one", onDuplicate: "sooner" });
    expect(sooner.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    const pushed = await enqueueJob(TEST_SLEEP, { ms: 0 }, { dedupeKey: "test:one", onDuplicate: { debounceMs: 5_000, maxWaitMs: 60_000 } });
    expect(pushed.runAt.getTime() - Date.now()).toBeGreaterThan(4_000);
    const capped = await enqueueJob(TEST_SLEEP, { ms: 0 }, { dedupeKey: "test:one", onDuplicate: { debounceMs: 5_000, maxWaitMs: 2_000 } });
    const created = (await job(a.id)).createdAt.getTime();
    expect(capped.runAt.getTime()).toBeLessThanOrEqual(Math.max(created + 2_000, Date.now()));
    expect(await db.backgroundJob.count({ where: { dedupeKey: "test:one" } })).toBe(1);
    // racing requests from two clients still give one job
    const racing = await Promise.all([db, second, db, second].map((store) => enqueueJob(TEST_SLEEP, { ms: 0 }, { dedupeKey: "test:two", store })));
    expect(new Set(racing.map((r) => r.id)).size).toBe(1);
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    // once it has run, the key is free for a new job
    await runJobsUntilIdle({ kinds: [TEST_SLEEP], includeDelayed: true });
    expect(await job(a.id)).toMatchObject({ state: "SUCCEEDED", activeKey: null });
    expect((await enqueueJob(TEST_SLEEP, { ms: 0 }, { dedupeKey: "test:one" })).created).toBe(true);
  });
});
