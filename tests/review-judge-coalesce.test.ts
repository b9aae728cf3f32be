import { db, testDb } from "@/tests/support/test-db";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as vsasPut } from "@/app/api/judge/runs/[runId]/vsas/route";
import { POST as uploadRoute } from "@/app/api/projects/[projectId]/runs/route";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { RESCORE_RUN, rescoreKey } from "@/lib/runs/rescore-jobs";
import { rescoreStaleRuns } from "@/lib/runs/rescore-stale";
import { addMembers } from "@/tests/support/members";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";

/**
 * Judgement saves coalesce their rescoring (issue 12), in the job queue (issue 21): a burst of
 * saves flags the run stale and leaves ONE rescore job for the run, due a pause after the last
 * save (at most the maximum wait after the first); it then rescores the run once.
 */
let admin: TestUser;
let rev: TestUser;
let projectId: string;
let runId: string;
let itemId: string;

beforeAll(async () => {
  process.env.PLAYHEAD_JUDGEMENT_RESCORE_QUIET_MS = "300";
  admin = await createTestUser({ role: "ADMIN" });
  rev = await createTestUser({ role: "REVIEWER", name: "Coalescing Judge" });
  const dir = mkdtempSync(path.join(tmpdir(), "judge-coalesce-"));
  const tasks = path.join(dir, "coalesce_vsas.jsonl");
  writeFileSync(tasks, `${JSON.stringify({ task_id: "c-1", video: "c.mp4", task_type: "Present", prompt: "What?", fps: 1, captions: [0, 1, 2, 3, 4].map((t) => ({ t, text: `caption ${t}` })) })}\n`);
  const out = await importBenchmarkFile({ kind: "VSAS", file: tasks, projectName: "Judge coalesce" });
  expect(out.errors).toEqual([]);
  projectId = (await db.project.findUniqueOrThrow({ where: { name: "Judge coalesce" } })).id;
  await addMembers(projectId, rev);
  const body = `${[0, 2].map((t) => JSON.stringify({ task_id: "c-1", t, response: `response ${t}` })).join("\n")}\n`;
  const res = await call(uploadRoute, `/api/projects/${projectId}/runs`, { method: "POST", body, headers: { "x-file-name": "m.jsonl" }, query: { name: "m.jsonl" }, params: { projectId }, as: admin });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  runId = res.json.run.id;
  itemId = (await db.item.findFirstOrThrow({ where: { projectId } })).id;
});

describe(`judgement saves coalesce their rescoring (${testDb.provider})`, () => {
  it("five saves in a burst leave one rescore job, due after the burst pauses; the stale run is rescored once with all five", async () => {
    const saved: number[] = [];
    for (let t = 0; t < 5; t++) {
      const res = await call(vsasPut, `/api/judge/runs/${runId}/vsas`, { method: "PUT", json: { itemId, t, binary: t % 2 === 0 ? 1 : 0, rubric: 2 }, params: { runId }, as: rev });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      saved.push(Date.now());
    }
    expect((await db.modelRun.findUniqueOrThrow({ where: { id: runId } })).stale).toBe(true);
    const jobs = await db.backgroundJob.findMany({ where: { dedupeKey: rescoreKey(runId) } });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: RESCORE_RUN, state: "QUEUED", attempts: 0 });
    // pushed back by each save: due the pause (300 ms) after the last one, not after the first
    expect(jobs[0].runAt.getTime()).toBeGreaterThanOrEqual(saved[3] + 300);
    expect(jobs[0].runAt.getTime()).toBeGreaterThan(jobs[0].createdAt.getTime() + 300);

    // Once due, the job rescores the run once; it is then up to date.
    await new Promise((r) => setTimeout(r, 400));
    const ran = await runJobsUntilIdle({ kinds: [RESCORE_RUN] });
    expect(ran.filter((r) => r.outcome === "SUCCEEDED" && (r.result as { runId: string; rescored: boolean }).rescored).map((r) => (r.result as { runId: string }).runId)).toEqual([runId]);
    const run = await db.modelRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.stale).toBe(false);
    // Binary 1, 0, 1, 0, 1 → A = 3 / 5.
    expect((run.aggregates as { metrics: Record<string, number> }).metrics.accuracy).toBeCloseTo(0.6, 12);
    expect(await rescoreStaleRuns({ projectId })).not.toContain(runId);
  });
});
