import { db, testDb } from "@/tests/support/test-db";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as queuesRoute } from "@/app/api/judge/queues/route";
import { GET as ecGet, PUT as ecPut } from "@/app/api/judge/runs/[runId]/ec/route";
import { GET as vsasGet, PUT as vsasPut } from "@/app/api/judge/runs/[runId]/vsas/route";
import { POST as uploadRoute } from "@/app/api/projects/[projectId]/runs/route";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import type { BenchmarkKindName } from "@/lib/benchmarks/types";
import { judgeCountsByProject } from "@/lib/judging/judge-counts";
import { rescoreRunNow, rescoreStaleRuns } from "@/lib/runs/rescore-stale";
import { addMembers } from "@/tests/support/members";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";

/**
 * Human judge queues (issue 12): reviewers grade a VSAS run second by second and match EC-Bench
 * enumeration items; the Judgement rows are upserted idempotently, change the run's stored score
 * when it is rescored, and two reviewers' verdicts give judge-vs-judge kappa.
 * Expected values are worked out by hand in the comments.
 */
const dir = mkdtempSync(path.join(tmpdir(), "judge-"));
let admin: TestUser;
let rev1: TestUser;
let rev2: TestUser;
let outsider: TestUser;
let annotator: TestUser;
let vsasProject: string;
let vsasRun: string;
let ecProject: string;
let ecRun: string;
let ecItem: string;

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
}

async function project(kind: BenchmarkKindName, filePath: string, name: string): Promise<string> {
  const out = await importBenchmarkFile({ kind, file: filePath, projectName: name });
  expect(out.errors).toEqual([]);
  return (await db.project.findUniqueOrThrow({ where: { name } })).id;
}

async function upload(projectId: string, text: string, fileName: string): Promise<string> {
  const res = await call(uploadRoute, `/api/projects/${projectId}/runs`, { method: "POST", body: text, headers: { "x-file-name": fileName }, query: { name: fileName }, params: { projectId }, as: admin });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.run.id;
}

const judge = (runId: string, as: TestUser, json: unknown) => call(vsasPut, `/api/judge/runs/${runId}/vsas`, { method: "PUT", json, params: { runId }, as });
const match = (runId: string, as: TestUser, json: unknown) => call(ecPut, `/api/judge/runs/${runId}/ec`, { method: "PUT", json, params: { runId }, as });
const metricsOf = async (runId: string) => ((await db.modelRun.findUniqueOrThrow({ where: { id: runId } })).aggregates as { metrics: Record<string, number | null> }).metrics;

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  rev1 = await createTestUser({ role: "REVIEWER", name: "Ada Judge" });
  rev2 = await createTestUser({ role: "REVIEWER", name: "Bea Judge" });
  outsider = await createTestUser({ role: "REVIEWER", name: "Out Sider" });
  annotator = await createTestUser({ role: "ANNOTATOR" });

  const tasks = file(
    "judge_vsas.jsonl",
    `${JSON.stringify({ task_id: "j-1", video: "kitchen.mp4", task_type: "Present", prompt: "What is held?", fps: 1, captions: [0, 1, 2, 3].map((t) => ({ t, text: `caption ${t}` })) })}\n`,
  );
  vsasProject = await project("VSAS", tasks, "Judge VSAS");
  await addMembers(vsasProject, rev1, rev2, annotator);
  const responses = [0, 1, 2].map((t) => JSON.stringify({ task_id: "j-1", t, response: `response ${t}` })).join("\n");
  vsasRun = await upload(vsasProject, `${responses}\n`, "model-v.jsonl");

  const header = "video_url,video_id,video_type,question_id,question_type,task_type,question,clips,answer,count_details";
  const truth = file(
    "judge_ec.csv",
    `${header}\n,1,cartoon,1,A,Counting,How many?,"[0:00:01,0:00:02]",2,\n,1,cartoon,2,B,Enumeration,List the vehicles.,"[0:00:03,0:00:09]","fire truck, ambulance, police car",\n`,
  );
  ecProject = await project("ECBENCH", truth, "Judge EC");
  await addMembers(ecProject, rev1, rev2, annotator);
  ecRun = await upload(ecProject, `${header},model_A\n,1,cartoon,1,A,Counting,How many?,"[0:00:01,0:00:02]",2,,2\n,1,cartoon,2,B,Enumeration,List the vehicles.,"[0:00:03,0:00:09]","fire truck, ambulance, police car",,"Fire engine, ambulance, bicycle"\n`, "model-e.csv");
  ecItem = (await db.item.findFirstOrThrow({ where: { projectId: ecProject, externalId: "2" } })).id;
});

describe(`judge queues (${testDb.provider})`, () => {
  it("only reviewer and admin members reach a queue: annotators 403, non-members 404", async () => {
    const get = (as: TestUser) => call(vsasGet, `/api/judge/runs/${vsasRun}/vsas`, { params: { runId: vsasRun }, as });
    expect((await get(annotator)).status).toBe(403);
    expect((await get(outsider)).status).toBe(404);
    expect((await get(admin)).status).toBe(200);
    const ok = await get(rev1);
    expect(ok.status).toBe(200);
    const task = ok.json.tasks[0];
    expect(task.externalId).toBe("j-1");
    // The response at t=3 is the latest earlier one (extrapolation, as the scorer).
    expect(task.seconds.map((s: any) => [s.t, s.caption, s.response, s.mine])).toEqual([
      [0, "caption 0", "response 0", null],
      [1, "caption 1", "response 1", null],
      [2, "caption 2", "response 2", null],
      [3, "caption 3", "response 2", null],
    ]);
    expect((await judge(vsasRun, outsider, { itemId: task.itemId, t: 0, binary: 1, rubric: 3 })).status).toBe(404);
    expect((await judge(vsasRun, annotator, { itemId: task.itemId, t: 0, binary: 1, rubric: 3 })).status).toBe(403);
    expect((await call(ecGet, `/api/judge/runs/${vsasRun}/ec`, { params: { runId: vsasRun }, as: rev1 })).status).toBe(422);
    const queues = await call(queuesRoute, "/api/judge/queues", { as: outsider });
    expect(queues.json.projects.map((p: any) => p.name)).not.toContain("Judge VSAS");
    expect((await call(queuesRoute, "/api/judge/queues", { as: annotator })).status).toBe(403);
  });

  it("VSAS: a verdict is upserted once per (item, second, reviewer); bad input names the field", async () => {
    const itemId = (await db.item.findFirstOrThrow({ where: { projectId: vsasProject } })).id;
    const first = await judge(vsasRun, rev1, { itemId, t: 0, binary: 0, rubric: 1 });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.subjectKey).toBe(`run:${vsasRun}:t:0`);
    expect((await judge(vsasRun, rev1, { itemId, t: 0, binary: 1, rubric: 3 })).status).toBe(200);
    expect((await judge(vsasRun, rev1, { itemId, t: 0, binary: 1, rubric: 3 })).status).toBe(200);
    const rows = await db.judgement.findMany({ where: { itemId, subjectKey: `run:${vsasRun}:t:0` } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ judgeId: rev1.id, judgeKind: "human", verdict: { binary: 1, rubric: 3 } });

    const bad = await judge(vsasRun, rev1, { itemId, t: 1, binary: 1, rubric: 5 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/rubric/);
    const noCaption = await judge(vsasRun, rev1, { itemId, t: 7, binary: 1, rubric: 1 });
    expect(noCaption.status).toBe(422);
    expect(noCaption.json.details?.field ?? JSON.stringify(noCaption.json)).toMatch(/t/);
  });

  it("VSAS: the run's stored accuracy and rubric mean follow the judgements; two reviewers give kappa", async () => {
    const itemId = (await db.item.findFirstOrThrow({ where: { projectId: vsasProject } })).id;
    // Uploaded without judgements: accuracy not computed.
    expect((await metricsOf(vsasRun)).accuracy).toBeNull();
    const one = { binary: [1, 0, 1, 0], rubric: [3, 0, 2, 1] };
    const two = { binary: [1, 0, 0, 0], rubric: [3, 0, 1, 1] };
    for (let t = 0; t < 4; t++) expect((await judge(vsasRun, rev1, { itemId, t, binary: one.binary[t], rubric: one.rubric[t] })).status).toBe(200);
    expect((await db.modelRun.findUniqueOrThrow({ where: { id: vsasRun } })).stale).toBe(true);
    expect(await rescoreStaleRuns({ projectId: vsasProject })).toContain(vsasRun);
    // One judge: A = (1 + 0 + 1 + 0) / 4; rubric mean (3 + 0 + 2 + 1) / 4.
    let m = await metricsOf(vsasRun);
    expect(m.accuracy).toBeCloseTo(0.5, 12);
    expect(m.rubric_mean).toBeCloseTo(1.5, 12);
    expect((await db.modelRun.findUniqueOrThrow({ where: { id: vsasRun } })).stale).toBe(false);

    for (let t = 0; t < 4; t++) expect((await judge(vsasRun, rev2, { itemId, t, binary: two.binary[t], rubric: two.rubric[t] })).status).toBe(200);
    expect(await rescoreRunNow(vsasRun)).toBe("done");
    // Two judges: per-second means binary [1, 0, .5, 0] → A = 1.5 / 4; rubric [3, 0, 1.5, 1] → 5.5 / 4.
    m = await metricsOf(vsasRun);
    expect(m.accuracy).toBeCloseTo(0.375, 12);
    expect(m.rubric_mean).toBeCloseTo(1.375, 12);

    const page = await call(vsasGet, `/api/judge/runs/${vsasRun}/vsas`, { params: { runId: vsasRun }, as: rev2 });
    expect(page.json.tasks[0].seconds.map((s: any) => s.mine)).toEqual([0, 1, 2, 3].map((t) => ({ binary: two.binary[t], rubric: two.rubric[t] })));
    expect(page.json.tasks[0].seconds.map((s: any) => s.judges)).toEqual([2, 2, 2, 2]);
    expect(page.json.score.metrics.accuracy).toBeCloseTo(0.375, 12);
    // Binary: p_o = 3/4, p_e = .5·.25 + .5·.75 = .5 → κ = .5. Rubric, quadratic weights:
    // observed Σw = 1/4; expected Σw = 2.5 (A uniform on 0..3, B {0: .25, 1: .5, 3: .25}) → κ_w = 1 − .25/2.5 = .9.
    expect(page.json.agreement).toHaveLength(1);
    const pair = page.json.agreement[0];
    expect([pair.a.name, pair.b.name]).toEqual(["Ada Judge", "Bea Judge"]);
    expect(pair.binaryUnits).toBe(4);
    expect(pair.binaryKappa).toBeCloseTo(0.5, 12);
    expect(pair.rubricKappa).toBeCloseTo(0.9, 12);
    expect(pair.binaryPercent).toBeCloseTo(0.75, 12);

    const queues = await call(queuesRoute, "/api/judge/queues", { as: rev1 });
    const run = queues.json.projects.find((p: any) => p.name === "Judge VSAS").runs[0];
    expect(run).toMatchObject({ id: vsasRun, total: 4, mine: 4 });
    expect(run.byReviewer.map((r: any) => [r.name, r.judged])).toEqual([["Ada Judge", 4], ["Bea Judge", 4]]);
  });

  it("EC-Bench: the matching queue pre-fills the automatic links; stored links replace the automatic matching in the run's score", async () => {
    expect((await judgeCountsByProject(rev1)).get(ecProject)).toEqual({ vsas: 0, ecEnumeration: 1 });
    const page = await call(ecGet, `/api/judge/runs/${ecRun}/ec`, { params: { runId: ecRun }, as: rev1 });
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json.items).toHaveLength(1);
    const item = page.json.items[0];
    expect(item).toMatchObject({ itemId: ecItem, predicted: ["Fire engine", "ambulance", "bicycle"], truth: ["fire truck", "ambulance", "police car"], auto: [{ pred: 1, truth: 1 }], mine: null });
    // Automatic: TP 1, FP 2, FN 2.
    let m = await metricsOf(ecRun);
    expect([m.enumeration_tp_total, m.enumeration_fp_total, m.enumeration_fn_total]).toEqual([1, 2, 2]);

    const bad = await match(ecRun, rev1, { itemId: ecItem, matches: [{ pred: 0, truth: 0 }, { pred: 1, truth: 0 }] });
    expect(bad.status).toBe(422);
    expect(bad.json.message ?? JSON.stringify(bad.json)).toMatch(/true item 0 is linked twice/);
    const outOfRange = await match(ecRun, rev1, { itemId: ecItem, matches: [{ pred: 3, truth: 0 }] });
    expect(outOfRange.status).toBe(422);

    const links = { itemId: ecItem, matches: [{ pred: 1, truth: 1 }, { pred: 0, truth: 0 }] };
    const saved = await match(ecRun, rev1, links);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.counts).toEqual({ tp: 2, fp: 1, fn: 1 });
    expect((await match(ecRun, rev1, links)).status).toBe(200);
    expect(await db.judgement.count({ where: { itemId: ecItem, subjectKey: `run:${ecRun}:match` } })).toBe(1);

    expect(await rescoreRunNow(ecRun)).toBe("done");
    m = await metricsOf(ecRun);
    // Human links: TP 2, FP 1, FN 1 → precision = recall = F1 = 2/3.
    expect([m.enumeration_tp_total, m.enumeration_fp_total, m.enumeration_fn_total]).toEqual([2, 1, 1]);
    expect(m.enumeration_precision).toBeCloseTo(2 / 3, 12);
    expect(m.enumeration_f1).toBeCloseTo(2 / 3, 12);
    const result = await db.runItemResult.findFirstOrThrow({ where: { runId: ecRun, itemId: ecItem } });
    expect((result.scores as Record<string, unknown>).judged).toBe(1);
    // The stored prediction stays the file's (judgements are applied at each rescoring).
    expect((result.raw as Record<string, unknown>).judged).toBeUndefined();

    const queues = await call(queuesRoute, "/api/judge/queues", { as: rev1 });
    const ecQueue = queues.json.projects.find((p: any) => p.name === "Judge EC");
    expect(ecQueue).toMatchObject({ benchmark: "ECBENCH", kind: "ec" });
    expect(ecQueue.runs[0]).toMatchObject({ id: ecRun, total: 1, mine: 1 });
    // The reviewer's home counts what is left to judge: VSAS 4 seconds all judged, EC 1 item matched.
    const counts = await judgeCountsByProject(rev1);
    expect(counts.get(ecProject)).toEqual({ vsas: 0, ecEnumeration: 0 });
    expect(counts.get(vsasProject)).toEqual({ vsas: 0, ecEnumeration: 0 });
    expect((await judgeCountsByProject(annotator)).size).toBe(0);
    expect((await judgeCountsByProject(admin)).get(vsasProject)).toEqual({ vsas: 4, ecEnumeration: 0 });
    // An admin who is not a member may judge too.
    expect((await call(ecGet, `/api/judge/runs/${ecRun}/ec`, { params: { runId: ecRun }, as: admin })).status).toBe(200);

    const again = await call(ecGet, `/api/judge/runs/${ecRun}/ec`, { params: { runId: ecRun }, as: rev1 });
    expect(again.json.items[0].mine).toEqual([{ pred: 0, truth: 0 }, { pred: 1, truth: 1 }]);
    expect(again.json.score.metrics.enumeration_f1).toBeCloseTo(2 / 3, 12);
  });
});

describe(`VSAS judge queue paging (${testDb.provider})`, () => {
  it("serves one task per page with every task listed; page / item are validated and name the field", async () => {
    const task = (id: string, n: number) => JSON.stringify({ task_id: id, video: `${id}.mp4`, task_type: "Present", prompt: `Prompt ${id}`, fps: 1, captions: Array.from({ length: n }, (_, t) => ({ t, text: `${id} caption ${t}` })) });
    const projectId = await project("VSAS", file("paged_vsas.jsonl", `${[task("p-1", 2), task("p-2", 3), task("p-3", 1)].join("\n")}\n`), "Judge VSAS paged");
    await addMembers(projectId, rev1);
    const runId = await upload(projectId, `${JSON.stringify({ task_id: "p-2", t: 0, response: "p-2 says" })}\n`, "model-paged.jsonl");
    const get = (query: Record<string, string>) => call(vsasGet, `/api/judge/runs/${runId}/vsas`, { params: { runId }, query, as: rev1 });

    const first = await get({});
    expect(first.status, first.text).toBe(200);
    expect(first.json.page).toMatchObject({ index: 1, count: 3 });
    expect(first.json.page.entries.map((e: any) => [e.externalId, e.seconds, e.mine])).toEqual([["p-1", 2, 0], ["p-2", 3, 0], ["p-3", 1, 0]]);
    expect(first.json.tasks.map((t: any) => t.externalId)).toEqual(["p-1"]);

    const second = await get({ page: "2" });
    expect(second.json.tasks).toHaveLength(1);
    expect(second.json.tasks[0].seconds.map((s: any) => [s.caption, s.response])).toEqual([["p-2 caption 0", "p-2 says"], ["p-2 caption 1", "p-2 says"], ["p-2 caption 2", "p-2 says"]]);
    const p2 = second.json.tasks[0].itemId;
    expect((await judge(runId, rev1, { itemId: p2, t: 2, binary: 1, rubric: 2 })).status).toBe(200);

    const byItem = await get({ item: p2 });
    expect(byItem.json.page.index).toBe(2);
    expect(byItem.json.page.entries[1]).toMatchObject({ mine: 1, complete: 1 });
    expect(byItem.json.tasks[0].seconds[2].mine).toEqual({ binary: 1, rubric: 2 });

    const past = await get({ page: "4" });
    expect([past.status, past.json.error?.details?.field]).toEqual([422, "page"]);
    const zero = await get({ page: "0" });
    expect(zero.status).toBe(400);
    expect(zero.text).toMatch(/page/);
    const unknown = await get({ item: "nope" });
    expect([unknown.status, unknown.json.error?.details?.field]).toEqual([422, "item"]);
    // Queue counts (aggregate queries): 2 + 3 + 1 seconds, one judged.
    const queues = await call(queuesRoute, "/api/judge/queues", { as: rev1 });
    expect(queues.json.projects.find((p: any) => p.id === projectId).runs[0]).toMatchObject({ id: runId, total: 6, mine: 1 });
  });
});

