import { db } from "@/tests/support/test-db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getTask } from "@/app/api/annotate/tasks/[taskId]/route";
import { PUT as putAnnotation } from "@/app/api/annotations/[id]/route";
import { POST as reopenRoute } from "@/app/api/annotations/[id]/reopen/route";
import { POST as submitRoute } from "@/app/api/annotations/[id]/submit/route";
import { POST as nextTask } from "@/app/api/me/tasks/next/route";
import { POST as createTasksRoute } from "@/app/api/projects/[projectId]/tasks/route";
import { GET as getWorkflow, PATCH as patchWorkflow } from "@/app/api/projects/[projectId]/workflow/route";
import { POST as claimRoute } from "@/app/api/tasks/[taskId]/claim/route";
import { PATCH as reassignRoute } from "@/app/api/tasks/[taskId]/route";
import { fromStoredAgreement } from "@/lib/review/stored-agreement";
import { inExpertSample } from "@/lib/review/expert-sample";
import { itemReviewStatus } from "@/lib/review/item-review-status";
import { removeTempDir } from "@/lib/video/video-test-fixtures";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject, annotationVideos, saveId, type AnnotationVideos } from "./annotation-helpers";

let videos: AnnotationVideos;
let admin: TestUser;
let ann: TestUser[];

beforeAll(async () => {
  videos = await annotationVideos();
  admin = await createTestUser({ role: "ADMIN" });
  ann = [];
  for (const name of ["Ann One", "Bea Two", "Cy Three", "Di Four"]) ann.push(await createTestUser({ role: "ANNOTATOR", name }));
}, 120_000);

afterAll(async () => {
  if (videos) await removeTempDir(videos.dir);
});

const ft = (frame: number) => ({ frame, sec: Math.round((frame / 30) * 1e6) / 1e6 });
const e1Item = (externalId: string) => ({
  externalId,
  labels: { subtype: "E1-Action", source_dataset: "demo" },
  videoId: videos.cfr,
  videoRef: "demo/cfr.mp4",
  truth: { answer: [9, 9, 9], source: { occurrence_times: [0.9] } },
  queryTimes: [0.2, 0.5, 0.9],
});

async function doubleProject(k: number, n: number, members: TestUser[], settings: Record<string, unknown> = {}) {
  const p = await annotationProject(
    "VCBENCH",
    Array.from({ length: n }, (_, i) => e1Item(`q${i}`)),
    members,
    { workflow: { annotationsPerItem: k }, ...settings },
  );
  return p;
}

const createTasks = (projectId: string, assignees: string[]) =>
  call(createTasksRoute, `/api/projects/${projectId}/tasks`, { as: admin, params: { projectId }, json: { items: { all: true }, assignees } });

async function taskOf(itemId: string, user: TestUser) {
  return db.task.findFirstOrThrow({ where: { itemId, userId: user.id, kind: "ANNOTATE" } });
}

/** The annotator opens their task on the item, saves E1 marks at `frames` (query points at 5, 15, 25) and submits. */
async function annotateAndSubmit(itemId: string, user: TestUser, frames: number[]) {
  const task = await taskOf(itemId, user);
  const opened = await call(getTask, `/api/annotate/tasks/${task.id}`, { as: user, params: { taskId: task.id } });
  expect(opened.status, opened.text).toBe(200);
  const id = opened.json.annotation.id as string;
  const data = {
    ...opened.json.annotation.data,
    moments: frames.map((f, i) => ({ id: `m${i}`, at: ft(f), label: "", comment: "" })),
    queryPoints: [5, 15, 25].map((f, i) => ({ id: `q${i}`, at: ft(f), count: null })),
  };
  const saved = await call(putAnnotation, `/api/annotations/${id}`, { method: "PUT", as: user, params: { id }, json: { baseVersion: opened.json.annotation.version, clientSaveId: saveId(), data } });
  expect(saved.status, saved.text).toBe(200);
  const res = await call(submitRoute, `/api/annotations/${id}/submit`, { as: user, params: { id }, json: { baseVersion: saved.json.version } });
  expect(res.status, res.text).toBe(200);
  return { annotationId: id, res };
}

/** Admin reopens, the author saves new marks and submits again. */
async function reopenAndResubmit(annotationId: string, user: TestUser, frames: number[]) {
  const reopened = await call(reopenRoute, `/api/annotations/${annotationId}/reopen`, { as: admin, params: { id: annotationId } });
  expect(reopened.status, reopened.text).toBe(200);
  const row = await db.annotation.findUniqueOrThrow({ where: { id: annotationId } });
  const data = { ...(row.data as object), moments: frames.map((f, i) => ({ id: `m${i}`, at: ft(f), label: "", comment: "" })) };
  const saved = await call(putAnnotation, `/api/annotations/${annotationId}`, { method: "PUT", as: user, params: { id: annotationId }, json: { baseVersion: row.version, clientSaveId: saveId(), data } });
  expect(saved.status, saved.text).toBe(200);
  const res = await call(submitRoute, `/api/annotations/${annotationId}/submit`, { as: user, params: { id: annotationId }, json: { baseVersion: saved.json.version } });
  expect(res.status, res.text).toBe(200);
  return res;
}

const doubleOf = (itemId: string) => db.adjudication.findUnique({ where: { itemId_kind: { itemId, kind: "double" } } });
const truthOf = (itemId: string) => db.itemTruth.findUniqueOrThrow({ where: { itemId } });

describe("k = 2: agreement at the second submit", () => {
  let projectId = "";
  let items: string[] = [];
  const [A, B] = [0, 1];

  beforeAll(async () => {
    const p = await doubleProject(2, 3, [ann[A], ann[B]]);
    projectId = p.projectId;
    items = p.itemIds;
    const res = await createTasks(projectId, [ann[A].id, ann[B].id]);
    expect(res.json).toMatchObject({ created: 6, pooled: 0 });
    const tasks = await db.task.findMany({ where: { projectId }, orderBy: [{ itemId: "asc" }, { round: "asc" }] });
    for (const itemId of items) {
      const mine = tasks.filter((t) => t.itemId === itemId);
      expect(mine.map((t) => t.round)).toEqual([1, 2]);
      expect(new Set(mine.map((t) => t.userId)).size).toBe(2);
    }
  });

  it("the first submit writes nothing to the truth and no adjudication", async () => {
    const truthBefore = await truthOf(items[0]);
    const { res } = await annotateAndSubmit(items[0], ann[A], [3, 12, 20]);
    expect(res.json).toMatchObject({ truthWritten: false, truthChanged: false, projectTruthVersion: null });
    expect(await doubleOf(items[0])).toBeNull();
    expect(await truthOf(items[0])).toEqual(truthBefore);
  });

  it("marks within 2 frames agree: AGREED, stored agreement, auto-merged truth with the adjudication as provenance", async () => {
    const before = await db.project.findUniqueOrThrow({ where: { id: projectId } });
    const { annotationId, res } = await annotateAndSubmit(items[0], ann[B], [4, 14, 20]);
    expect(res.json).toMatchObject({ truthWritten: true, truthChanged: true, projectTruthVersion: before.truthVersion + 1 });
    const adj = await doubleOf(items[0]);
    expect(adj).toMatchObject({ status: "AGREED", projectId, resolvedById: null, claimedById: null });
    expect(adj!.resolvedAt).not.toBeNull();
    const aId = (await db.annotation.findFirstOrThrow({ where: { itemId: items[0], authorId: ann[A].id } })).id;
    const taskA = await taskOf(items[0], ann[A]);
    expect((await taskOf(items[0], ann[B])).round).not.toBe(taskA.round);
    // Comparison order = task round.
    const ids = taskA.round === 1 ? [aId, annotationId] : [annotationId, aId];
    expect(adj!.annotationIds).toEqual(ids);
    const stored = fromStoredAgreement(adj!.agreement)!;
    expect(stored.annotationIds).toEqual(ids);
    expect(stored.annotators).toEqual(taskA.round === 1 ? [ann[A].id, ann[B].id] : [ann[B].id, ann[A].id]);
    expect(stored.comparison).toMatchObject({ verdict: "agreed", k: 2, reasons: [] });
    const moments = stored.comparison.facets.find((f) => f.name === "moments")!;
    expect(moments.kind).toBe("timestamps");
    if (moments.kind === "timestamps") expect(moments.pairs[0]).toMatchObject({ f1: 1, precision: 1, recall: 1, meanAbsOffsetFrames: 1 });
    // Mean frame, ties to the earlier frame: (3+4)/2 → 3, (12+14)/2 → 13, 20.
    const merged = adj!.resolution as { moments: { at: { frame: number } }[] };
    expect(merged.moments.map((m) => m.at.frame).sort((a, b) => a - b)).toEqual([3, 13, 20]);
    expect(Array.isArray(adj!.decisions)).toBe(true);
    const truth = await truthOf(items[0]);
    expect(truth.adjudicationId).toBe(adj!.id);
    expect(truth.annotationId).toBe(ids[0]);
    expect(truth.answer).toEqual([1, 2, 3]);
    expect(await db.auditLog.count({ where: { action: "adjudication.auto_merge", targetId: adj!.id } })).toBe(1);
  });

  it("marks more than 2 frames apart dispute: DISPUTED with reasons, truth untouched", async () => {
    const truthBefore = await truthOf(items[1]);
    await annotateAndSubmit(items[1], ann[A], [3, 12, 20]);
    const { res } = await annotateAndSubmit(items[1], ann[B], [3, 12, 27]);
    expect(res.json).toMatchObject({ truthWritten: false, truthChanged: false });
    const adj = await doubleOf(items[1]);
    expect(adj).toMatchObject({ status: "DISPUTED", resolution: null, decisions: null, resolvedAt: null });
    const stored = fromStoredAgreement(adj!.agreement)!;
    expect(stored.comparison.verdict).toBe("disputed");
    expect(stored.comparison.reasons.join("\n")).toMatch(/^moments: /m);
    const moments = stored.comparison.facets.find((f) => f.name === "moments")!;
    if (moments.kind === "timestamps") expect(moments.pairs[0].f1).toBeCloseTo(2 / 3, 10);
    expect(await truthOf(items[1])).toEqual(truthBefore);
    // The staff item page's review status.
    expect(await itemReviewStatus(items[1])).toEqual([
      { id: adj!.id, kind: "double", status: "DISPUTED", annotations: 2, reasons: stored.comparison.reasons, updatedAt: adj!.updatedAt.toISOString(), resolvedAt: null },
    ]);
  });

  it("a reopened pass submitted again recomputes (disputed → agreed → disputed); a RESOLVED one is kept", async () => {
    const aId = (await db.annotation.findFirstOrThrow({ where: { itemId: items[1], authorId: ann[A].id } })).id;
    const first = (await doubleOf(items[1]))!;
    await db.adjudication.update({ where: { id: first.id }, data: { claimedById: admin.id, claimedAt: new Date(), draft: { picks: [], note: "looking" } } });
    const agreed = await reopenAndResubmit(aId, ann[A], [3, 12, 26]);
    expect(agreed.json.truthWritten).toBe(true);
    const second = (await doubleOf(items[1]))!;
    expect(second).toMatchObject({ id: first.id, status: "AGREED", version: first.version + 1, claimedById: null, draft: null });
    expect((await truthOf(items[1])).adjudicationId).toBe(first.id);

    const disputed = await reopenAndResubmit(aId, ann[A], [3, 12, 20]);
    expect(disputed.json.truthWritten).toBe(false);
    expect((await doubleOf(items[1]))!).toMatchObject({ status: "DISPUTED", version: first.version + 2, resolution: null });

    await db.adjudication.update({ where: { id: first.id }, data: { status: "RESOLVED", resolvedById: admin.id, resolvedAt: new Date() } });
    const resolvedBefore = (await doubleOf(items[1]))!;
    await reopenAndResubmit(aId, ann[A], [3, 12, 26]);
    expect(await doubleOf(items[1])).toEqual(resolvedBefore);
  });
});

describe("concurrent last passes", () => {
  it("two passes submitted at the same moment: exactly one comparison, of both", async () => {
    const { projectId, itemIds } = await doubleProject(2, 1, [ann[0], ann[1]]);
    await createTasks(projectId, [ann[0].id, ann[1].id]);
    const ready = [];
    for (const [user, frames] of [
      [ann[0], [3, 12, 20]],
      [ann[1], [3, 12, 27]],
    ] as const) {
      const task = await taskOf(itemIds[0], user);
      const opened = await call(getTask, `/api/annotate/tasks/${task.id}`, { as: user, params: { taskId: task.id } });
      const id = opened.json.annotation.id as string;
      const data = { ...opened.json.annotation.data, moments: frames.map((f, i) => ({ id: `m${i}`, at: ft(f), label: "", comment: "" })), queryPoints: [5, 15, 25].map((f, i) => ({ id: `q${i}`, at: ft(f), count: null })) };
      const saved = await call(putAnnotation, `/api/annotations/${id}`, { method: "PUT", as: user, params: { id }, json: { baseVersion: opened.json.annotation.version, clientSaveId: saveId(), data } });
      ready.push({ user, id, version: saved.json.version as number });
    }
    const results = await Promise.all(ready.map((r) => call(submitRoute, `/api/annotations/${r.id}/submit`, { as: r.user, params: { id: r.id }, json: { baseVersion: r.version } })));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const adj = await doubleOf(itemIds[0]);
    expect(adj?.status).toBe("DISPUTED");
    expect((adj!.annotationIds as string[]).sort()).toEqual(ready.map((r) => r.id).sort());
  });
});

describe("labels, no video", () => {
  it("TOC-Bench without a video: both keep → AGREED (provenance names the adjudication); keep vs remove → DISPUTED", async () => {
    const mcq = (id: string) => ({ externalId: id, format: "mcq_4", presentation: { options: ["a", "b", "c", "d"] }, videoId: null, truth: { answer: "B", source: {} } });
    const p = await annotationProject("TOCBENCH", [mcq("t0"), mcq("t1")], [ann[0], ann[1]], { workflow: { annotationsPerItem: 2 } });
    expect((await createTasks(p.projectId, [ann[0].id, ann[1].id])).status).toBe(201);
    const decide = async (itemId: string, user: TestUser, edit: Record<string, unknown>) => {
      const task = await taskOf(itemId, user);
      const opened = await call(getTask, `/api/annotate/tasks/${task.id}`, { as: user, params: { taskId: task.id } });
      expect(opened.status, opened.text).toBe(200);
      const id = opened.json.annotation.id as string;
      const saved = await call(putAnnotation, `/api/annotations/${id}`, { method: "PUT", as: user, params: { id }, json: { baseVersion: opened.json.annotation.version, clientSaveId: saveId(), data: { ...opened.json.annotation.data, ...edit } } });
      expect(saved.status, saved.text).toBe(200);
      const res = await call(submitRoute, `/api/annotations/${id}/submit`, { as: user, params: { id }, json: { baseVersion: saved.json.version } });
      expect(res.status, res.text).toBe(200);
    };
    await decide(p.itemIds[0], ann[0], { decision: "keep" });
    await decide(p.itemIds[0], ann[1], { decision: "keep" });
    const agreed = (await doubleOf(p.itemIds[0]))!;
    expect(agreed.status).toBe("AGREED");
    expect(await truthOf(p.itemIds[0])).toMatchObject({ answer: "B", adjudicationId: agreed.id });
    await decide(p.itemIds[1], ann[0], { decision: "keep" });
    await decide(p.itemIds[1], ann[1], { decision: "remove", removalReason: "tracking_error" });
    const disputed = (await doubleOf(p.itemIds[1]))!;
    expect(disputed.status).toBe("DISPUTED");
    expect(fromStoredAgreement(disputed.agreement)!.comparison.reasons.join(" ")).toMatch(/^decision/);
    expect((await db.item.findUniqueOrThrow({ where: { id: p.itemIds[1] } })).status).toBe("ACTIVE");
  });
});

describe("k = 3", () => {
  it("nothing until the third submit; then three annotations compared pairwise", async () => {
    const members = [ann[0], ann[1], ann[2]];
    const { projectId, itemIds } = await doubleProject(3, 2, members);
    expect((await createTasks(projectId, members.map((m) => m.id))).json).toMatchObject({ created: 6 });
    for (const itemId of itemIds) expect(new Set((await db.task.findMany({ where: { itemId } })).map((t) => t.userId)).size).toBe(3);
    await annotateAndSubmit(itemIds[0], members[0], [3, 12, 20]);
    await annotateAndSubmit(itemIds[0], members[1], [4, 12, 21]);
    expect(await doubleOf(itemIds[0])).toBeNull();
    const third = await annotateAndSubmit(itemIds[0], members[2], [2, 13, 20]);
    expect(third.res.json.truthWritten).toBe(true);
    const adj = (await doubleOf(itemIds[0]))!;
    expect(adj.status).toBe("AGREED");
    const stored = fromStoredAgreement(adj.agreement)!;
    expect(stored.comparison.k).toBe(3);
    expect(stored.annotationIds).toHaveLength(3);
    const moments = stored.comparison.facets.find((f) => f.name === "moments")!;
    if (moments.kind === "timestamps") expect(moments.pairs).toHaveLength(3);
    expect((await truthOf(itemIds[0])).adjudicationId).toBe(adj.id);

    await annotateAndSubmit(itemIds[1], members[0], [3, 12, 20]);
    await annotateAndSubmit(itemIds[1], members[1], [3, 12, 20]);
    await annotateAndSubmit(itemIds[1], members[2], [3, 12]);
    const disputed = (await doubleOf(itemIds[1]))!;
    expect(disputed.status).toBe("DISPUTED");
    expect(fromStoredAgreement(disputed.agreement)!.comparison.reasons.some((r) => r.startsWith("moments:"))).toBe(true);
  });
});

describe("conflict of interest and never the same person twice", () => {
  it("an item's author is refused at assignment (naming them) and at claim; Start next skips the item", async () => {
    const [author, x, y] = [ann[3], ann[0], ann[1]];
    const { projectId, itemIds } = await doubleProject(2, 2, [author, x, y]);
    await db.itemRevision.create({ data: { itemId: itemIds[0], version: 2, authorId: author.id, snapshot: {}, reason: "edited" } });

    const refused = await createTasks(projectId, [author.id, x.id]);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("conflict_of_interest");
    expect(refused.json.error.message).toContain("Di Four");
    expect(refused.json.error.message).toContain("q0");
    expect(await db.task.count({ where: { projectId } })).toBe(0);

    // With a third annotator named, the author is simply not given that item.
    const ok = await createTasks(projectId, [author.id, x.id, y.id]);
    expect(ok.status, ok.text).toBe(201);
    expect(await db.task.count({ where: { itemId: itemIds[0], userId: author.id } })).toBe(0);
    // An admin cannot reassign one of its passes to the author either.
    const t0 = await db.task.findFirstOrThrow({ where: { itemId: itemIds[0] } });
    const reassign = await call(reassignRoute, `/api/tasks/${t0.id}`, { method: "PATCH", as: admin, params: { taskId: t0.id }, json: { userId: author.id } });
    expect(reassign.status).toBe(409);
    expect(reassign.json.error.code).toBe("conflict_of_interest");
  });

  it("pool: the author's Start next skips the item; claiming it is 409 conflict_of_interest; a second pass of one item too", async () => {
    const [author, x] = [ann[3], ann[0]];
    const { projectId, itemIds } = await doubleProject(2, 1, [author, x]);
    await db.itemRevision.create({ data: { itemId: itemIds[0], version: 2, authorId: author.id, snapshot: {}, reason: "edited" } });
    expect((await createTasks(projectId, [])).json).toMatchObject({ created: 2, pooled: 2 });
    const next = await call(nextTask, "/api/me/tasks/next", { as: author, json: { projectId } });
    expect(next.status).toBe(200);
    expect(next.json.taskId ?? null).toBeNull();
    const [t1, t2] = await db.task.findMany({ where: { projectId }, orderBy: { round: "asc" } });
    const claim = await call(claimRoute, `/api/tasks/${t1.id}/claim`, { as: author, params: { taskId: t1.id } });
    expect(claim.status).toBe(409);
    expect(claim.json.error.code).toBe("conflict_of_interest");

    expect((await call(claimRoute, `/api/tasks/${t1.id}/claim`, { as: x, params: { taskId: t1.id } })).status).toBe(200);
    const twice = await call(claimRoute, `/api/tasks/${t2.id}/claim`, { as: x, params: { taskId: t2.id } });
    expect(twice.status).toBe(409);
    expect(twice.json.error.code).toBe("conflict_of_interest");
    const again = await call(nextTask, "/api/me/tasks/next", { as: x, json: { projectId } });
    expect(again.json.taskId ?? null).toBeNull();
    expect((await db.task.findUniqueOrThrow({ where: { id: t2.id } })).userId).toBeNull();
  });
});

describe("expert sample", () => {
  it("100 %: a single pass whose truth was written and an agreed double review get an expert adjudication; 0 %: none", async () => {
    const single = await annotationProject("VCBENCH", [e1Item("s0")], [ann[0]], { review: { expertSamplePercent: 100 } });
    await createTasks(single.projectId, [ann[0].id]);
    const { annotationId } = await annotateAndSubmit(single.itemIds[0], ann[0], [3, 12, 20]);
    const expert = await db.adjudication.findUniqueOrThrow({ where: { itemId_kind: { itemId: single.itemIds[0], kind: "expert" } } });
    expect(expert).toMatchObject({ status: "DISPUTED", annotationIds: [annotationId], draft: null, projectId: single.projectId });

    const double = await doubleProject(2, 1, [ann[0], ann[1]], { review: { expertSamplePercent: 100 } });
    await createTasks(double.projectId, [ann[0].id, ann[1].id]);
    await annotateAndSubmit(double.itemIds[0], ann[0], [3, 12, 20]);
    expect(await db.adjudication.count({ where: { itemId: double.itemIds[0] } })).toBe(0);
    await annotateAndSubmit(double.itemIds[0], ann[1], [4, 12, 20]);
    const agreed = (await doubleOf(double.itemIds[0]))!;
    const expert2 = await db.adjudication.findUniqueOrThrow({ where: { itemId_kind: { itemId: double.itemIds[0], kind: "expert" } } });
    expect(expert2).toMatchObject({ status: "DISPUTED", annotationIds: agreed.annotationIds });
    expect((expert2.draft as { document: unknown }).document).toEqual(agreed.resolution);

    const none = await annotationProject("VCBENCH", [e1Item("n0")], [ann[0]], { review: { expertSamplePercent: 0 } });
    await createTasks(none.projectId, [ann[0].id]);
    await annotateAndSubmit(none.itemIds[0], ann[0], [3, 12, 20]);
    expect(await db.adjudication.count({ where: { itemId: none.itemIds[0] } })).toBe(0);
  });

  it("the percentage is a workflow setting stored as review.expertSamplePercent; bad values are named", async () => {
    const { projectId } = await annotationProject("VCBENCH", [e1Item("w0")], [ann[0]], { review: { other: "kept" } });
    const patch = (json: unknown) => call(patchWorkflow, `/api/projects/${projectId}/workflow`, { method: "PATCH", as: admin, params: { projectId }, json });
    const ok = await patch({ expertSamplePercent: 12.5, annotationsPerItem: 2 });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.workflow).toMatchObject({ expertSamplePercent: 12.5, annotationsPerItem: 2 });
    const stored = (await db.project.findUniqueOrThrow({ where: { id: projectId } })).settings as { review: unknown; workflow: Record<string, unknown> };
    expect(stored.review).toEqual({ other: "kept", expertSamplePercent: 12.5 });
    expect(stored.workflow.expertSamplePercent).toBeUndefined();
    expect((await call(getWorkflow, `/api/projects/${projectId}/workflow`, { as: admin, params: { projectId } })).json.workflow.expertSamplePercent).toBe(12.5);
    const bad = await patch({ expertSamplePercent: 150 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json.error)).toContain("expertSamplePercent");
    expect((await patch({ expertSamplePercent: 1.234 })).status).toBe(400);
  });

  it("the sample follows hash(itemId) at the project's percentage", async () => {
    const p = await annotationProject("VCBENCH", Array.from({ length: 6 }, (_, i) => e1Item(`h${i}`)), [ann[0]], { review: { expertSamplePercent: 50 } });
    await createTasks(p.projectId, [ann[0].id]);
    for (const itemId of p.itemIds) await annotateAndSubmit(itemId, ann[0], [3, 12, 20]);
    const sampled = new Set((await db.adjudication.findMany({ where: { projectId: p.projectId, kind: "expert" } })).map((a) => a.itemId));
    expect(p.itemIds.filter((id) => sampled.has(id))).toEqual(p.itemIds.filter((id) => inExpertSample(id, 50)));
  });
});
