import { db } from "@/tests/support/test-db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getTask } from "@/app/api/annotate/tasks/[taskId]/route";
import { PUT as putAnnotation } from "@/app/api/annotations/[id]/route";
import { POST as reopenRoute } from "@/app/api/annotations/[id]/reopen/route";
import { POST as restoreRoute } from "@/app/api/annotations/[id]/restore/route";
import { GET as revisionRoute } from "@/app/api/annotations/[id]/revisions/[version]/route";
import { GET as revisionsRoute } from "@/app/api/annotations/[id]/revisions/route";
import { POST as submitRoute } from "@/app/api/annotations/[id]/submit/route";
import { PATCH as putWorkflow } from "@/app/api/projects/[projectId]/workflow/route";
import { computeVcbenchAnswers } from "@/lib/annotation/vcbench-answers";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { removeTempDir } from "@/lib/video/video-test-fixtures";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject, annotationVideos, makeTask, saveId, type AnnotationVideos } from "./annotation-helpers";

let videos: AnnotationVideos;
let admin: TestUser;
let ann: TestUser;
let other: TestUser;

beforeAll(async () => {
  videos = await annotationVideos();
  admin = await createTestUser({ role: "ADMIN" });
  ann = await createTestUser({ role: "ANNOTATOR", name: "Sub Mitter" });
  other = await createTestUser({ role: "ANNOTATOR" });
}, 120_000);

afterAll(async () => {
  if (videos) await removeTempDir(videos.dir);
});

const ft = (frame: number) => ({ frame, sec: Math.round((frame / 30) * 1e6) / 1e6 });
const open = (taskId: string, as: TestUser = ann) => call(getTask, `/api/annotate/tasks/${taskId}`, { as, params: { taskId } });
const save = (id: string, baseVersion: number, data: unknown, as: TestUser = ann) =>
  call(putAnnotation, `/api/annotations/${id}`, { method: "PUT", as, params: { id }, json: { baseVersion, clientSaveId: saveId(), data } });
const submit = (id: string, baseVersion: number, as: TestUser = ann) => call(submitRoute, `/api/annotations/${id}/submit`, { as, params: { id }, json: { baseVersion } });

/** Opens the task, saves `data` on top of the opened document, returns the annotation id and version. */
async function prepare(taskId: string, edit: (doc: Record<string, unknown>) => Record<string, unknown>) {
  const opened = await open(taskId);
  expect(opened.status).toBe(200);
  const id = opened.json.annotation.id as string;
  const data = edit(opened.json.annotation.data);
  const saved = await save(id, opened.json.annotation.version, data);
  expect(saved.status, saved.text).toBe(200);
  return { id, version: saved.json.version as number, data };
}

describe("submit → the item's truth (VCBench)", () => {
  let projectId = "";
  let itemId = "";
  let taskId = "";
  let annotationId = "";

  beforeAll(async () => {
    const p = await annotationProject(
      "VCBENCH",
      [{ externalId: "q1", labels: { subtype: "E1-Action", source_dataset: "demo" }, videoId: videos.cfr, videoRef: "demo/cfr.mp4", truth: { answer: [9, 9], source: { occurrence_times: [0.9] } }, queryTimes: [0.5, 0.9] }],
      [ann, other],
    );
    projectId = p.projectId;
    itemId = p.itemIds[0];
    taskId = await makeTask(projectId, itemId, ann.id, "blank");
    await db.modelRun.create({ data: { projectId, name: "model-a", kind: "MODEL", status: "DONE", truthVersion: 0 } });
  });

  it("names what is missing (422 submit_problems); nothing is submitted", async () => {
    const { id, version } = await prepare(taskId, (d) => ({ ...d, queryPoints: [{ id: "a", at: ft(10), count: null }] }));
    annotationId = id;
    const res = await submit(id, version);
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("submit_problems");
    expect(res.json.error.details.problems).toEqual([{ field: "queryPoints", message: expect.stringContaining("3-8") }]);
    expect((await db.annotation.findUniqueOrThrow({ where: { id } })).status).toBe("DRAFT");
    expect((await db.itemTruth.findUniqueOrThrow({ where: { itemId } })).answer).toEqual([9, 9]);
  });

  it("writes counts computed with the scorer's rule, occurrence times, query points with frames, provenance; bumps the truth version; runs go stale", async () => {
    const before = await db.project.findUniqueOrThrow({ where: { id: projectId } });
    const opened = await open(taskId);
    const doc = {
      ...opened.json.annotation.data,
      moments: [
        { id: "m3", at: ft(20), label: "", comment: "" },
        { id: "m1", at: ft(3), label: "", comment: "" },
        { id: "m2", at: ft(12), label: "", comment: "" },
      ],
      queryPoints: [
        { id: "a", at: ft(5), count: null },
        { id: "b", at: ft(12), count: null },
        { id: "c", at: ft(25), count: null },
      ],
    };
    const saved = await save(annotationId, opened.json.annotation.version, doc);
    const res = await submit(annotationId, saved.json.version);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ version: saved.json.version + 1, truthWritten: true, truthChanged: true, projectTruthVersion: before.truthVersion + 1 });
    const expected = computeVcbenchAnswers(doc as VcbenchDocument).map((a) => a.answer);
    expect(expected).toEqual([1, 2, 3]);
    const truth = await db.itemTruth.findUniqueOrThrow({ where: { itemId } });
    expect(truth.answer).toEqual(expected);
    expect(truth.source).toEqual({ occurrence_times: [ft(3).sec, ft(12).sec, ft(20).sec] });
    expect(truth).toMatchObject({ annotationId, annotationVersion: res.json.version, annotatedById: ann.id, version: 2 });
    const qps = await db.queryPoint.findMany({ where: { itemId }, orderBy: { ordinal: "asc" } });
    expect(qps.map((q) => [q.timeSec, q.frameIndex])).toEqual([
      [ft(5).sec, 5],
      [ft(12).sec, 12],
      [ft(25).sec, 25],
    ]);
    expect((await db.task.findUniqueOrThrow({ where: { id: taskId } })).status).toBe("SUBMITTED");
    expect((await db.modelRun.findFirstOrThrow({ where: { projectId } })).stale).toBe(true);
    const rev = await db.itemRevision.findFirstOrThrow({ where: { itemId }, orderBy: { version: "desc" } });
    expect(rev).toMatchObject({ authorId: ann.id, reason: expect.stringContaining("annotation submitted") });
  });

  it("a submitted annotation is read-only for its author until an admin reopens it", async () => {
    const cur = await db.annotation.findUniqueOrThrow({ where: { id: annotationId } });
    expect(cur.status).toBe("SUBMITTED");
    const blocked = await save(annotationId, cur.version, cur.data);
    expect(blocked.status).toBe(409);
    expect(blocked.json.error.code).toBe("annotation_submitted");
    expect((await submit(annotationId, cur.version)).json.error.code).toBe("annotation_submitted");
    expect((await open(taskId)).json.readOnly).toBe(true);
    expect((await call(reopenRoute, `/api/annotations/${annotationId}/reopen`, { as: ann, params: { id: annotationId } })).status).toBe(403);
    const reopened = await call(reopenRoute, `/api/annotations/${annotationId}/reopen`, { as: admin, params: { id: annotationId } });
    expect(reopened.status).toBe(200);
    expect(reopened.json).toEqual({ version: cur.version + 1, status: "DRAFT" });
    expect((await db.task.findUniqueOrThrow({ where: { id: taskId } })).status).toBe("IN_PROGRESS");
    expect((await open(taskId)).json.readOnly).toBe(false);
    const again = await save(annotationId, cur.version + 1, { ...(cur.data as object), notes: "fixed after reopen" });
    expect(again.status).toBe(200);
  });

  it("history: who, when, what changed; any version's document; restore makes a new version", async () => {
    const list = await call(revisionsRoute, `/api/annotations/${annotationId}/revisions`, { as: ann, params: { id: annotationId } });
    expect(list.status).toBe(200);
    const actions = list.json.revisions.map((r: { action: string }) => r.action);
    expect(actions).toEqual(["save", "reopen", "submit", "save", "save", "create"]);
    expect(list.json.revisions[0]).toMatchObject({ summary: "notes edited", author: { id: ann.id, name: "Sub Mitter" } });
    expect(list.json.revisions[1].author.id).toBe(admin.id);
    expect(list.json.revisions[3].summary).toMatch(/\+3 occurrences/);
    const v2 = await call(revisionRoute, `/api/annotations/${annotationId}/revisions/2`, { as: ann, params: { id: annotationId, version: "2" } });
    expect(v2.json.data.queryPoints).toHaveLength(1);
    expect((await call(revisionRoute, `/api/annotations/${annotationId}/revisions/99`, { as: ann, params: { id: annotationId, version: "99" } })).status).toBe(404);
    expect((await call(revisionsRoute, `/api/annotations/${annotationId}/revisions`, { as: other, params: { id: annotationId } })).status).toBe(404);
    expect((await call(revisionsRoute, `/api/annotations/${annotationId}/revisions`, { as: admin, params: { id: annotationId } })).status).toBe(200);

    const current = list.json.current as number;
    const clientSaveId = saveId();
    const restored = await call(restoreRoute, `/api/annotations/${annotationId}/restore`, { as: ann, params: { id: annotationId }, json: { revision: 2, baseVersion: current, clientSaveId } });
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ version: current + 1, replayed: false });
    const row = await db.annotation.findUniqueOrThrow({ where: { id: annotationId } });
    expect((row.data as { queryPoints: unknown[] }).queryPoints).toHaveLength(1);
    const rev = await db.annotationRevision.findUniqueOrThrow({ where: { annotationId_version: { annotationId, version: current + 1 } } });
    expect(rev).toMatchObject({ action: "restore", baseVersion: current, summary: expect.stringMatching(/^restored version 2: /) });
    const replay = await call(restoreRoute, `/api/annotations/${annotationId}/restore`, { as: ann, params: { id: annotationId }, json: { revision: 2, baseVersion: current, clientSaveId } });
    expect(replay.json).toMatchObject({ version: current + 1, replayed: true });
    const stale = await call(restoreRoute, `/api/annotations/${annotationId}/restore`, { as: ann, params: { id: annotationId }, json: { revision: 1, baseVersion: current, clientSaveId: saveId() } });
    expect(stale.status).toBe(409);
  });
});

describe("submit → truth for the other benchmarks", () => {
  it("EC-Bench: revised answer with evidence at whole seconds; an invalid question removes the item", async () => {
    const p = await annotationProject(
      "ECBENCH",
      [
        { externalId: "ec1", format: "counting", videoId: videos.cfr, truth: { answer: "3", source: { clips: "" } }, spans: [[0, 1]] },
        { externalId: "ec2", format: "counting", videoId: videos.cfr, truth: { answer: "2", source: {} } },
      ],
      [ann],
    );
    const t1 = await makeTask(p.projectId, p.itemIds[0], ann.id, "prefill");
    const a = await prepare(t1, (d) => ({ ...d, feasible: true, answer: "4", answerRevised: true, evidence: [{ id: "e1", start: ft(0), end: ft(29), label: "", comment: "" }] }));
    const res = await submit(a.id, a.version);
    expect(res.status, res.text).toBe(200);
    expect((await db.itemTruth.findUniqueOrThrow({ where: { itemId: p.itemIds[0] } })).answer).toBe("4");
    const spans = await db.evidenceSpan.findMany({ where: { itemId: p.itemIds[0], source: "TRUTH" } });
    expect(spans.map((s) => [s.startSec, s.endSec, s.startFrame])).toEqual([[0, 1, 0]]);

    const t2 = await makeTask(p.projectId, p.itemIds[1], ann.id, "prefill");
    const b = await prepare(t2, (d) => ({ ...d, feasible: false, invalidReason: "The objects are never visible" }));
    expect((await submit(b.id, b.version)).status).toBe(200);
    expect(await db.item.findUniqueOrThrow({ where: { id: p.itemIds[1] } })).toMatchObject({ status: "REMOVED", removalReason: "Invalid question: The objects are never visible" });
  });

  it("TOC-Bench: keep leaves the truth (provenance only), revise replaces it, remove records the paper's reason", async () => {
    const mcq = (id: string) => ({ externalId: id, format: "mcq_4", presentation: { options: ["a", "b", "c", "d"] }, videoId: videos.cfr, truth: { answer: "B", source: {} } });
    const p = await annotationProject("TOCBENCH", [mcq("k"), mcq("r"), mcq("x")], [ann]);
    const before = (await db.project.findUniqueOrThrow({ where: { id: p.projectId } })).truthVersion;
    const [tk, tr, tx] = await Promise.all(p.itemIds.map((i) => makeTask(p.projectId, i, ann.id, "prefill")));
    const k = await prepare(tk, (d) => ({ ...d, decision: "keep" }));
    expect((await submit(k.id, k.version)).json.truthChanged).toBe(false);
    expect(await db.itemTruth.findUniqueOrThrow({ where: { itemId: p.itemIds[0] } })).toMatchObject({ answer: "B", version: 1, annotationId: k.id, annotatedById: ann.id });
    expect((await db.project.findUniqueOrThrow({ where: { id: p.projectId } })).truthVersion).toBe(before);
    const r = await prepare(tr, (d) => ({ ...d, decision: "revise", revision: { question: "Which one, really?", answer: "C" } }));
    expect((await submit(r.id, r.version)).status).toBe(200);
    expect((await db.itemTruth.findUniqueOrThrow({ where: { itemId: p.itemIds[1] } })).answer).toBe("C");
    expect((await db.item.findUniqueOrThrow({ where: { id: p.itemIds[1] } })).question).toBe("Which one, really?");
    const x = await prepare(tx, (d) => ({ ...d, decision: "remove", removalReason: "tracking_error", removalNote: "the car is lost at 0:03" }));
    expect((await submit(x.id, x.version)).status).toBe(200);
    expect(await db.item.findUniqueOrThrow({ where: { id: p.itemIds[2] } })).toMatchObject({ status: "REMOVED", removalReason: "Tracking error: the car is lost at 0:03" });
  });

  it("VSTAT labels and VSAS captions; with two annotations per item nothing is written to the truth", async () => {
    const vs = await annotationProject("VSTAT", [{ externalId: "v", format: "mcq", presentation: { options: ["x", "y"] }, labels: { state_element: "Count" }, videoId: videos.cfr, truth: { answer: "A", source: {} } }], [ann]);
    const tv = await makeTask(vs.projectId, vs.itemIds[0], ann.id, "prefill");
    const v = await prepare(tv, (d) => ({ ...d, stateStructure: "set", challenges: ["occlusion"], decision: "keep" }));
    expect(v.data.stateElement).toBe("count");
    expect((await submit(v.id, v.version)).status).toBe(200);
    expect((await db.item.findUniqueOrThrow({ where: { id: vs.itemIds[0] } })).labels).toEqual({ state_element: "Count", state_structure: "set", perceptual_challenges: ["occlusion"] });

    const cap = await annotationProject("VSAS", [{ externalId: "c", format: "caption", presentation: { fps: 1 }, videoId: videos.cfr, truth: { answer: [{ t: 0, text: "a box" }, { t: 1, text: "two boxes" }], source: {} } }], [ann]);
    const tc = await makeTask(cap.projectId, cap.itemIds[0], ann.id, "prefill");
    const c = await prepare(tc, (d) => ({ ...d, captions: (d.captions as { second: number; text: string }[]).map((x) => (x.second === 1 ? { ...x, text: "a red box and a circle", corrected: true } : x)) }));
    expect((await submit(c.id, c.version)).status).toBe(200);
    expect((await db.itemTruth.findUniqueOrThrow({ where: { itemId: cap.itemIds[0] } })).answer).toEqual([
      { t: 0, text: "a box" },
      { t: 1, text: "a red box and a circle" },
    ]);

    const dbl = await annotationProject("TOCBENCH", [{ externalId: "d", format: "mcq_4", presentation: {}, videoId: videos.cfr, truth: { answer: "A", source: {} } }], [ann]);
    await call(putWorkflow, `/api/projects/${dbl.projectId}/workflow`, { method: "PATCH", as: admin, params: { projectId: dbl.projectId }, json: { annotationsPerItem: 2 } });
    const td = await makeTask(dbl.projectId, dbl.itemIds[0], ann.id, "prefill");
    const d = await prepare(td, (x) => ({ ...x, decision: "remove", removalReason: "mismatch" }));
    const res = await submit(d.id, d.version);
    expect(res.json).toMatchObject({ truthWritten: false });
    expect((await db.item.findUniqueOrThrow({ where: { id: dbl.itemIds[0] } })).status).toBe("ACTIVE");
    expect((await db.itemTruth.findUniqueOrThrow({ where: { itemId: dbl.itemIds[0] } })).annotationId).toBeNull();
  });
});
