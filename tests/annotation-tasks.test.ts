import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as myTasks } from "@/app/api/me/tasks/route";
import { POST as nextTask } from "@/app/api/me/tasks/next/route";
import { GET as listTasksRoute, POST as createTasksRoute } from "@/app/api/projects/[projectId]/tasks/route";
import { GET as progressRoute } from "@/app/api/projects/[projectId]/tasks/progress/route";
import { GET as getWorkflow, PATCH as putWorkflow } from "@/app/api/projects/[projectId]/workflow/route";
import { POST as claimRoute } from "@/app/api/tasks/[taskId]/claim/route";
import { PATCH as reassignRoute } from "@/app/api/tasks/[taskId]/route";
import { POST as skipRoute } from "@/app/api/tasks/[taskId]/skip/route";
import { call } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject } from "./annotation-helpers";

let admin: TestUser;
let a1: TestUser;
let a2: TestUser;
let a3: TestUser;
let outsider: TestUser;
let reviewer: TestUser;
let participant: TestUser;

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  a1 = await createTestUser({ role: "ANNOTATOR", name: "A One" });
  a2 = await createTestUser({ role: "ANNOTATOR", name: "A Two" });
  a3 = await createTestUser({ role: "ANNOTATOR", name: "A Three" });
  outsider = await createTestUser({ role: "ANNOTATOR" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  participant = await createTestUser({ role: "PARTICIPANT" });
});

const items = (n: number, format = (i: number) => (i % 2 ? "mcq_4" : "numerical")) =>
  Array.from({ length: n }, (_, i) => ({ externalId: `q${i}`, format: format(i), labels: { dim: i % 3 === 0 ? "count" : "order" } }));

const create = (projectId: string, as: TestUser | null, json: unknown) => call(createTasksRoute, `/api/projects/${projectId}/tasks`, { as, params: { projectId }, json });
const progress = (projectId: string, as: TestUser | null) => call(progressRoute, `/api/projects/${projectId}/tasks/progress`, { as, params: { projectId } });
const next = (as: TestUser | null, json: unknown = {}) => call(nextTask, "/api/me/tasks/next", { as, json });

describe("workflow settings", () => {
  it("default per benchmark, changed by admins; unknown task kinds and non-annotators are named", async () => {
    const { projectId } = await annotationProject("TOCBENCH", items(1), [a1, reviewer]);
    const vc = await annotationProject("VCBENCH", items(1), []);
    const get = await call(getWorkflow, `/api/projects/${projectId}/workflow`, { as: admin, params: { projectId } });
    expect(get.json.workflow).toEqual({ activities: ["qa_verification"], mode: "prefill", annotationsPerItem: 1, annotatorIds: null, expertSamplePercent: 0 });
    const vcGet = await call(getWorkflow, `/api/projects/${vc.projectId}/workflow`, { as: admin, params: { projectId: vc.projectId } });
    expect(vcGet.json.workflow).toMatchObject({ activities: ["events", "identities", "counts", "query_points"], mode: "blank" });

    const put = (json: unknown, as: TestUser = admin) => call(putWorkflow, `/api/projects/${projectId}/workflow`, { method: "PATCH", as, params: { projectId }, json });
    const ok = await put({ mode: "blank", annotationsPerItem: 2, annotatorIds: [a1.id] });
    expect(ok.status).toBe(200);
    expect(ok.json.workflow).toMatchObject({ mode: "blank", annotationsPerItem: 2, annotatorIds: [a1.id] });
    const bad = await put({ activities: ["evidence"], annotationsPerItem: 6 });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.map((d: { field: string }) => d.field)).toContain("annotationsPerItem");
    const kind = await put({ activities: ["evidence"] });
    expect(kind.status).toBe(400);
    expect(kind.json.error.details[0].field).toBe("activities.0");
    const who = await put({ annotatorIds: [reviewer.id] });
    expect(who.status).toBe(400);
    expect(who.json.error.details[0].field).toBe("annotatorIds.0");
    expect((await put({ mode: "prefill" }, reviewer)).status).toBe(403);
    expect((await put({ mode: "prefill" }, a1)).status).toBe(403);
    expect((await call(getWorkflow, `/api/projects/${projectId}/workflow`, { as: participant, params: { projectId } })).status).toBe(403);
    const stored = await db.project.findUniqueOrThrow({ where: { id: projectId } });
    expect((stored.settings as { workflow: unknown }).workflow).toMatchObject({ mode: "blank", annotationsPerItem: 2 });
  });
});

describe("creating tasks", () => {
  it("assigns all items round-robin to named annotators; running it again creates nothing new", async () => {
    const { projectId, itemIds } = await annotationProject("TOCBENCH", items(5), [a1, a2]);
    const res = await create(projectId, admin, { items: { all: true }, assignees: [a1.id, a2.id] });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ items: 5, created: 5, existing: 0, pooled: 0, byAssignee: { [a1.id]: 3, [a2.id]: 2 } });
    const tasks = await db.task.findMany({ where: { projectId }, orderBy: { createdAt: "asc" } });
    expect(tasks.every((t) => t.mode === "prefill" && t.kind === "ANNOTATE" && t.status === "OPEN" && t.assignedById === admin.id)).toBe(true);
    expect(new Set(tasks.map((t) => t.itemId))).toEqual(new Set(itemIds));
    const again = await create(projectId, admin, { items: { all: true }, assignees: [a1.id] });
    expect(again.json).toMatchObject({ created: 0, existing: 5 });
    expect(await db.task.count({ where: { projectId } })).toBe(5);
  });

  it("filtered items (the catalogue filter) or listed ids; removed items are left out; bad input is named", async () => {
    const { projectId, itemIds } = await annotationProject("TOCBENCH", items(6), [a1, a2]);
    await db.item.update({ where: { id: itemIds[0] }, data: { status: "REMOVED" } });
    const filtered = await create(projectId, admin, { items: { filter: "format=numerical" }, assignees: [] });
    expect(filtered.json).toMatchObject({ items: 2, created: 2, pooled: 2 });
    const byLabel = await create(projectId, admin, { items: { filter: "label.dim=count" }, assignees: [a1.id] });
    expect(byLabel.json).toMatchObject({ items: 1, created: 1 });
    const ids = await create(projectId, admin, { items: { ids: [itemIds[1], itemIds[5]] }, assignees: [a2.id] });
    expect(ids.json).toMatchObject({ items: 2, created: 2 });
    const unknownItem = await create(projectId, admin, { items: { ids: ["nope"] }, assignees: [] });
    expect(unknownItem.status).toBe(400);
    expect(unknownItem.json.error.details[0].field).toBe("items.ids.0");
    const badFilter = await create(projectId, admin, { items: { filter: "status=GONE" }, assignees: [] });
    expect(badFilter.status).toBe(400);
    expect(badFilter.json.error.details[0].field).toBe("items.filter.status");
    const notMember = await create(projectId, admin, { items: { all: true }, assignees: [outsider.id] });
    expect(notMember.status).toBe(400);
    expect(notMember.json.error.details[0].field).toBe("assignees.0");
    const total = await db.task.count({ where: { projectId } });
    expect(total).toBe(5);
  });

  it("two annotations per item: never the same person twice on one item", async () => {
    const { projectId } = await annotationProject("VSTAT", items(4), [a1, a2, a3]);
    await call(putWorkflow, `/api/projects/${projectId}/workflow`, { method: "PATCH", as: admin, params: { projectId }, json: { annotationsPerItem: 2 } });
    const tooFew = await create(projectId, admin, { items: { all: true }, assignees: [a1.id] });
    expect(tooFew.status).toBe(400);
    const res = await create(projectId, admin, { items: { all: true }, assignees: [a1.id, a2.id, a3.id] });
    expect(res.json).toMatchObject({ created: 8 });
    const tasks = await db.task.findMany({ where: { projectId } });
    const byItem = new Map<string, string[]>();
    for (const t of tasks) byItem.set(t.itemId, [...(byItem.get(t.itemId) ?? []), t.userId!]);
    for (const users of byItem.values()) expect(new Set(users).size).toBe(2);
  });

  it("only admins create tasks or see progress; non-members get 404", async () => {
    const { projectId } = await annotationProject("TOCBENCH", items(1), [a1, reviewer]);
    expect((await create(projectId, a1, { items: { all: true } })).status).toBe(403);
    expect((await create(projectId, reviewer, { items: { all: true } })).status).toBe(403);
    expect((await create(projectId, participant, { items: { all: true } })).status).toBe(403);
    expect((await create(projectId, null, { items: { all: true } })).status).toBe(401);
    expect((await progress(projectId, a1)).status).toBe(403);
    expect((await progress(projectId, admin)).status).toBe(200);
    expect((await create("no-such-project", admin, { items: { all: true } })).status).toBe(404);
  });
});

describe("claiming, skipping, progress", () => {
  it("Start next takes the caller's assigned task first, then the pool; skip with a reason; progress per annotator", async () => {
    const { projectId } = await annotationProject("TOCBENCH", items(4), [a1, a2]);
    await create(projectId, admin, { items: { ids: [(await db.item.findFirstOrThrow({ where: { projectId, externalId: "q0" } })).id] }, assignees: [a1.id] });
    await create(projectId, admin, { items: { all: true }, assignees: [] });
    const first = await next(a1, { projectId });
    expect(first.json).toMatchObject({ claimed: "assigned" });
    const firstTask = await db.task.findUniqueOrThrow({ where: { id: first.json.taskId }, include: { item: true } });
    expect(firstTask).toMatchObject({ userId: a1.id, status: "IN_PROGRESS" });
    expect(firstTask.item.externalId).toBe("q0");
    const second = await next(a1, { projectId });
    expect(second.json.claimed).toBe("pool");
    expect((await db.task.findUniqueOrThrow({ where: { id: second.json.taskId } })).userId).toBe(a1.id);

    const noReason = await call(skipRoute, `/api/tasks/${second.json.taskId}/skip`, { as: a1, params: { taskId: second.json.taskId }, json: { reason: " " } });
    expect(noReason.status).toBe(400);
    expect(noReason.json.error.details[0].field).toBe("reason");
    expect((await call(skipRoute, `/api/tasks/${second.json.taskId}/skip`, { as: a2, params: { taskId: second.json.taskId }, json: { reason: "not mine" } })).status).toBe(404);
    const skipped = await call(skipRoute, `/api/tasks/${second.json.taskId}/skip`, { as: a1, params: { taskId: second.json.taskId }, json: { reason: "Video does not load" } });
    expect(skipped.status).toBe(200);
    expect(await db.task.findUniqueOrThrow({ where: { id: second.json.taskId } })).toMatchObject({ status: "SKIPPED", skipReason: "Video does not load" });

    const queue = await call(myTasks, "/api/me/tasks", { as: a1 });
    const here = queue.json.tasks.filter((t: { project: { id: string } }) => t.project.id === projectId);
    expect(here.map((t: { status: string }) => t.status)).toEqual(["IN_PROGRESS", "SKIPPED"]);
    expect(here[0]).toMatchObject({ kind: "ANNOTATE", item: { externalId: "q0" }, timeSpentMs: 0 });
    expect(here[1]).toMatchObject({ skipReason: "Video does not load" });
    expect(queue.json.pool.filter((p: { projectId: string }) => p.projectId === projectId)).toEqual([{ projectId, projectName: expect.any(String), open: 2 }]);

    const p = await progress(projectId, admin);
    const row = (id: string | null) => p.json.rows.find((r: { userId: string | null }) => r.userId === id);
    expect(row(a1.id)).toMatchObject({ inProgress: 1, skipped: 1, open: 0, submitted: 0, total: 2, name: "A One" });
    expect(row(a2.id)).toMatchObject({ total: 0 });
    expect(row(null)).toMatchObject({ open: 2, name: "Pool" });

    const listed = await call(listTasksRoute, `/api/projects/${projectId}/tasks`, { as: admin, params: { projectId }, query: { status: "SKIPPED" } });
    expect(listed.json).toMatchObject({ total: 1, tasks: [{ id: second.json.taskId, skipReason: "Video does not load", user: { id: a1.id, name: "A One" } }] });
    const pooled = await call(listTasksRoute, `/api/projects/${projectId}/tasks`, { as: admin, params: { projectId }, query: { user: "pool" } });
    expect(pooled.json.total).toBe(2);
    expect((await call(listTasksRoute, `/api/projects/${projectId}/tasks`, { as: admin, params: { projectId }, query: { status: "DONE" } })).status).toBe(400);
    expect((await call(listTasksRoute, `/api/projects/${projectId}/tasks`, { as: a1, params: { projectId } })).status).toBe(403);

    // The admin puts the skipped task back into the pool.
    const back = await call(reassignRoute, `/api/tasks/${second.json.taskId}`, { method: "PATCH", as: admin, params: { taskId: second.json.taskId }, json: { userId: null } });
    expect(back.status).toBe(200);
    expect(await db.task.findUniqueOrThrow({ where: { id: second.json.taskId } })).toMatchObject({ userId: null, status: "OPEN", skipReason: null });
    expect((await call(reassignRoute, `/api/tasks/${second.json.taskId}`, { method: "PATCH", as: a1, params: { taskId: second.json.taskId }, json: { userId: a1.id } })).status).toBe(403);
  });

  it("a pooled task answers 409 until claimed; outsiders cannot claim", async () => {
    const { projectId } = await annotationProject("TOCBENCH", items(1), [a1, a2]);
    await create(projectId, admin, { items: { all: true }, assignees: [] });
    const task = await db.task.findFirstOrThrow({ where: { projectId } });
    expect((await call(claimRoute, `/api/tasks/${task.id}/claim`, { as: outsider, params: { taskId: task.id } })).status).toBe(404);
    expect((await call(claimRoute, `/api/tasks/${task.id}/claim`, { as: a1, params: { taskId: task.id } })).status).toBe(200);
    const taken = await call(claimRoute, `/api/tasks/${task.id}/claim`, { as: a2, params: { taskId: task.id } });
    expect(taken.status).toBe(409);
    expect(taken.json.error.code).toBe("task_taken");
    expect((await next(outsider)).json.taskId).toBeNull();
    expect((await next(participant)).status).toBe(403);
  });

  it("concurrent Start next: every pooled task goes to exactly one annotator", async () => {
    const annotators = [a1, a2, a3, ...(await Promise.all(Array.from({ length: 9 }, () => createTestUser({ role: "ANNOTATOR" }))))];
    const { projectId } = await annotationProject("TOCBENCH", items(8), annotators);
    await create(projectId, admin, { items: { all: true }, assignees: [] });
    const results = await Promise.all(annotators.flatMap((u) => [next(u, { projectId }), next(u, { projectId })]));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const claimed = results.map((r) => r.json.taskId).filter((x): x is string => !!x);
    expect(claimed).toHaveLength(8);
    expect(new Set(claimed).size).toBe(8);
    const tasks = await db.task.findMany({ where: { projectId } });
    expect(tasks.every((t) => t.userId && t.status === "IN_PROGRESS")).toBe(true);
  });

  it("two passes of one pooled item never go to the same annotator, even clicking twice at once", async () => {
    const { projectId } = await annotationProject("VSTAT", items(3), [a1, a2]);
    await call(putWorkflow, `/api/projects/${projectId}/workflow`, { method: "PATCH", as: admin, params: { projectId }, json: { annotationsPerItem: 2 } });
    await create(projectId, admin, { items: { all: true }, assignees: [] });
    const results = await Promise.all([a1, a1, a1, a1, a2, a2, a2, a2].map((u) => next(u, { projectId })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const tasks = await db.task.findMany({ where: { projectId, userId: { not: null } } });
    const seen = new Set<string>();
    for (const t of tasks) {
      const key = `${t.itemId}:${t.userId}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    expect(tasks.length).toBe(6);
  });

  it("a member removed from the project no longer reaches its tasks", async () => {
    const leaver = await createTestUser({ role: "ANNOTATOR" });
    const { projectId } = await annotationProject("TOCBENCH", items(1), [leaver]);
    await create(projectId, admin, { items: { all: true }, assignees: [leaver.id] });
    await db.projectMember.delete({ where: { projectId_userId: { projectId, userId: leaver.id } } });
    expect((await call(myTasks, "/api/me/tasks", { as: leaver })).json.tasks).toEqual([]);
    expect((await next(leaver)).json.taskId).toBeNull();
    await addMembers(projectId, leaver);
    expect((await next(leaver)).json.taskId).toBeTruthy();
  });
});
