import { db, testDb } from "@/tests/support/test-db";
import { parse as parseCsv } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as queuesRoute } from "@/app/api/judge/queues/route";
import { GET as ecGet, PUT as ecPut } from "@/app/api/judge/runs/[runId]/ec/route";
import { GET as vsasGet, PUT as vsasPut } from "@/app/api/judge/runs/[runId]/vsas/route";
import { GET as leaderboardRoute } from "@/app/api/projects/[projectId]/leaderboard/route";
import { DEMO_EC_RUN, DEMO_VSAS_RUN } from "@/lib/demo/demo-judging-runs";
import { seedDemoJudging } from "@/lib/demo/seed-judging";
import { seedDemoAccounts, seedDemoFormProjects } from "@/lib/demo/seed-demo";
import { seedDemoMembers } from "@/lib/demo/seed-members";
import { rescoreRunNow } from "@/lib/runs/rescore-stale";
import { call } from "@/tests/support/requests";

/**
 * Issue 19.11 on the demo seed: the seeded reviewer finds a VSAS run (10 seconds) and an EC-Bench
 * enumeration run to judge; with 1 second judged the run's accuracy is over that second and the
 * run is partial (judged 1 of 10: no rank on the leaderboard, `final: no` in its CSV / JSON);
 * with every second judged it is final and ranked.
 */
type User = { id: string; role: string; email: string };
let reviewer: User;
let vsasRun = "";
let vsasProject = "";
let ecRun = "";

beforeAll(async () => {
  await seedDemoAccounts(db, "demo-password-1");
  await seedDemoFormProjects(db);
  await seedDemoMembers(db);
  expect(await seedDemoJudging(db)).toEqual({ runs: 2, created: 2 });
  expect(await seedDemoJudging(db)).toEqual({ runs: 2, created: 0 });
  reviewer = (await db.user.findUniqueOrThrow({ where: { email: "reviewer@playhead.local" } })) as User;
  const v = await db.modelRun.findFirstOrThrow({ where: { name: DEMO_VSAS_RUN } });
  vsasRun = v.id;
  vsasProject = v.projectId;
  ecRun = (await db.modelRun.findFirstOrThrow({ where: { name: DEMO_EC_RUN } })).id;
}, 120_000);

const run = async (id: string) => db.modelRun.findUniqueOrThrow({ where: { id } });
const metrics = async (id: string) => ((await run(id)).aggregates as { metrics: Record<string, number | null> }).metrics;
const judging = async (id: string) => ((await run(id)).aggregates as { judging?: unknown }).judging;
const leaderboard = (query: Record<string, string> = {}) => call(leaderboardRoute, `/api/projects/${vsasProject}/leaderboard`, { as: reviewer, params: { projectId: vsasProject }, query });

describe(`demo judge queues and partial scores (${testDb.provider})`, () => {
  it("the seeded reviewer finds both queues with work", async () => {
    const queues = await call(queuesRoute, "/api/judge/queues", { as: reviewer });
    expect(queues.status).toBe(200);
    const runs = queues.json.projects.flatMap((p: { runs: { id: string; total: number; mine: number }[] }) => p.runs);
    expect(runs.find((r: { id: string }) => r.id === vsasRun)).toMatchObject({ total: 10, mine: 0 });
    expect(runs.find((r: { id: string }) => r.id === ecRun)).toMatchObject({ total: 1, mine: 0 });
    // Stored at upload: nothing judged, VSAS accuracy not computed, not final.
    expect((await metrics(vsasRun)).accuracy).toBeNull();
    expect(await judging(vsasRun)).toEqual({ unit: "second", judged: 0, total: 10, final: false, basis: "judged" });
    expect(await judging(ecRun)).toEqual({ unit: "enumeration answer", judged: 0, total: 1, final: true, basis: "automatic" });
  });

  it("1 of 10 seconds judged: accuracy over that second, partial, unranked on the leaderboard and in its CSV", async () => {
    const page = await call(vsasGet, `/api/judge/runs/${vsasRun}/vsas`, { as: reviewer, params: { runId: vsasRun } });
    const itemId = page.json.tasks[0].itemId as string;
    const put = await call(vsasPut, `/api/judge/runs/${vsasRun}/vsas`, { method: "PUT", as: reviewer, params: { runId: vsasRun }, json: { itemId, t: 1, binary: 1, rubric: 3 } });
    expect(put.status, put.text).toBe(200);
    expect(await rescoreRunNow(vsasRun)).toBe("done");
    // Before: A_t = 1/10 ("Accuracy A: 0.100"): unjudged seconds counted wrong.
    expect((await metrics(vsasRun)).accuracy).toBe(1);
    expect(await judging(vsasRun)).toEqual({ unit: "second", judged: 1, total: 10, final: false, basis: "judged" });
    const view = await call(vsasGet, `/api/judge/runs/${vsasRun}/vsas`, { as: reviewer, params: { runId: vsasRun } });
    expect(view.json.score.judging).toMatchObject({ judged: 1, total: 10, final: false });

    const lb = await leaderboard();
    const row = lb.json.rows.find((r: { runId: string }) => r.runId === vsasRun);
    expect(row).toMatchObject({ rank: null, judging: { judged: 1, total: 10, final: false } });
    expect(row.values["acc.overall"]).toBe(100);
    expect(lb.json.rows[lb.json.rows.length - 1].runId).toBe(vsasRun);
    const csv = parseCsv((await leaderboard({ format: "csv" })).text, { columns: true }) as Record<string, string>[];
    expect(csv.find((r) => r.run === DEMO_VSAS_RUN)).toMatchObject({ rank: "", judged: "1", judged_of: "10", final: "no" });
  });

  it("every second judged: final, ranked", async () => {
    const page = await call(vsasGet, `/api/judge/runs/${vsasRun}/vsas`, { as: reviewer, params: { runId: vsasRun } });
    const itemId = page.json.tasks[0].itemId as string;
    // Yes at the even seconds and at 1 (judged above), no elsewhere: 6 of 10.
    for (let t = 0; t < 10; t++) {
      if (t === 1) continue;
      const res = await call(vsasPut, `/api/judge/runs/${vsasRun}/vsas`, { method: "PUT", as: reviewer, params: { runId: vsasRun }, json: { itemId, t, binary: t % 2 === 0 ? 1 : 0, rubric: 2 } });
      expect(res.status).toBe(200);
    }
    expect(await rescoreRunNow(vsasRun)).toBe("done");
    expect((await metrics(vsasRun)).accuracy).toBeCloseTo(0.6, 12);
    expect(await judging(vsasRun)).toMatchObject({ judged: 10, total: 10, final: true });
    const row = (await leaderboard()).json.rows.find((r: { runId: string }) => r.runId === vsasRun);
    expect(row.rank).toBeGreaterThanOrEqual(1);
    const csv = parseCsv((await leaderboard({ format: "csv" })).text, { columns: true }) as Record<string, string>[];
    expect(csv.find((r) => r.run === DEMO_VSAS_RUN)).toMatchObject({ judged: "10", judged_of: "10", final: "yes" });
    expect(Number(csv.find((r) => r.run === DEMO_VSAS_RUN)!.rank)).toBeGreaterThanOrEqual(1);
  });

  it("EC-Bench: matching the one enumeration answer by hand makes the run judged 1 of 1, final", async () => {
    const page = await call(ecGet, `/api/judge/runs/${ecRun}/ec`, { as: reviewer, params: { runId: ecRun } });
    expect(page.status, page.text).toBe(200);
    const item = page.json.items[0];
    expect(item.predicted).toEqual(["red square", "yellow circle", "green box"]);
    const matches = [{ pred: 0, truth: 0 }, { pred: 1, truth: 1 }, { pred: 2, truth: 2 }];
    const put = await call(ecPut, `/api/judge/runs/${ecRun}/ec`, { method: "PUT", as: reviewer, params: { runId: ecRun }, json: { itemId: item.itemId, matches } });
    expect(put.status, put.text).toBe(200);
    expect(await rescoreRunNow(ecRun)).toBe("done");
    expect(await judging(ecRun)).toEqual({ unit: "enumeration answer", judged: 1, total: 1, final: true, basis: "judged" });
    expect((await metrics(ecRun)).enumeration_tp_total).toBe(3);
  });
});
