import { db } from "@/tests/support/test-db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getTask } from "@/app/api/annotate/tasks/[taskId]/route";
import { PUT as putAnnotation } from "@/app/api/annotations/[id]/route";
import { POST as submitRoute } from "@/app/api/annotations/[id]/submit/route";
import { GET as myQualsRoute } from "@/app/api/me/qualifications/route";
import { POST as nextRoute } from "@/app/api/me/tasks/next/route";
import { GET as myTasksRoute } from "@/app/api/me/tasks/route";
import { DELETE as removeItemRoute } from "@/app/api/projects/[projectId]/gold-sets/[goldSetId]/items/[itemId]/route";
import { PATCH as patchGoldSet } from "@/app/api/projects/[projectId]/gold-sets/[goldSetId]/route";
import { GET as listGoldSets, POST as createGoldSet } from "@/app/api/projects/[projectId]/gold-sets/route";
import { GET as listAttempts, POST as startRoute } from "@/app/api/projects/[projectId]/qualifications/route";
import { POST as createTasksRoute } from "@/app/api/projects/[projectId]/tasks/route";
import { POST as allowRetryRoute } from "@/app/api/qualifications/[id]/allow-retry/route";
import { POST as claimRoute } from "@/app/api/tasks/[taskId]/claim/route";
import { PATCH as reassignRoute } from "@/app/api/tasks/[taskId]/route";
import { POST as skipRoute } from "@/app/api/tasks/[taskId]/skip/route";
import { submitAnnotation } from "@/lib/annotation/submit-annotation";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { removeTempDir } from "@/lib/video/video-test-fixtures";
import { annotationProject, annotationVideos, makeTask, saveId, type AnnotationVideos } from "./annotation-helpers";

/**
 * Qualification (issue 12): gold sets, attempts as QUALIFY tasks in the normal workspace (gold truth
 * never sent), scoring on the last submit, gating of claim / assignment / workspace, retry only
 * after an admin allows it. TOC-Bench items: the gold decision of an item with truth is `keep`.
 */
const SECRET = "gold-secret-7f3a";
const mcq = (id: string) => ({ externalId: id, format: "mcq_4", presentation: { options: ["a", "b", "c", "d"] }, truth: { answer: "B", source: { rationale: `${SECRET}-${id}` } } });

let admin: TestUser;
let reviewer: TestUser;
let ann: TestUser;
let ann2: TestUser;
let projectId = "";
let itemIds: string[] = [];
let goldSetId = "";

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  ann = await createTestUser({ role: "ANNOTATOR", name: "Quinn Qualify" });
  ann2 = await createTestUser({ role: "ANNOTATOR", name: "Una Qualified" });
  const p = await annotationProject("TOCBENCH", [mcq("g1"), mcq("g2"), mcq("g3"), mcq("real1"), { ...mcq("notruth"), truth: undefined }], [ann, ann2, reviewer]);
  projectId = p.projectId;
  itemIds = p.itemIds;
});

const asParams = { projectId: "" };
const gold = (as: TestUser, json: unknown) => call(createGoldSet, `/api/projects/${projectId}/gold-sets`, { method: "POST", as, params: { ...asParams, projectId }, json });
const start = (as: TestUser) => call(startRoute, `/api/projects/${projectId}/qualifications`, { method: "POST", as, params: { projectId }, json: {} });
const open = (taskId: string, as: TestUser) => call(getTask, `/api/annotate/tasks/${taskId}`, { as, params: { taskId } });
const mine = (as: TestUser) => call(myQualsRoute, "/api/me/qualifications", { as });
const attempts = (as: TestUser) => call(listAttempts, `/api/projects/${projectId}/qualifications`, { as, params: { projectId } });

/** Opens the task, saves the decision, submits; returns the submit response. */
async function decide(taskId: string, as: TestUser, decision: Record<string, unknown>) {
  const opened = await open(taskId, as);
  expect(opened.status, opened.text).toBe(200);
  const id = opened.json.annotation.id as string;
  const saved = await call(putAnnotation, `/api/annotations/${id}`, { method: "PUT", as, params: { id }, json: { baseVersion: opened.json.annotation.version, clientSaveId: saveId(), data: { ...opened.json.annotation.data, ...decision } } });
  expect(saved.status, saved.text).toBe(200);
  return call(submitRoute, `/api/annotations/${id}/submit`, { as, params: { id }, json: { baseVersion: saved.json.version } });
}

describe("gold sets (admins)", () => {
  it("validates: name, threshold in 0..1, items of the project with truth; non-admins refused", async () => {
    const bad = await gold(admin, { name: " ", threshold: 1.5, itemIds: [] });
    expect(bad.status).toBe(400);
    const fields = (bad.json.error.details as { field?: string; path?: string }[]).map((d) => d.field ?? d.path);
    expect(fields.join(" ")).toMatch(/name/);
    expect(fields.join(" ")).toMatch(/threshold/);
    expect(fields.join(" ")).toMatch(/itemIds/);
    const noTruth = await gold(admin, { name: "Gold", itemIds: [itemIds[0], itemIds[4], "nope"] });
    expect(noTruth.status).toBe(400);
    expect(noTruth.json.error.message).toContain("itemIds.1: has no truth");
    expect(noTruth.json.error.message).toContain("itemIds.2: is not an item of this project");
    expect((await gold(reviewer, { name: "Gold", itemIds: [itemIds[0]] })).status).toBe(403);
    expect(await db.goldSet.count({ where: { projectId } })).toBe(0);
  });

  it("creates a set with the default threshold 0.8; lists candidates with truth; a duplicate name is 409", async () => {
    const res = await gold(admin, { name: "Gold A", itemIds: itemIds.slice(0, 3) });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ name: "Gold A", threshold: 0.8, items: [{ externalId: "g1" }, { externalId: "g2" }, { externalId: "g3" }], attempts: { total: 0, open: 0 } });
    goldSetId = res.json.id;
    expect((await gold(admin, { name: "Gold A", itemIds: [itemIds[0]] })).json.error.code).toBe("name_taken");
    const list = await call(listGoldSets, `/api/projects/${projectId}/gold-sets`, { as: admin, params: { projectId } });
    expect(list.json.goldSets).toHaveLength(1);
    expect(list.json.candidates.map((c: { externalId: string }) => c.externalId)).toEqual(["g1", "g2", "g3", "real1"]);
    const patched = await call(patchGoldSet, `/api/projects/${projectId}/gold-sets/${goldSetId}`, { method: "PATCH", as: admin, params: { projectId, goldSetId }, json: { threshold: -0.1 } });
    expect(patched.status).toBe(400);
    expect(patched.text).toContain("threshold");
  });
});

describe("gating before qualification", () => {
  let realTask = "";
  it("claim (Start next and Claim) refuses 403 not_qualified; the pooled real task stays in the pool", async () => {
    realTask = await makeTask(projectId, itemIds[3], null);
    const next = await call(nextRoute, "/api/me/tasks/next", { method: "POST", as: ann, json: { projectId } });
    expect(next.status).toBe(403);
    expect(next.json.error.code).toBe("not_qualified");
    const claim = await call(claimRoute, `/api/tasks/${realTask}/claim`, { method: "POST", as: ann, params: { taskId: realTask } });
    expect(claim.status).toBe(403);
    expect(claim.json.error.code).toBe("not_qualified");
    expect((await db.task.findUniqueOrThrow({ where: { id: realTask } })).userId).toBeNull();
    const queue = await call(myTasksRoute, "/api/me/tasks", { as: ann });
    expect(queue.json.pool).toEqual([]);
    expect((await call(myTasksRoute, "/api/me/tasks", { as: ann2 })).json.pool).toEqual([]);
  });

  it("assignment to a named unqualified annotator refuses naming them", async () => {
    const created = await call(createTasksRoute, `/api/projects/${projectId}/tasks`, { method: "POST", as: admin, params: { projectId }, json: { items: { ids: [itemIds[3]] }, assignees: [ann.id] } });
    expect(created.status).toBe(403);
    expect(created.json.error.code).toBe("not_qualified");
    expect(created.json.error.message).toContain("Quinn Qualify");
    const reassigned = await call(reassignRoute, `/api/tasks/${realTask}`, { method: "PATCH", as: admin, params: { taskId: realTask }, json: { userId: ann.id } });
    expect(reassigned.status).toBe(403);
    expect(reassigned.json.error.message).toContain("Quinn Qualify");
  });

  it("an already assigned real task does not open for work (workspace 403 not_qualified)", async () => {
    const assigned = await makeTask(projectId, itemIds[3], ann.id, "blank", 2);
    const res = await open(assigned, ann);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("not_qualified");
    expect(await db.annotation.count({ where: { taskId: assigned } })).toBe(0);
    await db.task.delete({ where: { id: assigned } });
  });
});

describe("an attempt", () => {
  let qualificationId = "";
  let taskIds: string[] = [];

  it("starts: one blank QUALIFY task per gold item, attempt 1; starting again resumes it", async () => {
    expect((await start(reviewer)).status).toBe(403);
    const res = await start(ann);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ attempt: 1, created: true });
    qualificationId = res.json.qualificationId;
    taskIds = res.json.taskIds;
    const tasks = await db.task.findMany({ where: { id: { in: taskIds } }, include: { item: true } });
    expect(tasks.map((t) => [t.kind, t.mode, t.round, t.userId, t.qualificationId]).sort()).toEqual(Array(3).fill(["QUALIFY", "blank", 1, ann.id, qualificationId]));
    expect(tasks.map((t) => t.item.externalId).sort()).toEqual(["g1", "g2", "g3"]);
    const again = await start(ann);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ qualificationId, created: false, taskIds });
    const removeOpen = await call(removeItemRoute, "/x", { method: "DELETE", as: admin, params: { projectId, goldSetId, itemId: itemIds[0] } });
    expect(removeOpen.status).toBe(409);
    expect(removeOpen.json.error.code).toBe("attempts_open");
  });

  it("Start next gives the QUALIFY task; its workspace payload carries no gold truth", async () => {
    const next = await call(nextRoute, "/api/me/tasks/next", { method: "POST", as: ann, json: { projectId } });
    expect(next.status, next.text).toBe(200);
    expect(taskIds).toContain(next.json.taskId);
    for (const t of taskIds) {
      const res = await open(t, ann);
      expect(res.status).toBe(200);
      expect(res.json.task.kind).toBe("QUALIFY");
      expect(res.json.shownTruth).toBeNull();
      expect(res.json.annotation.data.decision).toBeNull();
      expect(res.text).not.toContain(SECRET);
    }
    const skip = await call(skipRoute, `/api/tasks/${taskIds[0]}/skip`, { method: "POST", as: ann, params: { taskId: taskIds[0] }, json: { reason: "too hard" } });
    expect(skip.status).toBe(409);
    expect(skip.json.error.code).toBe("qualify_not_skippable");
    const q = await mine(ann);
    expect(q.json.qualifications).toEqual([expect.objectContaining({ projectId, state: "in_progress", threshold: 0.8, items: 3 })]);
    expect(q.text).not.toContain(SECRET);
  });

  it("fails when decisions disagree with the gold: figures stored, FAILED, annotator sees figures but no reasons", async () => {
    expect((await decide(taskIds[0], ann, { decision: "keep" })).status).toBe(200);
    expect((await decide(taskIds[1], ann, { decision: "remove", removalReason: "mismatch" })).status).toBe(200);
    expect((await db.qualification.findUniqueOrThrow({ where: { id: qualificationId } })).status).toBe("IN_PROGRESS");
    const last = await decide(taskIds[2], ann, { decision: "keep" });
    expect(last.status, last.text).toBe(200);
    expect(last.json.truthWritten).toBe(false);
    const row = await db.qualification.findUniqueOrThrow({ where: { id: qualificationId } });
    // Labels A: keep, remove, keep vs gold keep ×3: p_o = 2/3, p_e = 2/3 → κ = 0.
    expect(row).toMatchObject({ status: "FAILED", passed: false, kappa: 0 });
    expect(row.submittedAt).not.toBeNull();
    expect((row.details as { kinds: unknown[] }).kinds).toEqual([{ kind: "labels", kappa: 0, observedAgreement: 2 / 3, units: 3, passed: false }]);
    expect((await db.itemTruth.findUniqueOrThrow({ where: { itemId: itemIds[1] } })).answer).toBe("B");
    const q = await mine(ann);
    expect(q.json.qualifications[0]).toMatchObject({ state: "failed", attempt: { attempt: 1, status: "FAILED", figures: [{ kind: "labels", kappa: 0, passed: false }] } });
    expect(q.text).not.toContain("reasons");
    const list = await attempts(reviewer);
    expect(list.status).toBe(200);
    expect(list.json.attempts[0]).toMatchObject({ user: { id: ann.id }, attempt: 1, status: "FAILED", kappa: 0, items: 3, tasksSubmitted: 3, canAllowRetry: true, figures: [{ kind: "labels", kappa: 0 }] });
    expect(list.json.attempts[0].itemVerdicts.map((v: { verdict: string }) => v.verdict)).toEqual(["agreed", "disputed", "agreed"]);
    expect((await attempts(ann)).status).toBe(403);
    // Still gated.
    expect((await call(nextRoute, "/api/me/tasks/next", { method: "POST", as: ann, json: { projectId } })).json.error.code).toBe("not_qualified");
  });

  it("retry only after an admin allows it; attempt 2 passes and lifts the gate", async () => {
    const refused = await start(ann);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("retry_not_allowed");
    expect((await call(allowRetryRoute, `/api/qualifications/${qualificationId}/allow-retry`, { method: "POST", as: reviewer, params: { id: qualificationId } })).status).toBe(403);
    const allowed = await call(allowRetryRoute, `/api/qualifications/${qualificationId}/allow-retry`, { method: "POST", as: admin, params: { id: qualificationId } });
    expect(allowed.status, allowed.text).toBe(200);
    expect((await mine(ann)).json.qualifications[0].state).toBe("retry_allowed");
    const second = await start(ann);
    expect(second.status).toBe(201);
    expect(second.json.attempt).toBe(2);
    for (const t of second.json.taskIds as string[]) expect((await decide(t, ann, { decision: "keep" })).status).toBe(200);
    const row = await db.qualification.findUniqueOrThrow({ where: { id: second.json.qualificationId } });
    expect(row).toMatchObject({ status: "PASSED", passed: true, attempt: 2 });
    // Every gold decision is keep: kappa undefined (no variation), raw agreement perfect → passes.
    expect((row.details as { kinds: unknown[] }).kinds).toEqual([{ kind: "labels", kappa: null, observedAgreement: 1, units: 3, passed: true }]);
    expect((await mine(ann)).json.qualifications[0]).toMatchObject({ state: "passed", attempt: { attempt: 2, status: "PASSED" } });
    const allowPassed = await call(allowRetryRoute, `/api/qualifications/${row.id}/allow-retry`, { method: "POST", as: admin, params: { id: row.id } });
    expect(allowPassed.json.error.code).toBe("not_failed");
    expect((await start(ann)).json.error.code).toBe("already_qualified");
    expect((await call(myTasksRoute, "/api/me/tasks", { as: ann })).json.pool).toEqual([{ projectId, projectName: expect.any(String), open: 1 }]);
    const next = await call(nextRoute, "/api/me/tasks/next", { method: "POST", as: ann, json: { projectId } });
    expect(next.status, next.text).toBe(200);
    expect(next.json.taskId).toBeTruthy();
    expect((await db.task.findUniqueOrThrow({ where: { id: next.json.taskId } })).kind).toBe("ANNOTATE");
  });

  it("an attempt completed without the route's hook is scored when attempts are read (catch-up)", async () => {
    const started = await start(ann2);
    expect(started.status, started.text).toBe(201);
    for (const t of started.json.taskIds as string[]) {
      const opened = await open(t, ann2);
      const id = opened.json.annotation.id as string;
      const saved = await call(putAnnotation, `/api/annotations/${id}`, { method: "PUT", as: ann2, params: { id }, json: { baseVersion: opened.json.annotation.version, clientSaveId: saveId(), data: { ...opened.json.annotation.data, decision: "keep" } } });
      await submitAnnotation(ann2, id, saved.json.version);
    }
    expect((await db.qualification.findUniqueOrThrow({ where: { id: started.json.qualificationId } })).status).toBe("IN_PROGRESS");
    expect((await mine(ann2)).json.qualifications[0]).toMatchObject({ state: "passed", attempt: { status: "PASSED" } });
  });

  it("admins remove an item from a set once no attempt is open; not the last one", async () => {
    const res = await call(removeItemRoute, "/x", { method: "DELETE", as: admin, params: { projectId, goldSetId, itemId: itemIds[2] } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.items.map((i: { externalId: string }) => i.externalId)).toEqual(["g1", "g2"]);
  });
});

describe("timestamps (VCBench E1-Action): the gold truth becomes marks; binned kappa per kind", () => {
  let videos: AnnotationVideos;
  let vProject = "";
  const ft = (frame: number) => ({ frame, sec: Math.round((frame / 30) * 1e6) / 1e6 });

  beforeAll(async () => {
    videos = await annotationVideos();
    const item = (id: string, times: number[]) => ({
      externalId: id,
      labels: { subtype: "E1-Action", source_dataset: "demo" },
      videoId: videos.cfr,
      videoRef: "demo/cfr.mp4",
      truth: { answer: [1, 2, 2], source: { occurrence_times: times } },
      queryTimes: [0.2, 0.6, 0.9],
    });
    const p = await annotationProject("VCBENCH", [item("v1", [0.1, 0.5]), item("v2", [0.3])], [ann, ann2]);
    vProject = p.projectId;
    const res = await call(createGoldSet, `/api/projects/${vProject}/gold-sets`, { method: "POST", as: admin, params: { projectId: vProject }, json: { name: "Marks", threshold: 0.9, itemIds: p.itemIds } });
    expect(res.status, res.text).toBe(201);
  }, 120_000);

  afterAll(async () => {
    if (videos) await removeTempDir(videos.dir);
  });

  async function attemptWith(as: TestUser, marks: number[][]) {
    const started = await call(startRoute, `/api/projects/${vProject}/qualifications`, { method: "POST", as, params: { projectId: vProject }, json: {} });
    expect(started.status, started.text).toBe(201);
    const ids = started.json.taskIds as string[];
    for (const [i, t] of ids.entries()) {
      const opened = await open(t, as);
      expect(opened.json.annotation.data.moments).toEqual([]);
      expect(opened.json.shownTruth).toBeNull();
      const res = await decide(t, as, { moments: marks[i].map((f, j) => ({ id: `m${j}`, at: ft(f), label: "", comment: "" })) });
      expect(res.status, res.text).toBe(200);
    }
    return db.qualification.findUniqueOrThrow({ where: { id: started.json.qualificationId } });
  }

  it("marks on the gold frames pass with kappa 1 for timestamps", async () => {
    const q = await attemptWith(ann, [[3, 15], [9]]);
    expect(q.status).toBe("PASSED");
    const kinds = (q.details as { kinds: { kind: string; kappa: number | null; passed: boolean }[] }).kinds;
    expect(kinds.find((k) => k.kind === "timestamps")).toMatchObject({ kappa: 1, passed: true });
  });

  it("marks elsewhere fail: timestamps kappa below the set's threshold 0.9", async () => {
    const q = await attemptWith(ann2, [[3, 27], [9]]);
    expect(q.status).toBe("FAILED");
    const d = q.details as { threshold: number; kinds: { kind: string; kappa: number | null; passed: boolean }[] };
    expect(d.threshold).toBe(0.9);
    const ts = d.kinds.find((k) => k.kind === "timestamps")!;
    // 30 frames in bins of 5 → 6 bins per item, 12 in all; gold bins {0, 3} and {1}, annotator {0, 5} and {1}:
    // n11 = 2, n10 = 1 (gold only), n01 = 1, n00 = 8 → p_o = 10/12, p_e = (3·3 + 9·9)/144 = 90/144 → κ = (120 − 90)/(144 − 90) = 5/9.
    expect(ts.kappa).toBeCloseTo(5 / 9, 10);
    expect(ts.passed).toBe(false);
    expect(q.kappa).toBeLessThan(0.9);
  });
});
