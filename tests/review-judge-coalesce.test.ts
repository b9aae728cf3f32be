import { db, testDb } from "@/tests/support/test-db";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PUT as vsasPut } from "@/app/api/judge/runs/[runId]/vsas/route";
import { POST as uploadRoute } from "@/app/api/projects/[projectId]/runs/route";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import { rescoreStaleRuns } from "@/lib/runs/rescore-stale";
import * as rescoreStale from "@/lib/runs/rescore-stale";
import { addMembers } from "@/tests/support/members";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";

vi.mock("@/lib/runs/rescore-stale", async (original) => ({ ...(await original<typeof import("@/lib/runs/rescore-stale")>()), kickRescore: vi.fn() }));

/**
 * Judgement saves coalesce their rescoring (issue 12): a burst of saves flags the run stale and
 * wakes the rescoring loop once, after the burst pauses; the loop then rescores the run once.
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
  it("five saves in a burst wake the loop once; the stale run is rescored once with all five", async () => {
    const kick = vi.mocked(rescoreStale.kickRescore);
    kick.mockClear();
    for (let t = 0; t < 5; t++) {
      const res = await call(vsasPut, `/api/judge/runs/${runId}/vsas`, { method: "PUT", json: { itemId, t, binary: t % 2 === 0 ? 1 : 0, rubric: 2 }, params: { runId }, as: rev });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    expect(kick).not.toHaveBeenCalled();
    expect((await db.modelRun.findUniqueOrThrow({ where: { id: runId } })).stale).toBe(true);
    await vi.waitFor(() => expect(kick).toHaveBeenCalledTimes(1), { timeout: 3000, interval: 50 });
    await new Promise((r) => setTimeout(r, 500));
    expect(kick).toHaveBeenCalledTimes(1);

    // The loop's tick: the run is rescored once and is then up to date.
    expect((await rescoreStaleRuns({ projectId })).filter((id) => id === runId)).toEqual([runId]);
    const run = await db.modelRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.stale).toBe(false);
    // Binary 1, 0, 1, 0, 1 → A = 3 / 5.
    expect((run.aggregates as { metrics: Record<string, number> }).metrics.accuracy).toBeCloseTo(0.6, 12);
    expect(await rescoreStaleRuns({ projectId })).not.toContain(runId);
  });
});
