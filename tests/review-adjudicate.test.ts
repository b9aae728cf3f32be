import { db } from "@/tests/support/test-db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getPayload } from "@/app/api/adjudications/[id]/route";
import { POST as claimRoute } from "@/app/api/adjudications/[id]/claim/route";
import { PUT as draftRoute } from "@/app/api/adjudications/[id]/draft/route";
import { POST as releaseRoute } from "@/app/api/adjudications/[id]/release/route";
import { POST as resolveRoute } from "@/app/api/adjudications/[id]/resolve/route";
import { GET as listRoute } from "@/app/api/projects/[projectId]/adjudications/route";
import { POST as nextRoute } from "@/app/api/review/next/route";
import { GET as queuesRoute } from "@/app/api/review/queues/route";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { computeVcbenchAnswers } from "@/lib/annotation/vcbench-answers";
import { e1Doc } from "@/lib/review/test-docs";
import { removeTempDir } from "@/lib/video/video-test-fixtures";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationVideos, saveId, type AnnotationVideos } from "./annotation-helpers";
import { REVIEW_VIDEO_FRAMES, reviewProject, storedAdjudication } from "./review-helpers";

let videos: AnnotationVideos;
let admin: TestUser;
let rev1: TestUser;
let rev2: TestUser;
let outsider: TestUser;
let annA: TestUser;
let annB: TestUser;
/** A reviewer who also annotated some items of the project. */
let revAnn: TestUser;
let projectId = "";
let itemIds: string[] = [];

const A = () => e1Doc([30, 90], [100, 210, 280], "a");
const B = () => e1Doc([30, 200], [100, 210, 280], "b");

const next = (as: TestUser, json: Record<string, unknown> = {}) => call(nextRoute, "/api/review/next", { as, json });
const claim = (id: string, as: TestUser) => call(claimRoute, `/api/adjudications/${id}/claim`, { as, params: { id }, method: "POST" });
const release = (id: string, as: TestUser) => call(releaseRoute, `/api/adjudications/${id}/release`, { as, params: { id }, method: "POST" });
const payload = (id: string, as: TestUser) => call(getPayload, `/api/adjudications/${id}`, { as, params: { id } });
const draft = (id: string, as: TestUser, baseVersion: number, d: Record<string, unknown>, clientSaveId = saveId()) =>
  call(draftRoute, `/api/adjudications/${id}/draft`, { method: "PUT", as, params: { id }, json: { baseVersion, clientSaveId, draft: d } });
const resolve = (id: string, as: TestUser, json: Record<string, unknown>) => call(resolveRoute, `/api/adjudications/${id}/resolve`, { as, params: { id }, json });
const list = (as: TestUser, query: Record<string, string> = {}, project = projectId) =>
  call(listRoute, `/api/projects/${project}/adjudications`, { as, params: { projectId: project }, query });

beforeAll(async () => {
  videos = await annotationVideos(REVIEW_VIDEO_FRAMES);
  admin = await createTestUser({ role: "ADMIN" });
  rev1 = await createTestUser({ role: "REVIEWER", name: "Rita Reviewer" });
  rev2 = await createTestUser({ role: "REVIEWER", name: "Remy Reviewer" });
  outsider = await createTestUser({ role: "REVIEWER" });
  annA = await createTestUser({ role: "ANNOTATOR", name: "Ann A" });
  annB = await createTestUser({ role: "ANNOTATOR", name: "Ben B" });
  revAnn = await createTestUser({ role: "REVIEWER", name: "Rae Both" });
  const p = await reviewProject(videos.cfr, 8, [rev1, rev2, annA, annB, revAnn]);
  projectId = p.projectId;
  itemIds = p.itemIds;
}, 180_000);

afterAll(async () => {
  if (videos) await removeTempDir(videos.dir);
});

describe("who reviews", () => {
  let adjId = "";
  beforeAll(async () => {
    adjId = (await storedAdjudication({ projectId, itemId: itemIds[0], annotators: [annA, annB], docs: [A(), B()] })).adjudicationId;
  });

  it("annotators get 403, reviewers of other projects 404 (existence not confirmed)", async () => {
    expect((await call(queuesRoute, "/api/review/queues", { as: annA })).status).toBe(403);
    expect((await next(annA)).status).toBe(403);
    expect((await payload(adjId, annA)).status).toBe(403);
    expect((await list(annA)).status).toBe(403);
    const p = await payload(adjId, outsider);
    expect(p.status).toBe(404);
    expect(p.json.error.message).toBe("No such adjudication.");
    expect((await claim(adjId, outsider)).status).toBe(404);
    expect((await list(outsider)).status).toBe(404);
    expect((await next(outsider, { projectId })).status).toBe(404);
    const q = await call(queuesRoute, "/api/review/queues", { as: outsider });
    expect(q.json.projects.map((x: { projectId: string }) => x.projectId)).not.toContain(projectId);
  });

  it("a member whose project role is ANNOTATOR does not review there (403)", async () => {
    const reviewerAsAnnotator = await createTestUser({ role: "REVIEWER" });
    await db.projectMember.create({ data: { projectId, userId: reviewerAsAnnotator.id, role: "ANNOTATOR" } });
    expect((await claim(adjId, reviewerAsAnnotator)).status).toBe(403);
  });

  it("a reviewer who annotated the item gets 403 own_annotation; next never gives it to them", async () => {
    const own = await storedAdjudication({ projectId, itemId: itemIds[1], annotators: [revAnn, annB], docs: [A(), B()] });
    const c = await claim(own.adjudicationId, revAnn);
    expect(c.status).toBe(403);
    expect(c.json.error.code).toBe("own_annotation");
    expect((await payload(own.adjudicationId, revAnn)).json.error.code).toBe("own_annotation");
    expect((await release(own.adjudicationId, revAnn)).json.error.code).toBe("own_annotation");
    const n = await next(revAnn, { projectId });
    expect(n.status).toBe(200);
    expect(n.json.adjudicationId).toBe(adjId);
    expect((await release(adjId, revAnn)).status).toBe(200);
    await db.adjudication.delete({ where: { id: own.adjudicationId } });
  });
});

describe("queues, next, claim, release", () => {
  const ids: string[] = [];
  beforeAll(async () => {
    await db.adjudication.deleteMany({ where: { projectId } });
    for (const i of [2, 3]) ids.push((await storedAdjudication({ projectId, itemId: itemIds[i], annotators: [annA, annB], docs: [A(), B()] })).adjudicationId);
    // An agreed one is never in the queue.
    await storedAdjudication({ projectId, itemId: itemIds[4], annotators: [annA, annB], docs: [A(), A()] });
  });

  it("two reviewers starting at once get different adjudications (one conditional update each)", async () => {
    const [r1, r2] = await Promise.all([next(rev1, { projectId }), next(rev2, { projectId })]);
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect(new Set([r1.json.adjudicationId, r2.json.adjudicationId])).toEqual(new Set(ids));
    // Start next again: the caller's own claimed one.
    expect((await next(rev1)).json.adjudicationId).toBe(r1.json.adjudicationId);
    // Nothing left for a third reviewer.
    expect((await next(admin, { projectId })).json).toEqual({ adjudicationId: null });
    const rows = await db.adjudication.findMany({ where: { id: { in: ids } }, select: { id: true, claimedById: true } });
    expect(new Map(rows.map((r) => [r.id, r.claimedById]))).toEqual(
      new Map([
        [r1.json.adjudicationId, rev1.id],
        [r2.json.adjudicationId, rev2.id],
      ]),
    );
  });

  it("claiming another reviewer's adjudication is 409 adjudication_taken; release puts it back", async () => {
    const held = (await db.adjudication.findFirstOrThrow({ where: { id: { in: ids }, claimedById: rev1.id } })).id;
    const taken = await claim(held, rev2);
    expect(taken.status).toBe(409);
    expect(taken.json.error.code).toBe("adjudication_taken");
    expect(taken.json.error.message).toContain("Rita Reviewer");
    expect((await release(held, rev2)).json.error.code).toBe("adjudication_taken");
    expect((await payload(held, rev2)).json.error.code).toBe("adjudication_taken");
    expect((await payload(held, admin)).json.canEdit).toBe(false);
    const r = await release(held, rev1);
    expect(r.status).toBe(200);
    expect(r.json.claimedBy).toBeNull();
    const c = await claim(held, admin);
    expect(c.status).toBe(200);
    expect(c.json.claimedBy.id).toBe(admin.id);
    expect((await claim(held, admin)).status).toBe(200);
  });

  it("queues count disputed and mine per project; the list filters by status", async () => {
    const q = await call(queuesRoute, "/api/review/queues", { as: rev2 });
    expect(q.status).toBe(200);
    const mine = q.json.projects.find((x: { projectId: string }) => x.projectId === projectId);
    expect(mine).toMatchObject({ benchmark: "VCBENCH", disputed: 2, expert: 0, inProgressMine: 1, judge: { vsas: 0, ecEnumeration: 0 }, qualificationsToConfirm: 0 });
    const all = await list(rev2);
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(3);
    const disputed = await list(rev2, { status: "DISPUTED" });
    expect(disputed.json.rows.map((r: { id: string }) => r.id).sort()).toEqual([...ids].sort());
    expect(disputed.json.rows[0]).toMatchObject({ kind: "double", status: "DISPUTED", externalId: expect.stringMatching(/^r\d$/) });
    expect(disputed.json.rows[0].reasons[0]).toMatch(/^moments: /);
    const agreed = await list(rev2, { status: "AGREED" });
    expect(agreed.json.rows).toHaveLength(1);
    expect(agreed.json.rows[0].reasons).toEqual([]);
    const bad = await list(rev2, { status: "MAYBE" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("status");
  });
});

describe("payload, draft, resolve", () => {
  let adjId = "";
  let annotationIds: string[] = [];
  let version = 1;
  let diffIds: string[] = [];

  beforeAll(async () => {
    await db.adjudication.updateMany({ where: { projectId, status: "DISPUTED" }, data: { status: "RESOLVED" } });
    const s = await storedAdjudication({ projectId, itemId: itemIds[5], annotators: [annA, annB], docs: [A(), B()] });
    adjId = s.adjudicationId;
    annotationIds = s.annotationIds;
    expect((await next(rev1, { projectId })).json.adjudicationId).toBe(adjId);
    await db.modelRun.create({ data: { projectId, name: "model-review", kind: "MODEL", status: "DONE", truthVersion: 0 } });
  });

  it("the holder gets both annotations, video, comparison and differences", async () => {
    const p = await payload(adjId, rev1);
    expect(p.status, p.text).toBe(200);
    expect(p.json).toMatchObject({ id: adjId, kind: "double", status: "DISPUTED", version: 1, canEdit: true, draft: { picks: [], note: "" }, resolution: null });
    expect(p.json.item).toMatchObject({ id: itemIds[5], benchmark: "VCBENCH", subtype: "E1-Action" });
    expect(p.json.video).toMatchObject({ src: expect.stringContaining("/api/media/"), frameCount: REVIEW_VIDEO_FRAMES, fps: 30 });
    expect(p.json.annotations.map((a: { letter: string; annotatorName: string; annotationId: string }) => [a.letter, a.annotatorName, a.annotationId])).toEqual([
      ["A", "Ann A", annotationIds[0]],
      ["B", "Ben B", annotationIds[1]],
    ]);
    expect(p.json.annotations[1].data.moments.map((m: { at: { frame: number } }) => m.at.frame)).toEqual([30, 200]);
    expect(p.json.comparison.verdict).toBe("disputed");
    diffIds = p.json.differences.filter((d: { type: string }) => d.type === "unmatched").map((d: { id: string }) => d.id);
    expect(diffIds).toEqual(["moments:0.a1", "moments:1.b1"]);
  });

  it("draft: versions, replay of the same clientSaveId, 409 version_conflict with the current draft", async () => {
    const d1 = { picks: [{ differenceId: "moments:0.a1", take: 0 }], note: "half way" };
    const saveIdOne = saveId();
    const s1 = await draft(adjId, rev1, 1, d1, saveIdOne);
    expect(s1.status, s1.text).toBe(200);
    expect(s1.json).toEqual({ version: 2, replayed: false });
    const again = await draft(adjId, rev1, 1, d1, saveIdOne);
    expect(again.json).toEqual({ version: 2, replayed: true });
    const stale = await draft(adjId, rev1, 1, { picks: [], note: "other tab" });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe("version_conflict");
    expect(stale.json.error.details.current).toMatchObject({ version: 2, draft: d1 });
    expect((await draft(adjId, rev2, 2, d1)).json.error.code).toBe("adjudication_taken");
    expect((await draft(adjId, rev1, 2, { picks: [], note: "", document: A() })).status).toBe(400);
    const bad = await draft(adjId, rev1, 2, { picks: [{ differenceId: "x" }], note: "" });
    expect(bad.status).toBe(400);
    const p = await payload(adjId, rev1);
    expect(p.json).toMatchObject({ version: 2, draft: d1 });
    version = 2;
  });

  it("422 pick_problems names the unresolved difference; nothing is written", async () => {
    const r = await resolve(adjId, rev1, { baseVersion: version, picks: [{ differenceId: "moments:0.a1", take: 0 }], note: "" });
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe("pick_problems");
    expect(r.json.error.details.problems.map((p: { differenceId?: string }) => p.differenceId)).toContain("moments:1.b1");
    // The message names the difference as the adjudication list does (issue 19.9), never by its id.
    const open = r.json.error.details.problems.find((p: { differenceId?: string }) => p.differenceId === "moments:1.b1") as { message: string };
    expect(open.message).toMatch(/^Moment at frame \d+ \(B only\) is not resolved: pick a version or edit it/);
    expect(open.message.split(" (")[0]).not.toContain("moments:");
    const unknown = await resolve(adjId, rev1, { baseVersion: version, picks: [{ differenceId: "moments:9.zz", take: 0 }], note: "" });
    expect(unknown.json.error.details.problems[0].differenceId).toBe("moments:9.zz");
    expect((await db.adjudication.findUniqueOrThrow({ where: { id: adjId } })).status).toBe("DISPUTED");
  });

  it("422 note_required when the result (A's and B's extra marks) differs from both annotations", async () => {
    const picks = [
      { differenceId: "moments:0.a1", take: 0 },
      { differenceId: "moments:1.b1", take: 1 },
    ];
    const r = await resolve(adjId, rev1, { baseVersion: version, picks, note: "  " });
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe("note_required");
    expect(r.json.error.message).toMatch(/^note: /);
  });

  it("409 version_conflict on a stale version", async () => {
    const picks = diffIds.map((differenceId) => ({ differenceId, take: 0 }));
    const r = await resolve(adjId, rev1, { baseVersion: 1, picks, note: "" });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe("version_conflict");
    expect(r.json.error.details.current.version).toBe(version);
  });

  it("resolve: RESOLVED, truth written from the result with the adjudication as provenance, audit entry, runs stale", async () => {
    const before = await db.project.findUniqueOrThrow({ where: { id: projectId } });
    const picks = diffIds.map((differenceId) => ({ differenceId, take: 0 }));
    const r = await resolve(adjId, rev1, { baseVersion: version, picks, note: "" });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ version: version + 1, status: "RESOLVED" });
    expect(r.json.decisions).toEqual(expect.arrayContaining([{ differenceId: "moments:0.a1", resolution: "take A" }]));
    const row = await db.adjudication.findUniqueOrThrow({ where: { id: adjId } });
    expect(row).toMatchObject({ status: "RESOLVED", resolvedById: rev1.id, version: version + 1 });
    expect((row.resolution as VcbenchDocument).moments.map((m) => m.at.frame)).toEqual([30, 90]);
    const truth = await db.itemTruth.findUniqueOrThrow({ where: { itemId: itemIds[5] } });
    expect(truth).toMatchObject({ adjudicationId: adjId, annotationId: annotationIds[0], annotatedById: annA.id });
    // A's marks (frames 30, 90) counted at the query points by the scorer's rule.
    expect(truth.answer).toEqual(computeVcbenchAnswers(A()).map((x) => x.answer));
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "adjudication.resolve", targetId: adjId } });
    expect(audit.actorId).toBe(rev1.id);
    expect(audit.details).toMatchObject({ annotators: [annA.id, annB.id], reviewer: rev1.id, decisions: r.json.decisions });
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).truthVersion).toBe(before.truthVersion + 1);
    expect((await db.modelRun.findFirstOrThrow({ where: { projectId, name: "model-review" } })).stale).toBe(true);
    // Read-only afterwards, with the resolution.
    const p = await payload(adjId, rev1);
    expect(p.json).toMatchObject({ status: "RESOLVED", canEdit: false, resolution: { resolvedBy: { id: rev1.id, name: "Rita Reviewer" } } });
  });

  it("409 not_disputed once resolved (draft, resolve, claim)", async () => {
    expect((await resolve(adjId, rev1, { baseVersion: version + 1, picks: [], note: "" })).json.error.code).toBe("not_disputed");
    expect((await draft(adjId, rev1, version + 1, { picks: [], note: "" })).json.error.code).toBe("not_disputed");
    expect((await claim(adjId, rev2)).json.error.code).toBe("not_disputed");
  });
});

describe("expert kind", () => {
  it("one annotation: the holder confirms without picks; picks are refused; an edit needs a note", async () => {
    const s = await storedAdjudication({ projectId, itemId: itemIds[6], annotators: [annA], docs: [A()], kind: "expert" });
    const id = s.adjudicationId;
    expect((await claim(id, rev2)).status).toBe(200);
    const p = await payload(id, rev2);
    expect(p.status, p.text).toBe(200);
    expect(p.json).toMatchObject({ kind: "expert", comparison: null, differences: [], canEdit: true });
    expect(p.json.annotations).toHaveLength(1);
    expect(p.json.annotations[0]).toMatchObject({ letter: "A", annotationId: s.annotationIds[0] });
    const picks = await resolve(id, rev2, { baseVersion: 1, picks: [{ differenceId: "moments:0.a1", take: 0 }], note: "" });
    expect(picks.json.error.code).toBe("pick_problems");
    const outside = await resolve(id, rev2, { baseVersion: 1, document: e1Doc([30, 90, 900], [100, 210, 280], "a"), note: "moved" });
    expect(outside.status).toBe(422);
    expect(outside.json.error.code).toBe("pick_problems");
    expect(outside.json.error.details.problems[0].path).toMatch(/^document\.moments\[2\]/);
    const edited = e1Doc([30, 90, 150], [100, 210, 280], "a");
    expect((await resolve(id, rev2, { baseVersion: 1, document: edited, note: "" })).json.error.code).toBe("note_required");
    // The document to confirm sent back unchanged (as the expert sample's seeded draft holds it) is a confirmation.
    const ok = await resolve(id, rev2, { baseVersion: 1, document: p.json.annotations[0].data, note: "" });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.decisions).toEqual([{ differenceId: "document", resolution: "confirm" }]);
    const truth = await db.itemTruth.findUniqueOrThrow({ where: { itemId: itemIds[6] } });
    expect(truth).toMatchObject({ adjudicationId: id, answer: computeVcbenchAnswers(A()).map((x) => x.answer) });
  });

  it("an agreed double review sampled for experts: the merged document is annotation A and the seeded draft", async () => {
    const agreed = await storedAdjudication({ projectId, itemId: itemIds[7], annotators: [annA, annB], docs: [A(), e1Doc([31, 91], [100, 210, 280], "b")] });
    const merged = e1Doc([30, 90], [100, 210, 280], "a");
    await db.adjudication.update({ where: { id: agreed.adjudicationId }, data: { status: "AGREED", resolution: merged as never } });
    const expert = await db.adjudication.create({
      data: { itemId: itemIds[7], projectId, kind: "expert", status: "DISPUTED", annotationIds: agreed.annotationIds, draft: { picks: [], note: "", document: merged } as never },
    });
    expect((await claim(expert.id, rev1)).status).toBe(200);
    const p = await payload(expert.id, rev1);
    expect(p.status, p.text).toBe(200);
    expect(p.json.annotations).toHaveLength(1);
    expect(p.json.annotations[0]).toMatchObject({ letter: "A", annotatorName: "Ann A + Ben B", data: merged });
    expect(p.json.draft).toEqual({ picks: [], note: "", document: merged });
    const saved = await draft(expert.id, rev1, 1, { picks: [], note: "checked frame 90", document: merged });
    expect(saved.json).toEqual({ version: 2, replayed: false });
    expect((await payload(expert.id, rev1)).json.draft).toEqual({ picks: [], note: "checked frame 90", document: merged });
  });
});
