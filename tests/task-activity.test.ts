import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postActivity } from "@/app/api/tasks/[taskId]/activity/route";
import { GET as myTasks } from "@/app/api/me/tasks/route";
import { GET as progressRoute } from "@/app/api/projects/[projectId]/tasks/progress/route";
import { ACTIVITY_CLOCK_TOLERANCE_MS } from "@/lib/tasks/task-activity";
import { loadAgreementData } from "@/lib/review/dashboard-loader";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject, makeTask } from "./annotation-helpers";

// Time on task (issue 19.10): POST /api/tasks/:taskId/activity stores the union of the reported
// intervals per task and annotator; Task.timeSpentMs is its length, and every reader (the queue,
// the workflow progress, the agreement dashboard's throughput) shows that one figure.

const S = 1000;
let admin: TestUser;
let ann: TestUser;
let other: TestUser;
let participant: TestUser;
let projectId = "";
let itemIds: string[] = [];

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  ann = await createTestUser({ role: "ANNOTATOR", name: "Tim Taker" });
  other = await createTestUser({ role: "ANNOTATOR" });
  participant = await createTestUser({ role: "PARTICIPANT" });
  const p = await annotationProject(
    "VCBENCH",
    ["a", "b", "c", "d", "e", "f"].map((id) => ({ externalId: `time-${id}`, labels: { subtype: "E1-Action" }, queryTimes: [0.5] })),
    [ann, other],
  );
  projectId = p.projectId;
  itemIds = p.itemIds;
}, 60_000);

const report = (taskId: string, as: TestUser | null, intervals: unknown) => call(postActivity, `/api/tasks/${taskId}/activity`, { method: "POST", as, params: { taskId }, json: { intervals } });
const stored = async (taskId: string) => (await db.task.findUniqueOrThrow({ where: { id: taskId } })).timeSpentMs;

/** A task created now, and a base time just after it. */
async function freshTask(index: number): Promise<{ taskId: string; t0: number }> {
  const taskId = await makeTask(projectId, itemIds[index], ann.id);
  const created = (await db.task.findUniqueOrThrow({ where: { id: taskId } })).createdAt.getTime();
  return { taskId, t0: created + 1 };
}

describe("POST /api/tasks/:taskId/activity", () => {
  it("stores the reported time; a retry (same body, in turn or at once) adds nothing", async () => {
    const { taskId, t0 } = await freshTask(0);
    const first = await report(taskId, ann, [{ start: t0, end: t0 + 15 * S }]);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ timeSpentMs: 15 * S });
    const again = await report(taskId, ann, [{ start: t0, end: t0 + 15 * S }]);
    expect(again.json).toEqual({ timeSpentMs: 15 * S });
    const burst = await Promise.all(Array.from({ length: 5 }, () => report(taskId, ann, [{ start: t0, end: t0 + 15 * S }])));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await stored(taskId)).toBe(15 * S);
    expect(await db.taskActivity.count({ where: { taskId } })).toBe(1);
    // The growing interval of an open tab, sent again every few seconds: its length, not the sum of reports.
    await report(taskId, ann, [{ start: t0, end: t0 + 30 * S }]);
    await report(taskId, ann, [{ start: t0, end: t0 + 45 * S }]);
    expect(await stored(taskId)).toBe(45 * S);
  });

  it("two tabs open at once count their common wall time once, even when their reports race", async () => {
    const { taskId, t0 } = await freshTask(1);
    const tabA = [{ start: t0, end: t0 + 60 * S }];
    const tabB = [{ start: t0 + 30 * S, end: t0 + 90 * S }];
    const [a, b] = await Promise.all([report(taskId, ann, tabA), report(taskId, ann, tabB)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await stored(taskId)).toBe(90 * S);
    expect(Math.max(a.json.timeSpentMs, b.json.timeSpentMs)).toBe(90 * S);
    const rows = await db.taskActivity.findMany({ where: { taskId } });
    expect(rows.map((r) => [r.startAt.getTime(), r.endAt.getTime()])).toEqual([[t0, t0 + 90 * S]]);
  });

  it("a reload (a new page reporting after a gap) adds its own time; touching intervals merge", async () => {
    const { taskId, t0 } = await freshTask(2);
    await report(taskId, ann, [{ start: t0, end: t0 + 20 * S }]);
    // The page is reloaded at 25 s: the new page reports from then on.
    const reloaded = await report(taskId, ann, [{ start: t0 + 25 * S, end: t0 + 40 * S }]);
    expect(reloaded.json).toEqual({ timeSpentMs: 35 * S });
    await report(taskId, ann, [{ start: t0 + 20 * S, end: t0 + 25 * S }]);
    expect(await stored(taskId)).toBe(40 * S);
    expect(await db.taskActivity.count({ where: { taskId } })).toBe(1);
  });

  it("cuts what lies before the task existed, far in the future, or after it was submitted", async () => {
    const { taskId, t0 } = await freshTask(3);
    const before = await report(taskId, ann, [{ start: t0 - 3600 * S, end: t0 + 10 * S }]);
    // From the task's creation (t0 − 1 ms) on.
    expect(before.json.timeSpentMs).toBe(10 * S + 1);
    const now = Date.now();
    const future = await report(taskId, ann, [{ start: now + ACTIVITY_CLOCK_TOLERANCE_MS - 5 * S, end: now + ACTIVITY_CLOCK_TOLERANCE_MS + 3600 * S }]);
    expect(future.status).toBe(200);
    // At most the 5 s up to the tolerance (the server's clock moved on a little meanwhile).
    expect(future.json.timeSpentMs - before.json.timeSpentMs).toBeGreaterThanOrEqual(5 * S);
    expect(future.json.timeSpentMs - before.json.timeSpentMs).toBeLessThan(5 * S + 60 * S);
    const { taskId: done, t0: d0 } = await freshTask(4);
    await db.task.update({ where: { id: done }, data: { status: "SUBMITTED", submittedAt: new Date(d0 + 30 * S) } });
    const late = await report(done, ann, [{ start: d0 + 20 * S, end: d0 + 50 * S }]);
    expect(late.json).toEqual({ timeSpentMs: 10 * S });
  });

  it("only the task's annotator counts; bad bodies are refused naming the field, nothing written", async () => {
    const { taskId, t0 } = await freshTask(5);
    const one = [{ start: t0, end: t0 + S }];
    expect((await report(taskId, null, one)).status).toBe(401);
    expect((await report(taskId, participant, one)).status).toBe(403);
    expect((await report(taskId, other, one)).status).toBe(404);
    const byAdmin = await report(taskId, admin, one);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.error.code).toBe("not_assignee");
    const reversed = await report(taskId, ann, [{ start: t0 + S, end: t0 }]);
    expect(reversed.status).toBe(400);
    expect(reversed.text).toContain("intervals.0.end");
    const text = await report(taskId, ann, [{ start: "soon", end: t0 }]);
    expect(text.status).toBe(400);
    expect(text.text).toContain("intervals.0.start");
    expect((await report(taskId, ann, [])).status).toBe(400);
    expect(await stored(taskId)).toBe(0);
    expect(await db.taskActivity.count({ where: { taskId } })).toBe(0);
  });

  it("every reader shows the one stored figure: the queue, the workflow progress, the dashboard throughput", async () => {
    const tasks = await db.task.findMany({ where: { projectId, userId: ann.id }, select: { id: true, itemId: true, timeSpentMs: true } });
    const total = tasks.reduce((n, t) => n + t.timeSpentMs, 0);
    expect(total).toBeGreaterThan(0);
    const queue = await call(myTasks, "/api/me/tasks", { as: ann });
    expect(queue.status).toBe(200);
    for (const t of tasks) expect(queue.json.tasks.find((q: { id: string }) => q.id === t.id).timeSpentMs).toBe(t.timeSpentMs);
    const progress = await call(progressRoute, `/api/projects/${projectId}/tasks/progress`, { as: admin, params: { projectId } });
    expect(progress.status, progress.text).toBe(200);
    expect(progress.json.rows.find((r: { userId: string }) => r.userId === ann.id).timeSpentMs).toBe(total);
    // The dashboard counts submitted passes: submit one with its stored time.
    const one = tasks.find((t) => t.timeSpentMs > 0)!;
    await db.task.update({ where: { id: one.id }, data: { status: "SUBMITTED", submittedAt: new Date() } });
    const dashboard = await loadAgreementData(projectId, { resamples: 10, level: 0.95, seed: 1 });
    const row = dashboard.dashboard.throughput.find((r) => r.annotatorId === ann.id)!;
    const submitted = await db.task.findMany({ where: { projectId, userId: ann.id, status: "SUBMITTED" }, select: { timeSpentMs: true } });
    expect(row.activeHours * 3_600_000).toBeCloseTo(submitted.reduce((n, t) => n + t.timeSpentMs, 0), 3);
  });
});
