import { db, testDb } from "@/tests/support/test-db";
import path from "node:path";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as uploadRoute } from "@/app/api/projects/[projectId]/runs/route";
import { DELETE as deleteRunRoute } from "@/app/api/projects/[projectId]/runs/[runId]/route";
import type { AnnotationDocument } from "@/lib/annotation/document";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import { encodeDerived } from "@/lib/derived/derived-json";
import { forgetDerivedResults } from "@/lib/derived/derived-result";
import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { buildLeaderboard, leaderboardCiKey } from "@/lib/leaderboard/build-leaderboard";
import { LEADERBOARD_CI } from "@/lib/runs/derived-keys";
import { DEFAULT_BOOTSTRAP } from "@/lib/leaderboard/bootstrap-table";
import { compareAnnotations } from "@/lib/review/compare";
import { AGREEMENT_DASHBOARD, agreementDashboardKey, loadAgreementData } from "@/lib/review/dashboard-loader";
import { toStoredAgreement } from "@/lib/review/stored-agreement";
import { e1Doc } from "@/lib/review/test-docs";
import { enqueueRescore, RESCORE_RUN } from "@/lib/runs/rescore-jobs";
import { call } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject } from "./annotation-helpers";

/**
 * Derived results (lib/derived, table DerivedResult): the agreement dashboard's and the
 * leaderboard's bootstrap intervals are computed once per change of their inputs and read back by
 * every later request — of this process or of another instance — as the same numbers a fresh
 * computation gives; a new annotation, a submitted task, a rescoring or an item edit makes the
 * next read compute them again. That a request used the stored result (and did not recompute) is
 * shown by planting a marker value under the current input hash: only a read of the row returns it.
 */
const VIDEO = { fps: 30, frameCount: 300 };
let admin: TestUser;
let reviewer: TestUser;
let ann: TestUser;
let bob: TestUser;

async function seedReview(projectId: string, itemId: string, docs: [AnnotationDocument, AnnotationDocument], status: "AGREED" | "DISPUTED", final: AnnotationDocument | null) {
  const ids: string[] = [];
  for (const [round, [user, doc]] of [[ann, docs[0]] as const, [bob, docs[1]] as const].entries()) {
    const task = await db.task.create({ data: { projectId, itemId, userId: user.id, kind: "ANNOTATE", round: round + 1, status: "SUBMITTED", timeSpentMs: 60_000 * (round + 1), submittedAt: new Date() } });
    const a = await db.annotation.create({ data: { itemId, authorId: user.id, taskId: task.id, data: doc as never, status: "SUBMITTED", submittedAt: new Date() } });
    ids.push(a.id);
  }
  await db.adjudication.create({
    data: { itemId, projectId, kind: "double", status, annotationIds: ids, agreement: toStoredAgreement([ann.id, bob.id], ids, compareAnnotations(docs, VIDEO)) as never, resolution: (final ?? undefined) as never },
  });
}

/** Overwrites the stored value of a derived result, keeping its input hash. */
async function plant(key: string, value: unknown) {
  const { count } = await db.derivedResult.updateMany({ where: { key }, data: { value: encodeDerived(value) } });
  expect(count).toBe(1);
}

const MARKER_DASHBOARD = { figures: [], disputedRates: [], throughput: [{ annotatorId: "planted", items: 1, activeHours: 1, itemsPerHour: 1, medianMinutesPerItem: Number.NaN }] };

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  ann = await createTestUser({ role: "ANNOTATOR" });
  bob = await createTestUser({ role: "ANNOTATOR" });
});

describe(`agreement dashboard, computed once per change (${testDb.provider})`, { timeout: 120_000 }, () => {
  let projectId = "";
  let itemIds: string[] = [];

  beforeAll(async () => {
    const items = ["d1", "d2", "d3", "d4"].map((externalId) => ({ externalId, labels: { subtype: "E1-Action" } }));
    const p = await annotationProject("VCBENCH", items, [reviewer, ann, bob]);
    projectId = p.projectId;
    itemIds = p.itemIds;
    await seedReview(projectId, itemIds[0], [e1Doc([10, 50], [100]), e1Doc([11, 50], [100])], "AGREED", e1Doc([10, 50], [100]));
    await seedReview(projectId, itemIds[1], [e1Doc([30, 90], [120]), e1Doc([60], [120])], "DISPUTED", null);
  });

  it("stores the dashboard; later reads return the stored numbers, identical to a fresh computation", async () => {
    const first = await loadAgreementData(projectId);
    const row = await db.derivedResult.findUniqueOrThrow({ where: { key: agreementDashboardKey(projectId) } });
    expect(row.kind).toBe(AGREEMENT_DASHBOARD);
    expect(first.dashboard.figures.length).toBeGreaterThan(0);
    // Read back from the row (NaN statistics included) = computed afresh.
    const again = await loadAgreementData(projectId);
    expect(again.dashboard).toEqual(first.dashboard);
    expect((await db.derivedResult.findUniqueOrThrow({ where: { key: row.key } })).computedAt).toEqual(row.computedAt);
    await forgetDerivedResults({ kind: AGREEMENT_DASHBOARD });
    expect((await loadAgreementData(projectId)).dashboard).toEqual(first.dashboard);

    // The page and the downloads read the row while the inputs are unchanged.
    await plant(row.key, MARKER_DASHBOARD);
    expect((await loadAgreementData(projectId)).dashboard).toEqual(MARKER_DASHBOARD);
  });

  it("another instance (fresh modules, no shared memory) reads what this one stored", async () => {
    vi.resetModules();
    const other = await import("@/lib/review/dashboard-loader");
    expect(other.loadAgreementData).not.toBe(loadAgreementData);
    expect((await other.loadAgreementData(projectId)).dashboard).toEqual(MARKER_DASHBOARD);
  });

  it("a new double review (annotations, tasks, adjudication) makes the next read compute it again", async () => {
    const before = await db.derivedResult.findUniqueOrThrow({ where: { key: agreementDashboardKey(projectId) } });
    await seedReview(projectId, itemIds[2], [e1Doc([20], [100]), e1Doc([20, 80], [100])], "DISPUTED", null);
    const changed = await loadAgreementData(projectId);
    expect(changed.dashboard).not.toEqual(MARKER_DASHBOARD);
    const after = await db.derivedResult.findUniqueOrThrow({ where: { key: before.key } });
    expect(after.inputHash).not.toBe(before.inputHash);
    await forgetDerivedResults({ keyPrefix: before.key });
    expect((await loadAgreementData(projectId)).dashboard).toEqual(changed.dashboard);
    // Three double-reviewed items now, two of them disputed.
    expect(Math.max(...changed.dashboard.disputedRates.map((r) => r.items))).toBe(3);
    expect(Math.max(...changed.dashboard.disputedRates.map((r) => r.disputed))).toBe(2);
  });

  it("a changed final document (an adjudication's resolution) makes the next read compare and compute again", async () => {
    const key = agreementDashboardKey(projectId);
    await loadAgreementData(projectId);
    await plant(key, MARKER_DASHBOARD);
    const adjudication = await db.adjudication.findFirstOrThrow({ where: { projectId, itemId: itemIds[0] } });
    await db.adjudication.update({ where: { id: adjudication.id }, data: { resolution: e1Doc([11, 50], [100]) as never, version: { increment: 1 } } });
    const changed = await loadAgreementData(projectId);
    expect(changed.dashboard).not.toEqual(MARKER_DASHBOARD);
    await forgetDerivedResults({ keyPrefix: key });
    expect((await loadAgreementData(projectId)).dashboard).toEqual(changed.dashboard);
  });

  it("a submitted task's time (throughput) changes the inputs too", async () => {
    const key = agreementDashboardKey(projectId);
    await plant(key, MARKER_DASHBOARD);
    await db.task.create({ data: { projectId, itemId: itemIds[3], userId: ann.id, kind: "ANNOTATE", round: 1, status: "SUBMITTED", timeSpentMs: 90_000, submittedAt: new Date() } });
    const fresh = await loadAgreementData(projectId);
    expect(fresh.dashboard).not.toEqual(MARKER_DASHBOARD);
    expect(fresh.dashboard.throughput.find((t) => t.annotatorId === ann.id)?.items).toBe(4);
  });
});

describe(`leaderboard bootstrap intervals, computed once per change (${testDb.provider})`, { timeout: 180_000 }, () => {
  const fx = (...p: string[]) => path.join(process.cwd(), "tests/fixtures", ...p);
  let projectId = "";
  let runId = "";
  const key = () => leaderboardCiKey(runId, "reference", DEFAULT_BOOTSTRAP);
  const MARKER = { "overall.gpa": { lower: 0.125, upper: 0.25, standardError: null, validResamples: 3 } };
  const ciOf = async () => (await buildLeaderboard(projectId, { ci: true, ensureChance: false })).rows.find((r) => r.runId === runId)!.ci!;

  beforeAll(async () => {
    const name = "derived leaderboard";
    const out = await importBenchmarkFile({ kind: "VCBENCH", file: fx("vcbench", "vcbench_data.jsonl"), projectName: name });
    expect(out.errors).toEqual([]);
    projectId = (await db.project.findUniqueOrThrow({ where: { name } })).id;
    await addMembers(projectId, reviewer);
    const res = await call(uploadRoute, "/x", { method: "POST", body: readFileSync(fx("vcbench", "preds-unified.jsonl"), "utf8"), query: { name: "model unified" }, params: { projectId }, as: admin });
    expect(res.status, res.text).toBe(201);
    runId = res.json.run.id;
  });

  it("stores each run's intervals; later reads return them, identical to a fresh computation", async () => {
    const first = await ciOf();
    expect(first["overall.gpa"].upper).toBeGreaterThan(first["overall.gpa"].lower);
    const row = await db.derivedResult.findUniqueOrThrow({ where: { key: key() } });
    expect(row.kind).toBe(LEADERBOARD_CI);
    expect(await ciOf()).toEqual(first);
    await forgetDerivedResults({ kind: LEADERBOARD_CI });
    expect(await ciOf()).toEqual(first);
    await plant(key(), MARKER);
    expect((await ciOf())["overall.gpa"]).toEqual({ lower: 12.5, upper: 25 });
    // Another instance reads the same row.
    vi.resetModules();
    const other = await import("@/lib/leaderboard/build-leaderboard");
    const row2 = (await other.buildLeaderboard(projectId, { ci: true, ensureChance: false })).rows.find((r) => r.runId === runId)!;
    expect(row2.ci!["overall.gpa"]).toEqual({ lower: 12.5, upper: 25 });
  });

  it("a rescoring of the run makes the next read compute them again", async () => {
    const fresh = await (async () => {
      const saved = await db.derivedResult.findUniqueOrThrow({ where: { key: key() } });
      await forgetDerivedResults({ keyPrefix: key() });
      const ci = await ciOf();
      await db.derivedResult.update({ where: { key: key() }, data: { value: saved.value } });
      return ci;
    })();
    expect((await ciOf())["overall.gpa"]).toEqual({ lower: 12.5, upper: 25 });
    await enqueueRescore(runId, { force: true });
    expect((await runJobsUntilIdle({ kinds: [RESCORE_RUN] })).map((a) => a.outcome)).toEqual(["SUCCEEDED"]);
    expect(await ciOf()).toEqual(fresh);
  });

  it("an edit of the project's items (labels group the scores) makes the next read compute them again", async () => {
    const fresh = await ciOf();
    await plant(key(), MARKER);
    const item = await db.item.findFirstOrThrow({ where: { projectId, status: "ACTIVE" }, orderBy: { ordinal: "asc" } });
    await db.item.update({ where: { id: item.id }, data: { question: `${item.question} (edited)` } });
    expect(await ciOf()).toEqual(fresh);
  });

  it("deleting a run deletes its stored intervals (they have no foreign key), and no other run's", async () => {
    const upload = async (name: string) => {
      const res = await call(uploadRoute, "/x", { method: "POST", body: readFileSync(fx("vcbench", "preds-unified.jsonl"), "utf8"), query: { name }, params: { projectId }, as: admin });
      expect(res.status, res.text).toBe(201);
      return res.json.run.id as string;
    };
    const doomed = await upload("model doomed");
    const kept = await upload("model kept");
    await buildLeaderboard(projectId, { ci: true, ensureChance: false });
    const storedFor = async (id: string) => (await db.derivedResult.findMany({ where: { key: { startsWith: `${LEADERBOARD_CI}:${id}:` } } })).length;
    expect(await storedFor(doomed)).toBe(1);
    expect(await storedFor(kept)).toBe(1);
    const res = await call(deleteRunRoute, "/x", { method: "DELETE", params: { projectId, runId: doomed }, as: admin });
    expect(res.status, res.text).toBe(200);
    expect(await storedFor(doomed)).toBe(0);
    expect(await storedFor(kept)).toBe(1);
    expect(await storedFor(runId)).toBe(1);
  });
});
