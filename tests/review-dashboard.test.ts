import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as itemFeedbackRoute } from "@/app/api/annotations/[id]/feedback/route";
import { GET as myFeedbackRoute } from "@/app/api/me/feedback/route";
import { GET as agreementRoute } from "@/app/api/projects/[projectId]/agreement/route";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { compareAnnotations } from "@/lib/review/compare";
import { buildDashboard, TRUTH, type DashboardRecord } from "@/lib/review/dashboard";
import { loadAgreementData } from "@/lib/review/dashboard-loader";
import { reviewVideoContext } from "@/lib/review/review-video-context";
import { toStoredAgreement } from "@/lib/review/stored-agreement";
import { e1Doc } from "@/lib/review/test-docs";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject } from "./annotation-helpers";

const VIDEO = { fps: 30, frameCount: 300 };

let admin: TestUser;
let reviewer: TestUser;
let outsider: TestUser;
let ann: TestUser;
let bob: TestUser;
let projectId = "";
let emptyProjectId = "";
let itemIds: string[] = [];
/** Annotation ids per item: [ann's, bob's]. */
const annotationIds: string[][] = [];

/**
 * Seeds one item's double review as the k-th submit would: two SUBMITTED annotations (with their
 * submitted tasks and time spent), the stored agreement, and the adjudication's status and final
 * document.
 */
async function seedReview(itemId: string, docs: [AnnotationDocument, AnnotationDocument], status: "AGREED" | "DISPUTED" | "RESOLVED", final: AnnotationDocument | null, note = "") {
  const ids: string[] = [];
  for (const [round, [user, doc]] of [[ann, docs[0]] as const, [bob, docs[1]] as const].entries()) {
    const task = await db.task.create({ data: { projectId, itemId, userId: user.id, kind: "ANNOTATE", round: round + 1, status: "SUBMITTED", timeSpentMs: 60_000 * (round + 1), submittedAt: new Date() } });
    const a = await db.annotation.create({ data: { itemId, authorId: user.id, taskId: task.id, data: doc as never, status: "SUBMITTED", submittedAt: new Date() } });
    ids.push(a.id);
  }
  const comparison = compareAnnotations(docs, VIDEO);
  await db.adjudication.create({
    data: {
      itemId,
      projectId,
      kind: "double",
      status,
      annotationIds: ids,
      agreement: toStoredAgreement([ann.id, bob.id], ids, comparison) as never,
      resolution: (final ?? undefined) as never,
      note,
      resolvedAt: final ? new Date() : null,
      resolvedById: status === "RESOLVED" ? reviewer.id : null,
    },
  });
  annotationIds.push(ids);
}

const DOCS: [AnnotationDocument, AnnotationDocument][] = [
  [e1Doc([10, 50], [100]), e1Doc([11, 50], [100])],
  [e1Doc([20], [100]), e1Doc([20, 80], [100])],
  [e1Doc([30, 90], [120]), e1Doc([60], [120])],
];

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER", name: "Rita Reviewer" });
  outsider = await createTestUser({ role: "REVIEWER" });
  ann = await createTestUser({ role: "ANNOTATOR", name: "Ann Annotator" });
  bob = await createTestUser({ role: "ANNOTATOR", name: "Bob Annotator" });
  const items = ["e1", "e2", "e3"].map((externalId) => ({ externalId, labels: { subtype: "E1-Action" } }));
  const p = await annotationProject("VCBENCH", items, [reviewer, ann, bob]);
  projectId = p.projectId;
  itemIds = p.itemIds;
  await seedReview(itemIds[0], DOCS[0], "AGREED", e1Doc([10, 50], [100]));
  await seedReview(itemIds[1], DOCS[1], "RESOLVED", e1Doc([20, 80], [100]), "The second moment at 80 is real.");
  await seedReview(itemIds[2], DOCS[2], "DISPUTED", null);
  emptyProjectId = (await annotationProject("VCBENCH", [{ externalId: "x" }], [reviewer])).projectId;
});

const agreement = (as: TestUser, query: Record<string, string> = {}, id = projectId) =>
  call(agreementRoute, `/api/projects/${id}/agreement`, { as, params: { projectId: id }, query });

describe("agreement dashboard loader", () => {
  it("gives buildDashboard's figures of the stored agreements and of each annotation against the final document", async () => {
    const data = await loadAgreementData(projectId);
    const records: DashboardRecord[] = DOCS.map((docs, i) => ({ itemId: itemIds[i], annotators: [ann.id, bob.id], comparison: compareAnnotations(docs, VIDEO) }));
    const finals = [e1Doc([10, 50], [100]), e1Doc([20, 80], [100])];
    const truth: DashboardRecord[] = finals.flatMap((final, i) =>
      DOCS[i].map((doc, j) => ({ itemId: itemIds[i], annotators: [[ann.id, bob.id][j], TRUTH], comparison: compareAnnotations([doc, final], reviewVideoContext(null, [doc, final])) })),
    );
    const submissions = [ann, bob].flatMap((u, r) => itemIds.map((itemId) => ({ annotatorId: u.id, itemId, elapsedMs: 60_000 * (r + 1) })));
    const expected = buildDashboard([...records, ...truth], submissions);
    expect(data.dashboard.figures).toEqual(expected.figures);
    expect(data.dashboard.disputedRates).toEqual(expected.disputedRates);
    expect(data.dashboard.throughput).toEqual(expect.arrayContaining(expected.throughput));
    // Pooled F1 of ann vs bob over the 3 items: TP 2 + 1 + 0 (|90 − 60| > tolerance; 30 vs 60 too) of (2 + 1 + 2) + (2 + 2 + 1).
    const f1 = data.dashboard.figures.find((f) => f.scope === "project" && f.statistic === "f1");
    expect(f1).toMatchObject({ items: 3 });
    expect(f1!.estimate).toBeCloseTo((2 * 3) / 10, 12);
    // Ann against the final documents: item 1 exact, item 2 misses the mark at 80 → TP 3 of (2 + 1) + (2 + 2).
    const annTruth = data.dashboard.figures.find((f) => f.scope === "vs-truth" && f.annotators[0] === ann.id && f.statistic === "f1");
    expect(annTruth!.estimate).toBeCloseTo(6 / 7, 12);
    expect(data.dashboard.disputedRates).toEqual([expect.objectContaining({ subtype: "E1-Action", items: 3, disputed: 2 })]);
    expect(data.names[ann.id]).toBe("Ann Annotator");
  });
});

describe("GET /api/projects/:projectId/agreement", () => {
  it("figures as CSV for an admin (a download, one row per figure)", async () => {
    const res = await agreement(admin, { format: "csv", table: "figures" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename=".*-agreement-figures\.csv"/);
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toBe("scope,annotators,benchmark,kind,facet,statistic,items,estimate,lower,upper");
    expect(lines.some((l) => l.startsWith("project,,VCBENCH,timestamps,,f1,3,0.6"))).toBe(true);
  });

  it("JSON of figures, disputed rates, throughput and items for a reviewer member", async () => {
    const figures = await agreement(reviewer, { format: "json" });
    expect(figures.status).toBe(200);
    expect(figures.json.figures.length).toBeGreaterThan(0);
    expect(figures.json.names[bob.id]).toBe("Bob Annotator");
    const disputed = await agreement(reviewer, { table: "disputed" });
    expect(disputed.json.disputedRates[0]).toMatchObject({ benchmark: "VCBENCH", subtype: "E1-Action", items: 3, disputed: 2 });
    const throughput = await agreement(reviewer, { table: "throughput", format: "csv" });
    expect(throughput.text).toContain(`${bob.id},3,0.1,30,2`); // 3 items × 2 min = 0.1 h
    const items = await agreement(reviewer, { table: "items" });
    expect(items.json).toHaveLength(3);
    expect(items.json[1]).toMatchObject({ itemId: itemIds[1], verdict: "disputed", annotators: [ann.id, bob.id], resolution: { resolvedBy: reviewer.id } });
    expect(items.json[1].documents).toHaveLength(2);
    expect(items.json[2].resolution).toBeNull();
    const itemsCsv = await agreement(reviewer, { table: "items", format: "csv" });
    expect(itemsCsv.text.split("\r\n")[0]).toBe("item,benchmark,subtype,annotators,verdict,differences,reasons");
  });

  it("annotators 403, non-member reviewers 404, bad query 400 naming the field", async () => {
    expect((await agreement(ann)).status).toBe(403);
    expect((await agreement(outsider)).status).toBe(404);
    const bad = await agreement(admin, { table: "nope" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("table");
  });

  it("an empty project answers empty tables", async () => {
    const res = await agreement(reviewer, { format: "json" }, emptyProjectId);
    expect(res.status).toBe(200);
    expect(res.json.figures).toEqual([]);
  });
});

describe("annotator feedback", () => {
  const mine = (as: TestUser) => call(myFeedbackRoute, "/api/me/feedback", { as });
  const one = (as: TestUser, id: string) => call(itemFeedbackRoute, `/api/annotations/${id}/feedback`, { as, params: { id } });

  it("lists the caller's annotations of AGREED / RESOLVED items only", async () => {
    const res = await mine(ann);
    expect(res.status).toBe(200);
    const ids = (res.json.feedback as { annotationId: string }[]).map((f) => f.annotationId).sort();
    expect(ids).toEqual([annotationIds[0][0], annotationIds[1][0]].sort());
    const resolved = res.json.feedback.find((f: { itemId: string }) => f.itemId === itemIds[1]);
    expect(resolved).toMatchObject({ status: "RESOLVED", externalId: "e2", agreedWithFinal: false });
    const bobs = await mine(bob);
    expect(bobs.json.feedback.find((f: { itemId: string }) => f.itemId === itemIds[1])).toMatchObject({ agreedWithFinal: true });
  });

  it("404 before the review is finished and for anyone but the author", async () => {
    expect((await one(ann, annotationIds[2][0])).status).toBe(404);
    expect((await one(bob, annotationIds[1][0])).status).toBe(404);
    expect((await one(admin, annotationIds[1][0])).status).toBe(404);
  });

  it("after resolution: their document, the final one, the figures and the reviewer's note", async () => {
    const res = await one(ann, annotationIds[1][0]);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "RESOLVED", externalId: "e2", note: "The second moment at 80 is real." });
    expect(res.json.mine.moments.map((m: { at: { frame: number } }) => m.at.frame)).toEqual([20]);
    expect(res.json.final.moments.map((m: { at: { frame: number } }) => m.at.frame)).toEqual([20, 80]);
    const moments = res.json.comparison.facets.find((f: { name: string }) => f.name === "moments");
    expect(moments.pairs[0]).toMatchObject({ countA: 1, countB: 2, matched: 1 });
    expect(res.json.differences.some((d: { facet: string }) => d.facet === "moments")).toBe(true);
  });
});
