import { db } from "@/tests/support/test-db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getTask } from "@/app/api/annotate/tasks/[taskId]/route";
import { PUT as putAnnotation } from "@/app/api/annotations/[id]/route";
import { PATCH as reassignRoute } from "@/app/api/tasks/[taskId]/route";
import { removeTempDir } from "@/lib/video/video-test-fixtures";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject, annotationVideos, makeTask, saveId, type AnnotationVideos } from "./annotation-helpers";

let videos: AnnotationVideos;
let admin: TestUser;
let ann: TestUser;
let other: TestUser;
let reviewer: TestUser;
let participant: TestUser;
let vcTask = "";
let vcProject = "";
let offsetTask = "";
let ecBlankTask = "";
let ecPrefillTask = "";
const PLANTED = "ZQ-TRUTH-ANNOT-4417";

beforeAll(async () => {
  videos = await annotationVideos();
  admin = await createTestUser({ role: "ADMIN" });
  ann = await createTestUser({ role: "ANNOTATOR", name: "Ann One" });
  other = await createTestUser({ role: "ANNOTATOR" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  participant = await createTestUser({ role: "PARTICIPANT" });
  const vc = await annotationProject(
    "VCBENCH",
    [
      { externalId: "e1", labels: { subtype: "E1-Action" }, videoId: videos.cfr, truth: { answer: [1, 2], source: { occurrence_times: [0.2, 0.6], note: PLANTED } }, queryTimes: [0.5, 0.9] },
      { externalId: "e1-offset", labels: { subtype: "E1-Action" }, videoId: videos.offset, truth: { answer: [1], source: { occurrence_times: [0.2] } }, queryTimes: [0.4] },
    ],
    [ann, other, reviewer],
  );
  vcProject = vc.projectId;
  vcTask = await makeTask(vc.projectId, vc.itemIds[0], ann.id, "blank");
  offsetTask = await makeTask(vc.projectId, vc.itemIds[1], ann.id, "blank");
  const ec = await annotationProject(
    "ECBENCH",
    [
      { externalId: "ec1", format: "counting", videoId: videos.cfr, truth: { answer: "3", source: { note: PLANTED } }, spans: [[0, 0.5]] },
      { externalId: "ec2", format: "counting", videoId: videos.cfr, truth: { answer: "4", source: { note: PLANTED } } },
    ],
    [ann],
  );
  ecPrefillTask = await makeTask(ec.projectId, ec.itemIds[0], ann.id, "prefill");
  ecBlankTask = await makeTask(ec.projectId, ec.itemIds[1], ann.id, "blank");
}, 120_000);

afterAll(async () => {
  if (videos) await removeTempDir(videos.dir);
});

const open = (taskId: string, as: TestUser | null) => call(getTask, `/api/annotate/tasks/${taskId}`, { as, params: { taskId } });
const save = (id: string, as: TestUser | null, json: unknown) => call(putAnnotation, `/api/annotations/${id}`, { method: "PUT", as, params: { id }, json });
const ft = (frame: number, fps = 30) => ({ frame, sec: frame / fps });

describe("GET /api/annotate/tasks/:taskId", () => {
  it("gives the annotator the whole workspace: task, item, video timing, their annotation (created at version 1); blank mode sends no truth", async () => {
    const res = await open(vcTask, ann);
    expect(res.status).toBe(200);
    expect(res.json.task).toMatchObject({ id: vcTask, kind: "ANNOTATE", status: "IN_PROGRESS", mode: "blank", round: 1, projectId: vcProject, timeSpentMs: 0 });
    expect(res.json.item).toMatchObject({ externalId: "e1", benchmark: "VCBENCH", labels: { subtype: "E1-Action" }, queryPoints: [0.5, 0.9] });
    expect(res.json.video).toMatchObject({ id: videos.cfr, frameCount: 30, fps: 30, mediaTimeOffset: 0, src: `/api/media/${videos.cfr}`, ptsUrl: `/api/videos/${videos.cfr}/pts` });
    expect(res.json.shownTruth).toBeNull();
    expect(res.json.annotation).toMatchObject({ version: 1, status: "DRAFT" });
    expect(res.json.annotation.data).toMatchObject({ benchmark: "VCBENCH", subtype: "E1-Action", moments: [] });
    expect(res.json.annotation.data.queryPoints.map((q: { at: { frame: number } }) => q.at.frame)).toEqual([15, 27]);
    expect(res.json.readOnly).toBe(false);
    expect(res.text).not.toContain(PLANTED);
    // A second open returns the same annotation (no second one).
    const again = await open(vcTask, ann);
    expect(again.json.annotation.id).toBe(res.json.annotation.id);
    expect(await db.annotation.count({ where: { taskId: vcTask } })).toBe(1);
    expect(await db.annotationRevision.count({ where: { annotationId: res.json.annotation.id } })).toBe(1);
  });

  it("prefill shows the generated truth and starts the document from it; blank never does", async () => {
    const pre = await open(ecPrefillTask, ann);
    expect(pre.status).toBe(200);
    expect(pre.json.task.mode).toBe("prefill");
    expect(pre.json.shownTruth).toMatchObject({ answer: "3", source: { note: PLANTED } });
    expect(pre.json.annotation.data).toMatchObject({ benchmark: "ECBENCH", answer: "3", evidence: [{ start: { frame: 0, sec: 0 }, end: { frame: 29 } }] });
    const blank = await open(ecBlankTask, ann);
    expect(blank.json.shownTruth).toBeNull();
    expect(blank.json.annotation.data.answer).toBe("");
    expect(blank.text).not.toContain(PLANTED);
  });

  it("admins see any task read-only; others' tasks, participants and strangers do not", async () => {
    const asAdmin = await open(vcTask, admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json.readOnly).toBe(true);
    expect(asAdmin.json.shownTruth).toBeNull();
    expect((await open(vcTask, other)).status).toBe(404);
    expect((await open(vcTask, reviewer)).status).toBe(404);
    expect((await open(vcTask, participant)).status).toBe(403);
    expect((await open(vcTask, null)).status).toBe(401);
    expect((await open("nope", ann)).status).toBe(404);
  });
});

describe("PUT /api/annotations/:id (autosave)", () => {
  let annotationId = "";
  let base: Record<string, unknown>;
  beforeAll(async () => {
    const res = await open(vcTask, ann);
    annotationId = res.json.annotation.id;
    base = res.json.annotation.data;
  });

  it("stores a new version with its revision (based-on version, client save id, summary); a legacy elapsedMs is accepted and ignored", async () => {
    const clientSaveId = saveId();
    const data = { ...base, moments: [{ id: "m1", at: ft(6), label: "", comment: "" }] };
    // Saves queued in a browser before time on task moved to activity reports still carry elapsedMs.
    const res = await save(annotationId, ann, { baseVersion: 1, clientSaveId, data, elapsedMs: 1500 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ version: 2, replayed: false });
    const row = await db.annotation.findUniqueOrThrow({ where: { id: annotationId } });
    expect(row.version).toBe(2);
    expect((row.data as { moments: unknown[] }).moments).toHaveLength(1);
    const rev = await db.annotationRevision.findUniqueOrThrow({ where: { annotationId_version: { annotationId, version: 2 } } });
    expect(rev).toMatchObject({ baseVersion: 1, clientSaveId, action: "save", summary: "+1 occurrence", authorId: ann.id });
    // Time on task has one writer, the activity reports (tests/task-activity.test.ts): a save adds nothing.
    expect((await db.task.findUniqueOrThrow({ where: { id: vcTask } })).timeSpentMs).toBe(0);
  });

  it("a retried save (same client save id) is applied once", async () => {
    const clientSaveId = saveId();
    const data = { ...base, moments: [{ id: "m1", at: ft(6), label: "", comment: "" }, { id: "m2", at: ft(9), label: "", comment: "" }] };
    const first = await save(annotationId, ann, { baseVersion: 2, clientSaveId, data });
    expect(first.json).toMatchObject({ version: 3, replayed: false });
    const retry = await save(annotationId, ann, { baseVersion: 2, clientSaveId, data });
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ version: 3, replayed: true });
    expect(await db.annotationRevision.count({ where: { annotationId } })).toBe(3);
  });

  it("concurrent retries of one save still write it once", async () => {
    const clientSaveId = saveId();
    const data = { ...base, notes: "parallel" };
    const results = await Promise.all([1, 2, 3].map(() => save(annotationId, ann, { baseVersion: 3, clientSaveId, data })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.json.version)).toEqual([4, 4, 4]);
    expect(results.filter((r) => !r.json.replayed)).toHaveLength(1);
    expect(await db.annotationRevision.count({ where: { annotationId } })).toBe(4);
  });

  it("a save based on an old version is a 409 version_conflict carrying the server's version", async () => {
    const res = await save(annotationId, ann, { baseVersion: 2, clientSaveId: saveId(), data: { ...base, notes: "from the other tab" } });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("version_conflict");
    expect(res.json.error.details.current).toMatchObject({ version: 4, authorName: "Ann One", data: { notes: "parallel" } });
    expect((await db.annotation.findUniqueOrThrow({ where: { id: annotationId } })).version).toBe(4);
  });

  it("refuses times outside the video, seconds that do not match the frame, an end before its start, a wrong subtype: 422 naming the field, nothing written", async () => {
    const cases: [unknown, string][] = [
      [{ ...base, moments: [{ id: "m1", at: { frame: 30, sec: 1 }, label: "", comment: "" }] }, "moments[0].at.frame"],
      [{ ...base, moments: [{ id: "m1", at: { frame: 6, sec: 0.3 }, label: "", comment: "" }] }, "moments[0].at.sec"],
      [{ ...base, subtype: "E2-Episode", occurrences: [{ id: "o1", start: ft(10), end: ft(4), label: "", comment: "", splits: [] }] }, "subtype"],
      [{ ...base, moments: [{ id: "m1", at: ft(1), label: "", comment: "" }, { id: "m1", at: ft(2), label: "", comment: "" }] }, "moments[1].id"],
    ];
    for (const [data, field] of cases) {
      const res = await save(annotationId, ann, { baseVersion: 4, clientSaveId: saveId(), data });
      expect(res.status, field).toBe(422);
      expect(res.json.error.code).toBe("invalid_document");
      expect(res.json.error.details.problems.map((p: { field: string }) => p.field)).toContain(field);
      expect(res.json.error.message).toContain(field);
    }
    const span = await save(annotationId, ann, {
      baseVersion: 4,
      clientSaveId: saveId(),
      data: { ...base, occurrences: [{ id: "o1", start: ft(10), end: ft(4), label: "", comment: "", splits: [] }] },
    });
    expect(span.status).toBe(422);
    expect(span.json.error.details.problems[0]).toMatchObject({ field: "occurrences[0].end" });
    const negative = await save(annotationId, ann, { baseVersion: 4, clientSaveId: saveId(), data: { ...base, queryPoints: [{ id: "q", at: ft(3), count: -1 }] } });
    expect(negative.status).toBe(400);
    expect(negative.json.error.details.map((d: { field: string }) => d.field)).toContain("data.queryPoints.0.count");
    expect((await db.annotation.findUniqueOrThrow({ where: { id: annotationId } })).version).toBe(4);
    expect(await db.annotationRevision.count({ where: { annotationId } })).toBe(4);
  });

  it("times on a video with a first-frame offset are seconds from the video's start", async () => {
    const opened = await open(offsetTask, ann);
    expect(opened.json.video).toMatchObject({ frameCount: 20, fps: 25 });
    expect(opened.json.annotation.data.queryPoints[0].at).toEqual({ frame: 10, sec: 0.4 });
    const id = opened.json.annotation.id;
    const ok = await save(id, ann, { baseVersion: 1, clientSaveId: saveId(), data: { ...opened.json.annotation.data, moments: [{ id: "m", at: { frame: 5, sec: 0.2 }, label: "", comment: "" }] } });
    expect(ok.status).toBe(200);
    const wrong = await save(id, ann, { baseVersion: 2, clientSaveId: saveId(), data: { ...opened.json.annotation.data, moments: [{ id: "m", at: { frame: 5, sec: 2.7 }, label: "", comment: "" }] } });
    expect(wrong.status).toBe(422);
  });

  it("only the author saves: another annotator 404, an admin 403, a participant 403, signed out 401", async () => {
    const body = { baseVersion: 4, clientSaveId: saveId(), data: base };
    expect((await save(annotationId, other, body)).status).toBe(404);
    expect((await save(annotationId, admin, body)).status).toBe(403);
    expect((await save(annotationId, participant, body)).status).toBe(403);
    expect((await save(annotationId, null, body)).status).toBe(401);
    expect((await db.annotation.findUniqueOrThrow({ where: { id: annotationId } })).version).toBe(4);
  });

  it("a submitted annotation is read-only: 409 annotation_submitted", async () => {
    await db.annotation.update({ where: { id: annotationId }, data: { status: "SUBMITTED" } });
    const res = await save(annotationId, ann, { baseVersion: 4, clientSaveId: saveId(), data: base });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("annotation_submitted");
    expect((await open(vcTask, ann)).json.readOnly).toBe(true);
    await db.annotation.update({ where: { id: annotationId }, data: { status: "DRAFT" } });
  });

  it("after an admin reassigns the task, the old draft is read-only (409 task_reassigned) and the new annotator starts afresh", async () => {
    const reassigned = await call(reassignRoute, `/api/tasks/${vcTask}`, { method: "PATCH", as: admin, params: { taskId: vcTask }, json: { userId: other.id } });
    expect(reassigned.status).toBe(200);
    const stale = await save(annotationId, ann, { baseVersion: 4, clientSaveId: saveId(), data: base });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe("task_reassigned");
    expect((await open(vcTask, ann)).status).toBe(404);
    const fresh = await open(vcTask, other);
    expect(fresh.status).toBe(200);
    expect(fresh.json.annotation.id).not.toBe(annotationId);
    expect(fresh.json.annotation).toMatchObject({ version: 1, data: { moments: [] } });
    expect((await db.annotation.findUniqueOrThrow({ where: { id: annotationId } })).taskId).toBeNull();
  });
});
