import { db, testDb } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/admin/jobs/route";
import { GET as oneRoute, POST as actionRoute } from "@/app/api/admin/jobs/[id]/route";
import { enqueueJob, ensureRecurringJob } from "@/lib/jobs/enqueue";
import { resetJobsConfig } from "@/lib/jobs/jobs-config";
import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { registerTestJobKinds, TEST_SLEEP } from "@/lib/jobs/test-kinds";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";

/**
 * /api/admin/jobs: admins list jobs by state and kind (with each one's last error) and retry a
 * failed one or cancel a queued one; every other role, and no session, is refused.
 */
let admin: TestUser;
let others: TestUser[];
let failedId: string;
let queuedId: string;

beforeAll(async () => {
  resetJobsConfig();
  registerTestJobKinds();
  admin = await createTestUser({ role: "ADMIN" });
  others = [await createTestUser({ role: "PARTICIPANT" }), await createTestUser({ role: "ANNOTATOR" }), await createTestUser({ role: "REVIEWER" })];
  failedId = (await enqueueJob(TEST_SLEEP, { ms: 0, fail: 9 }, { label: "always fails" })).id;
  await runJobsUntilIdle({ kinds: [TEST_SLEEP], includeDelayed: true });
  queuedId = (await enqueueJob(TEST_SLEEP, { ms: 0 }, { label: "waiting", delayMs: 3600_000 })).id;
});

const list = (query: Record<string, string>, as: TestUser | null = admin) => call(listRoute, "/api/admin/jobs", { as, query });
const act = (id: string, json: unknown, as: TestUser | null = admin) => call(actionRoute, `/api/admin/jobs/${id}`, { method: "POST", as, json, params: { id } });

describe(`admin job routes (${testDb.provider})`, () => {
  it("list failed jobs with their errors, queued ones, counts per state; filter by kind", async () => {
    const failed = await list({ state: "FAILED" });
    expect(failed.status).toBe(200);
    expect(failed.json.jobs).toEqual([expect.objectContaining({ id: failedId, kind: TEST_SLEEP, label: "always fails", state: "FAILED", attempts: 3, maxAttempts: 3, lastError: "planned failure of attempt 3" })]);
    expect(failed.json.counts).toMatchObject({ FAILED: 1, QUEUED: 1 });
    const queued = await list({ state: "QUEUED", kind: TEST_SLEEP });
    expect(queued.json.jobs.map((j: { id: string }) => j.id)).toEqual([queuedId]);
    expect((await list({ kind: "video.ingest" })).json.jobs).toEqual([]);
    expect((await list({})).json).toMatchObject({ total: 2, page: 1, pageCount: 1, kinds: [TEST_SLEEP] });
  });

  it("bad queries and bodies are 400 naming the field", async () => {
    const bad = await list({ state: "DONE" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/state/);
    expect((await list({ page: "0" })).status).toBe(400);
    expect((await list({ kind: "../x" })).status).toBe(400);
    const body = await act(failedId, { action: "restart" });
    expect(body.status).toBe(400);
    expect(JSON.stringify(body.json)).toMatch(/action/);
    expect((await act("nope", { action: "retry" })).status).toBe(404);
  });

  it("refuses participants, annotators and reviewers (403) and anonymous callers (401), changing nothing", async () => {
    for (const as of others) {
      expect((await list({}, as)).status).toBe(403);
      expect((await call(oneRoute, `/api/admin/jobs/${failedId}`, { as, params: { id: failedId } })).status).toBe(403);
      expect((await act(failedId, { action: "retry" }, as)).status).toBe(403);
      expect((await act(queuedId, { action: "cancel" }, as)).status).toBe(403);
    }
    expect((await list({}, null)).status).toBe(401);
    expect((await act(queuedId, { action: "cancel" }, null)).status).toBe(401);
    expect(await db.backgroundJob.findUniqueOrThrow({ where: { id: failedId } })).toMatchObject({ state: "FAILED" });
    expect(await db.backgroundJob.findUniqueOrThrow({ where: { id: queuedId } })).toMatchObject({ state: "QUEUED" });
  });

  it("cancel: a queued job only (a failed, a running or a recurring one is 409); audited", async () => {
    expect((await act(failedId, { action: "cancel" })).status).toBe(409);
    const running = (await enqueueJob(TEST_SLEEP, { ms: 0 })).id;
    await db.backgroundJob.update({ where: { id: running }, data: { state: "RUNNING", lockedBy: "elsewhere", lockedUntil: new Date(Date.now() + 60_000) } });
    const refused = await act(running, { action: "cancel" });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/this one is running/);
    await ensureRecurringJob("jobs.prune", 3600_000);
    const recurring = await db.backgroundJob.findFirstOrThrow({ where: { kind: "jobs.prune" } });
    expect((await act(recurring.id, { action: "cancel" })).status).toBe(409);

    const cancelled = await act(queuedId, { action: "cancel" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.job).toMatchObject({ id: queuedId, state: "CANCELLED" });
    expect(await db.auditLog.count({ where: { action: "job.cancel", targetId: queuedId, actorId: admin.id } })).toBe(1);
    // a cancelled job never runs
    expect((await runJobsUntilIdle({ kinds: [TEST_SLEEP], includeDelayed: true })).map((r) => r.id)).not.toContain(queuedId);
  });

  it("retry: a failed job is queued again with fresh attempts and runs; a queued one is 409", async () => {
    const retried = await act(failedId, { action: "retry" });
    expect(retried.status).toBe(200);
    expect(retried.json.job).toMatchObject({ id: failedId, state: "QUEUED", attempts: 0, finishedAt: null });
    expect((await act(failedId, { action: "retry" })).status).toBe(409);
    // it runs again (made to fail once more, then succeed): SUCCEEDED after 2 attempts
    await db.backgroundJob.update({ where: { id: failedId }, data: { payload: { ms: 0, fail: 1 } } });
    await runJobsUntilIdle({ kinds: [TEST_SLEEP], includeDelayed: true });
    expect(await db.backgroundJob.findUniqueOrThrow({ where: { id: failedId } })).toMatchObject({ state: "SUCCEEDED", attempts: 2 });
    expect(await db.auditLog.count({ where: { action: "test.job.done", targetId: failedId } })).toBe(1);
    // a cancelled job can be retried too
    expect((await act(queuedId, { action: "retry" })).json.job).toMatchObject({ state: "QUEUED" });
    expect(await db.auditLog.count({ where: { action: "job.retry", actorId: admin.id } })).toBe(2);
  });
});
