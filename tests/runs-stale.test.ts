import { db, testDb } from "@/tests/support/test-db";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/projects/[projectId]/runs/route";
import { POST as rescoreRoute } from "@/app/api/projects/[projectId]/runs/[runId]/rescore/route";
import { GET as leaderboardRoute } from "@/app/api/projects/[projectId]/leaderboard/route";
import { PATCH as itemRoute } from "@/app/api/projects/[projectId]/items/[itemId]/route";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import { onTruthChanged } from "@/lib/runs/mark-stale";
import { bumpTruthVersion, markStaleRuns } from "@/lib/truth/truth-version";
import { createDbClient } from "@/lib/db/prisma";
import { claimCandidate, CANDIDATE_SELECT } from "@/lib/jobs/claim";
import { JobRunner } from "@/lib/jobs/runner";
import { enqueueRescore, RESCORE_RUN, SWEEP_STALE_RUNS } from "@/lib/runs/rescore-jobs";
import { rescoreStaleRuns } from "@/lib/runs/rescore-stale";
import * as vcbenchCli from "@/lib/score-cli/vcbench";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";

/**
 * Stale runs and rescoring: a truth edit bumps the project's truthVersion, runs scored at an
 * older version are flagged stale (leaderboard too), and rescoring from the stored predictions
 * gives the scores of the new truth — checked against the command-line scorer run on a truth
 * file carrying the same edit (fixture: tests/fixtures/vcbench, see its README).
 */
const VC = path.join(process.cwd(), "tests/fixtures/vcbench");
const tmp = mkdtempSync(path.join(os.tmpdir(), "playhead-runs-stale-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let admin: TestUser;
let projectId: string;
let runId: string;

async function leaderboard(as: TestUser) {
  return call(leaderboardRoute, "/x", { as, params: { projectId } });
}

/** vcbench_data.jsonl with item `id`'s stored counts replaced. */
function editedTruthFile(id: string, counts: number[]): string {
  const lines = readFileSync(path.join(VC, "vcbench_data.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
  for (const r of lines) if (r.id === id) r.query_points.count = counts;
  const file = path.join(tmp, `truth-${Date.now()}.jsonl`);
  writeFileSync(file, lines.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return file;
}

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  await importBenchmarkFile({ kind: "VCBENCH", file: path.join(VC, "vcbench_data.jsonl"), projectName: "stale" });
  projectId = (await db.project.findUniqueOrThrow({ where: { name: "stale" } })).id;
  const res = await call(uploadRoute, "/x", { method: "POST", body: readFileSync(path.join(VC, "preds-unified.jsonl"), "utf8"), query: { name: "m1" }, params: { projectId }, as: admin });
  expect(res.status).toBe(201);
  runId = res.json.run.id;
});

describe(`runs: stale and rescoring (${testDb.provider})`, () => {
  it("edit an ItemTruth → run marked stale → rescore → aggregates of the new truth", async () => {
    const before = await db.modelRun.findUniqueOrThrow({ where: { id: runId } });
    const item = await db.item.findFirstOrThrow({ where: { projectId, externalId: "0000" } });
    await db.$transaction(async (tx) => {
      await tx.itemTruth.update({ where: { itemId: item.id }, data: { answer: [0, 2, 0], version: { increment: 1 } } });
      await bumpTruthVersion(projectId, tx);
    });
    const stale = await db.modelRun.findUniqueOrThrow({ where: { id: runId } });
    expect(stale).toMatchObject({ stale: true, truthVersion: 1, status: "DONE" });
    const lb = await leaderboard(admin);
    expect(lb.json.rows.find((r: any) => r.runId === runId)).toMatchObject({ stale: true, truthVersion: 1 });

    const done = await rescoreStaleRuns({ projectId });
    expect(done).toEqual([runId]);
    const after = await db.modelRun.findUniqueOrThrow({ where: { id: runId } });
    expect(after).toMatchObject({ stale: false, truthVersion: 2, status: "DONE" });
    const cli = await vcbenchCli.scoreFiles({ truth: editedTruthFile("0000", [0, 2, 0]), preds: path.join(VC, "preds-unified.jsonl") });
    const m = (after.aggregates as any).metrics;
    expect(m.overall).toEqual(cli.result.overall);
    expect(m.by_subtype).toEqual(cli.result.by_subtype);
    expect(m.overall.gpa).not.toBe((before.aggregates as any).metrics.overall.gpa);
    expect((after.aggregates as any).meta.rescored_at_truth_version).toBe("2");
    expect((await leaderboard(admin)).json.rows.find((r: any) => r.runId === runId).stale).toBe(false);
  });

  it("a truth bump that forgot to mark runs is still flagged, and the sweep rescores it", async () => {
    await db.project.update({ where: { id: projectId }, data: { truthVersion: { increment: 1 } } });
    const lb = await leaderboard(admin);
    expect(lb.json.rows.find((r: any) => r.runId === runId).stale).toBe(true);
    expect((await db.modelRun.findUniqueOrThrow({ where: { id: runId } })).stale).toBe(false);
    expect(await rescoreStaleRuns()).toContain(runId);
    expect(await db.modelRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ stale: false, truthVersion: 3 });
  });

  it("a re-import that changes truth makes the run stale; rescoring matches the CLI on the new file", async () => {
    const file = editedTruthFile("0179", [0, 0, 1]);
    const out = await importBenchmarkFile({ kind: "VCBENCH", file, projectName: "stale" });
    expect(out.errors).toEqual([]);
    expect(out.updated).toBeGreaterThan(0);
    // Flagged by the import's own transaction, no separate call needed.
    expect((await db.modelRun.findUniqueOrThrow({ where: { id: runId } })).stale).toBe(true);
    expect(await markStaleRuns(projectId)).toBe(0);
    await rescoreStaleRuns({ projectId });
    const after = await db.modelRun.findUniqueOrThrow({ where: { id: runId } });
    const cli = await vcbenchCli.scoreFiles({ truth: file, preds: path.join(VC, "preds-unified.jsonl") });
    expect((after.aggregates as any).metrics.overall).toEqual(cli.result.overall);
    expect(after.stale).toBe(false);
  });

  it("one rescore job per run across instances; a job whose instance died mid-rescore is taken over after its lease", async () => {
    await db.modelRun.update({ where: { id: runId }, data: { stale: true } });
    const other = createDbClient();
    try {
      // requests from two instances at once: one job
      const queued = await Promise.all([enqueueRescore(runId), enqueueRescore(runId), enqueueRescore(runId)]);
      expect(new Set(queued.map((q) => q.id)).size).toBe(1);
      // an instance claims it, marks the run RUNNING and dies (no renewal, no outcome)
      const candidate = await db.backgroundJob.findUniqueOrThrow({ where: { id: queued[0].id }, select: CANDIDATE_SELECT });
      const dead = await claimCandidate(other, candidate, { instanceId: "dead", leaseMs: 200, now: new Date() });
      expect(dead && dead !== "failed").toBe(true);
      await db.modelRun.update({ where: { id: runId }, data: { status: "RUNNING", scoredAt: new Date() } });
      // while it is held, another request folds into it (its key holds while it runs)
      expect((await enqueueRescore(runId)).id).toBe(queued[0].id);
      await new Promise((r) => setTimeout(r, 300));
      // lease expired: the job is taken over and the run rescored, once
      expect(await rescoreStaleRuns({ projectId })).toEqual([runId]);
      expect(await db.backgroundJob.findUniqueOrThrow({ where: { id: queued[0].id } })).toMatchObject({ state: "SUCCEEDED", attempts: 2 });
      expect(await db.modelRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "DONE", stale: false });
      expect(await rescoreStaleRuns({ projectId })).toEqual([]);
    } finally {
      await other.$disconnect();
    }
  });

  it("POST .../rescore rescores on request (reviewers; 403 for annotators)", async () => {
    const annotator = await createTestUser({ role: "ANNOTATOR" });
    expect((await call(rescoreRoute, "/x", { method: "POST", as: annotator, params: { projectId, runId } })).status).toBe(403);
    const res = await call(rescoreRoute, "/x", { method: "POST", as: admin, params: { projectId, runId } });
    expect(res.status).toBe(200);
    expect(res.json.run).toMatchObject({ id: runId, status: "DONE", stale: false });
  });

  it("an item edit through the API marks the run stale in its transaction; the background runner (its stale-run sweep) rescores it to the new truth", async () => {
    const item = await db.item.findFirstOrThrow({ where: { projectId, externalId: "0018" }, include: { truth: true } });
    const oldAnswer = item.truth!.answer as number[];
    const newAnswer = oldAnswer.map((n) => n + 1);
    const before = await db.runItemResult.findUniqueOrThrow({ where: { runId_itemId: { runId, itemId: item.id } } });
    const patched = await call(itemRoute, "/x", { method: "PATCH", as: admin, params: { projectId, itemId: item.id }, json: { version: item.version, truth: { answer: newAnswer }, reason: "recount" } });
    expect(patched.status).toBe(200);
    expect(patched.json.result.truthChanged).toBe(true);
    const stale = await db.modelRun.findUniqueOrThrow({ where: { id: runId } });
    expect(stale.stale).toBe(true);
    expect((await leaderboard(admin)).json.rows.find((r: any) => r.runId === runId).stale).toBe(true);

    const runner = new JobRunner({ kinds: [RESCORE_RUN, SWEEP_STALE_RUNS], ownSlots: true, config: { pollMs: 100, instanceId: "loop-1" } }).start();
    try {
      const deadline = Date.now() + 20_000;
      let run = stale;
      while ((run.stale || run.status !== "DONE") && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        run = await db.modelRun.findUniqueOrThrow({ where: { id: runId } });
      }
      const project = await db.project.findUniqueOrThrow({ where: { id: projectId } });
      expect(run).toMatchObject({ stale: false, status: "DONE", truthVersion: project.truthVersion });
      // The stored per-item result is scored against the edited truth:
      const result = await db.runItemResult.findUniqueOrThrow({ where: { runId_itemId: { runId, itemId: item.id } } });
      expect(result.parsed).toEqual(oldAnswer); // this run predicted the old truth exactly...
      expect((before.scores as any).gpa).toBe(1);
      expect((result.scores as any).gpa).toBeLessThan(0.01); // ...so after the edit it is far off
      // ...and the aggregates equal the command-line scorer on a truth file with the same edit
      // (the earlier tests' edits applied too).
      const lines = readFileSync(path.join(VC, "vcbench_data.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
      const rows = await db.item.findMany({ where: { projectId }, include: { truth: true } });
      const truthOf = new Map(rows.map((r) => [r.externalId, r.truth!.answer]));
      for (const r of lines) r.query_points.count = truthOf.get(r.id);
      const file = path.join(tmp, "truth-api-edit.jsonl");
      writeFileSync(file, lines.map((r) => JSON.stringify(r)).join("\n") + "\n");
      const cli = await vcbenchCli.scoreFiles({ truth: file, preds: path.join(VC, "preds-unified.jsonl") });
      expect((run.aggregates as any).metrics.overall).toEqual(cli.result.overall);
      expect((run.aggregates as any).metrics.by_subtype).toEqual(cli.result.by_subtype);
    } finally {
      await runner.stop();
    }
  });

  it("the background runner rescores after onTruthChanged", async () => {
    // The stale-run sweep is an hour away and the runner polls once a minute: only the wake-up
    // of the jobs onTruthChanged queues can rescore the run now.
    await db.backgroundJob.updateMany({ where: { kind: SWEEP_STALE_RUNS }, data: { runAt: new Date(Date.now() + 3600_000) } });
    const runner = new JobRunner({ kinds: [RESCORE_RUN, SWEEP_STALE_RUNS], ownSlots: true, config: { pollMs: 60_000, instanceId: "loop-2" } }).start();
    try {
      await new Promise((r) => setTimeout(r, 200)); // its first poll is over
      const item = await db.item.findFirstOrThrow({ where: { projectId, externalId: "0002" } });
      await db.$transaction(async (tx) => {
        await tx.itemTruth.update({ where: { itemId: item.id }, data: { answer: [1, 1, 1] } });
        await tx.project.update({ where: { id: projectId }, data: { truthVersion: { increment: 1 } } });
      });
      expect(await onTruthChanged(projectId)).toBe(1);
      const deadline = Date.now() + 20_000;
      let run = await db.modelRun.findUniqueOrThrow({ where: { id: runId } });
      while ((run.stale || run.status !== "DONE") && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        run = await db.modelRun.findUniqueOrThrow({ where: { id: runId } });
      }
      const project = await db.project.findUniqueOrThrow({ where: { id: projectId } });
      expect(run).toMatchObject({ stale: false, status: "DONE", truthVersion: project.truthVersion });
    } finally {
      await runner.stop();
    }
  });
});
