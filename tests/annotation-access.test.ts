import { db } from "@/tests/support/test-db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getTask } from "@/app/api/annotate/tasks/[taskId]/route";
import { PUT as putAnnotation } from "@/app/api/annotations/[id]/route";
import { POST as reopenRoute } from "@/app/api/annotations/[id]/reopen/route";
import { POST as restoreRoute } from "@/app/api/annotations/[id]/restore/route";
import { GET as revisionRoute } from "@/app/api/annotations/[id]/revisions/[version]/route";
import { GET as revisionsRoute } from "@/app/api/annotations/[id]/revisions/route";
import { POST as submitRoute } from "@/app/api/annotations/[id]/submit/route";
import { GET as myTasks } from "@/app/api/me/tasks/route";
import { POST as nextTask } from "@/app/api/me/tasks/next/route";
import { POST as createTasks } from "@/app/api/projects/[projectId]/tasks/route";
import { GET as progress } from "@/app/api/projects/[projectId]/tasks/progress/route";
import { GET as getWorkflow, PATCH as patchWorkflow } from "@/app/api/projects/[projectId]/workflow/route";
import { POST as claimRoute } from "@/app/api/tasks/[taskId]/claim/route";
import { PATCH as reassignRoute } from "@/app/api/tasks/[taskId]/route";
import { POST as skipRoute } from "@/app/api/tasks/[taskId]/skip/route";
import { removeTempDir } from "@/lib/video/video-test-fixtures";
import { call, type CallResult } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject, annotationVideos, makeTask, saveId, type AnnotationVideos } from "./annotation-helpers";

// Role × route: every annotation and task route called by an admin, the task's annotator, another
// annotator of the project, a reviewer of the project, an annotator of another project only, a
// participant and a signed-out caller: the status of each, and that truth reaches only the
// contexts docs/access.md allows (planted strings in the items' truth).

const PLANTED = "ZQ-ANNOT-TRUTH-61820";
type Who = "admin" | "assignee" | "otherAnnotator" | "reviewer" | "outsider" | "participant" | "anonymous";
const WHO: Who[] = ["admin", "assignee", "otherAnnotator", "reviewer", "outsider", "participant", "anonymous"];

let videos: AnnotationVideos;
const users = {} as Record<Exclude<Who, "anonymous">, TestUser>;
let projectId = "";
let blankTask = "";
let prefillTask = "";
let poolTask = "";
let annotationId = "";

const as = (w: Who) => (w === "anonymous" ? null : users[w]);

beforeAll(async () => {
  videos = await annotationVideos();
  users.admin = await createTestUser({ role: "ADMIN" });
  users.assignee = await createTestUser({ role: "ANNOTATOR" });
  users.otherAnnotator = await createTestUser({ role: "ANNOTATOR" });
  users.reviewer = await createTestUser({ role: "REVIEWER" });
  users.outsider = await createTestUser({ role: "ANNOTATOR" });
  users.participant = await createTestUser({ role: "PARTICIPANT" });
  const p = await annotationProject(
    "ECBENCH",
    ["blank", "prefill", "pool"].map((id) => ({ externalId: id, format: "counting", videoId: videos.cfr, truth: { answer: PLANTED, source: { note: PLANTED } } })),
    [users.assignee, users.otherAnnotator, users.reviewer],
  );
  projectId = p.projectId;
  const elsewhere = await annotationProject("ECBENCH", [{ externalId: "x", format: "counting" }], []);
  await addMembers(elsewhere.projectId, users.outsider);
  blankTask = await makeTask(projectId, p.itemIds[0], users.assignee.id, "blank");
  prefillTask = await makeTask(projectId, p.itemIds[1], users.assignee.id, "prefill");
  poolTask = await makeTask(projectId, p.itemIds[2], null, "blank");
  annotationId = (await call(getTask, `/api/annotate/tasks/${blankTask}`, { as: users.assignee, params: { taskId: blankTask } })).json.annotation.id;
}, 120_000);

afterAll(async () => {
  if (videos) await removeTempDir(videos.dir);
});

async function matrix(run: (w: Who) => Promise<CallResult>): Promise<Record<Who, number>> {
  const out = {} as Record<Who, number>;
  for (const w of WHO) out[w] = (await run(w)).status;
  return out;
}

const currentVersion = async () => (await db.annotation.findUniqueOrThrow({ where: { id: annotationId } })).version;

describe("role × route", () => {
  it("GET /api/annotate/tasks/:taskId", async () => {
    expect(await matrix((w) => call(getTask, `/api/annotate/tasks/${blankTask}`, { as: as(w), params: { taskId: blankTask } }))).toEqual({
      admin: 200, assignee: 200, otherAnnotator: 404, reviewer: 404, outsider: 404, participant: 403, anonymous: 401,
    });
    // A pooled task is claimed first.
    expect((await call(getTask, `/api/annotate/tasks/${poolTask}`, { as: users.otherAnnotator, params: { taskId: poolTask } })).status).toBe(409);
  });

  it("truth: never for a blank task (not even admins), for a prefill task only to its annotator and admins", async () => {
    for (const w of ["admin", "assignee"] as const) {
      const blank = await call(getTask, `/api/annotate/tasks/${blankTask}`, { as: users[w], params: { taskId: blankTask } });
      expect(blank.text).not.toContain(PLANTED);
      expect(blank.json.shownTruth).toBeNull();
      const pre = await call(getTask, `/api/annotate/tasks/${prefillTask}`, { as: users[w], params: { taskId: prefillTask } });
      expect(pre.status).toBe(200);
      expect(pre.json.shownTruth.answer).toBe(PLANTED);
    }
    for (const w of ["otherAnnotator", "reviewer", "outsider"] as const) {
      const pre = await call(getTask, `/api/annotate/tasks/${prefillTask}`, { as: users[w], params: { taskId: prefillTask } });
      expect(pre.status).toBe(404);
      expect(pre.text).not.toContain(PLANTED);
    }
  });

  it("PUT /api/annotations/:id, submit, restore: the author only", async () => {
    const doc = { benchmark: "ECBENCH", v: 1 };
    expect(
      await matrix(async (w) => call(putAnnotation, `/api/annotations/${annotationId}`, { method: "PUT", as: as(w), params: { id: annotationId }, json: { baseVersion: await currentVersion(), clientSaveId: saveId(), data: doc } })),
    ).toEqual({ admin: 403, assignee: 200, otherAnnotator: 404, reviewer: 404, outsider: 404, participant: 403, anonymous: 401 });
    expect(
      await matrix(async (w) => call(submitRoute, `/api/annotations/${annotationId}/submit`, { as: as(w), params: { id: annotationId }, json: { baseVersion: await currentVersion() } })),
    ).toEqual({ admin: 403, assignee: 422, otherAnnotator: 404, reviewer: 404, outsider: 404, participant: 403, anonymous: 401 });
    expect(
      await matrix(async (w) =>
        call(restoreRoute, `/api/annotations/${annotationId}/restore`, { as: as(w), params: { id: annotationId }, json: { revision: 1, baseVersion: await currentVersion(), clientSaveId: saveId() } }),
      ),
    ).toEqual({ admin: 403, assignee: 200, otherAnnotator: 404, reviewer: 404, outsider: 404, participant: 403, anonymous: 401 });
  });

  it("history: the author and admins; reopen: admins", async () => {
    expect(await matrix((w) => call(revisionsRoute, `/api/annotations/${annotationId}/revisions`, { as: as(w), params: { id: annotationId } }))).toEqual({
      admin: 200, assignee: 200, otherAnnotator: 404, reviewer: 404, outsider: 404, participant: 403, anonymous: 401,
    });
    expect(await matrix((w) => call(revisionRoute, `/api/annotations/${annotationId}/revisions/1`, { as: as(w), params: { id: annotationId, version: "1" } }))).toEqual({
      admin: 200, assignee: 200, otherAnnotator: 404, reviewer: 404, outsider: 404, participant: 403, anonymous: 401,
    });
    await db.annotation.update({ where: { id: annotationId }, data: { status: "SUBMITTED" } });
    expect(await matrix((w) => call(reopenRoute, `/api/annotations/${annotationId}/reopen`, { as: as(w), params: { id: annotationId } }))).toEqual({
      admin: 200, assignee: 403, otherAnnotator: 403, reviewer: 403, outsider: 403, participant: 403, anonymous: 401,
    });
  });

  it("queue and claiming: staff; participants never", async () => {
    expect(await matrix((w) => call(myTasks, "/api/me/tasks", { as: as(w) }))).toEqual({
      admin: 200, assignee: 200, otherAnnotator: 200, reviewer: 200, outsider: 200, participant: 403, anonymous: 401,
    });
    const other = await call(myTasks, "/api/me/tasks", { as: users.otherAnnotator });
    expect(other.json.tasks).toEqual([]);
    expect(other.text).not.toContain(PLANTED);
    expect(await matrix((w) => call(claimRoute, `/api/tasks/${poolTask}/claim`, { as: as(w), params: { taskId: poolTask } }))).toEqual({
      admin: 404, assignee: 200, otherAnnotator: 409, reviewer: 404, outsider: 404, participant: 403, anonymous: 401,
    });
    expect((await call(nextTask, "/api/me/tasks/next", { as: users.participant, json: {} })).status).toBe(403);
    expect((await call(nextTask, "/api/me/tasks/next", { as: null, json: {} })).status).toBe(401);
    expect((await call(nextTask, "/api/me/tasks/next", { as: users.outsider, json: { projectId } })).status).toBe(404);
  });

  it("skip: the task's annotator; reassign: admins", async () => {
    expect(await matrix((w) => call(skipRoute, `/api/tasks/${prefillTask}/skip`, { as: as(w), params: { taskId: prefillTask }, json: { reason: "cannot see the objects" } }))).toEqual({
      admin: 403, assignee: 200, otherAnnotator: 404, reviewer: 404, outsider: 404, participant: 403, anonymous: 401,
    });
    expect(
      await matrix((w) => call(reassignRoute, `/api/tasks/${prefillTask}`, { method: "PATCH", as: as(w), params: { taskId: prefillTask }, json: { userId: users.otherAnnotator.id } })),
    ).toEqual({ admin: 200, assignee: 403, otherAnnotator: 403, reviewer: 403, outsider: 403, participant: 403, anonymous: 401 });
  });

  it("project task routes: admins only", async () => {
    const params = { projectId };
    expect(await matrix((w) => call(createTasks, `/api/projects/${projectId}/tasks`, { as: as(w), params, json: { items: { all: true } } }))).toEqual({
      admin: 201, assignee: 403, otherAnnotator: 403, reviewer: 403, outsider: 403, participant: 403, anonymous: 401,
    });
    expect(await matrix((w) => call(progress, `/api/projects/${projectId}/tasks/progress`, { as: as(w), params }))).toEqual({
      admin: 200, assignee: 403, otherAnnotator: 403, reviewer: 403, outsider: 403, participant: 403, anonymous: 401,
    });
    expect(await matrix((w) => call(getWorkflow, `/api/projects/${projectId}/workflow`, { as: as(w), params }))).toEqual({
      admin: 200, assignee: 403, otherAnnotator: 403, reviewer: 403, outsider: 403, participant: 403, anonymous: 401,
    });
    expect(await matrix((w) => call(patchWorkflow, `/api/projects/${projectId}/workflow`, { method: "PATCH", as: as(w), params, json: { mode: "blank" } }))).toEqual({
      admin: 200, assignee: 403, otherAnnotator: 403, reviewer: 403, outsider: 403, participant: 403, anonymous: 401,
    });
  });
});
