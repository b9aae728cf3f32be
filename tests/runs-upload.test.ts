import { db, testDb } from "@/tests/support/test-db";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRunsRoute, POST as uploadRoute } from "@/app/api/projects/[projectId]/runs/route";
import { GET as runRoute } from "@/app/api/projects/[projectId]/runs/[runId]/route";
import { GET as runItemsRoute } from "@/app/api/projects/[projectId]/runs/[runId]/items/route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import * as vcbenchCli from "@/lib/score-cli/vcbench";
import { call } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";

/**
 * Uploading VCBench predictions through POST /api/projects/[projectId]/runs (API token and
 * session), scored on the server from the imported truth.
 *
 * Provenance of the expected values: `tests/fixtures/vcbench/` (README there): 18 questions
 * copied from the real vcbench_data.jsonl and synthetic predictions. VC_GOLDEN are the numbers
 * the reference `eval/compute_metrics.py` (github.com/buaa-colalab/VCBench @48ab208, CPython
 * 3.11.7) prints for these files — the same goldens tests/score-cli-vcbench-tocbench.test.ts pins
 * for the command-line scorer; the server's scores are also compared with the command-line
 * scorer (`lib/score-cli/vcbench.ts`, lib/metrics inside) run on the very same files.
 */
const VC = path.join(process.cwd(), "tests/fixtures/vcbench");
const file = (name: string) => readFileSync(path.join(VC, name), "utf8");

const VC_GOLDEN = {
  unified_reference: {
    overall: { gpa: 0.44610345221633474, moc: 0.4772727272727273, uda: 0.796374799919968, n_questions: 18, gpa_n: 18, moc_n: 11, uda_n: 14 },
    by_subtype: {
      "O1-Snap": { n_questions: 3, gpa: 0.6666666666666666, moc: null, uda: 1.0 },
      "O2-Unique": { n_questions: 3, gpa: 0.5945589178526527, moc: 0.08333333333333333, uda: 0.5814950980392157 },
      "E1-Action": { n_questions: 2, gpa: 0.46400076477252444, moc: 0.0, uda: 0.6190476190476191 },
      "E2-Periodic": { n_questions: 2, gpa: 0.6090919202490506, moc: 1.0, uda: 1.0 },
    },
  },
  per_point_reference: { overall: { gpa: 0.521760727587811, moc: 0.6207426152279093, uda: 0.7275535214085634, n_questions: 18, gpa_n: 18, moc_n: 11, uda_n: 14 } },
};

function expectClose(actual: Record<string, any>, golden: Record<string, any>, where = "") {
  for (const [k, v] of Object.entries(golden)) {
    if (v === null) expect(actual[k], `${where}${k}`).toBeNull();
    else if (typeof v === "number") expect(actual[k], `${where}${k}`).toBeCloseTo(v, 12);
    else expectClose(actual[k], v, `${where}${k}.`);
  }
}

let admin: TestUser;
let reviewer: TestUser;
let annotator: TestUser;
let participant: TestUser;
let token: string;
let projectId: string;

async function upload(body: string, query: Record<string, string>, as: { token?: string; as?: TestUser | null } = {}) {
  return call(uploadRoute, `/api/projects/${projectId}/runs`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-ndjson", "x-file-name": query.fileName ?? "preds.jsonl" },
    query,
    params: { projectId },
    ...(as.token ? { token: as.token } : {}),
    ...(as.as !== undefined ? { as: as.as } : {}),
  });
}

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  annotator = await createTestUser({ role: "ANNOTATOR" });
  participant = await createTestUser({ role: "PARTICIPANT" });
  token = (await createApiToken("ci", { user: { id: reviewer.id, email: reviewer.email, name: reviewer.name, role: reviewer.role }, ip: "127.0.0.1" })).token;
  const out = await importBenchmarkFile({ kind: "VCBENCH", file: path.join(VC, "vcbench_data.jsonl"), projectName: "VCBench fixture" });
  expect(out.errors).toEqual([]);
  projectId = (await db.project.findUniqueOrThrow({ where: { name: "VCBench fixture" } })).id;
  await addMembers(projectId, reviewer, annotator);
});

describe(`runs: upload and server-side scoring (${testDb.provider})`, () => {
  it("scores a unified file uploaded with an API token like the reference and the CLI", async () => {
    const res = await upload(file("preds-unified.jsonl"), { name: "synthetic unified" }, { token });
    expect(res.status).toBe(201);
    expect(res.json.run).toMatchObject({ name: "synthetic unified", kind: "MODEL", status: "DONE", stale: false, truthVersion: 1 });
    const m = res.json.aggregates.metrics;
    expectClose(m, VC_GOLDEN.unified_reference);
    const cli = await vcbenchCli.scoreFiles({ truth: path.join(VC, "vcbench_data.jsonl"), preds: path.join(VC, "preds-unified.jsonl") });
    expect(m.overall).toEqual(cli.result.overall);
    expect(m.by_subtype).toEqual(cli.result.by_subtype);
    expect(res.json.aggregates.table["overall.gpa"]).toBe(m.overall.gpa);
    expect(res.json.aggregates.table["O2-Unique.moc"]).toBe(m.by_subtype["O2-Unique"].moc);
    expect(res.json.aggregates.table).not.toHaveProperty("O1-Snap.moc");
    const run = await db.modelRun.findUniqueOrThrow({ where: { id: res.json.run.id }, include: { results: true } });
    expect(run.uploadedById).toBe(reviewer.id);
    expect(run.results).toHaveLength(18);
    const r0 = run.results.find((r) => (r.scores as any).subtype === "O1-Snap")!;
    expect(r0).toMatchObject({ valid: true });
    expect((r0.raw as any).points[0]).toMatchObject({ unified: true, line: expect.any(Number) });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "run.upload", targetId: run.id } });
    expect(audit.actorId).toBe(reviewer.id);
  });

  it("scores per-point records uploaded with a session, multipart form, like the reference", async () => {
    const form = new FormData();
    form.set("file", new File([file("preds-per-point.jsonl")], "preds-per-point.jsonl"));
    form.set("name", "synthetic per point");
    const res = await call(uploadRoute, `/api/projects/${projectId}/runs`, { method: "POST", body: form, as: admin, params: { projectId } });
    expect(res.status).toBe(201);
    expectClose(res.json.aggregates.metrics, VC_GOLDEN.per_point_reference);
    expect(res.json.run.source).toBe("upload:preds-per-point.jsonl (native)");
  });

  it("lists problems with line numbers and still scores the rest (same problems as the CLI)", async () => {
    const res = await upload(file("preds-malformed.jsonl"), { name: "malformed" }, { token });
    expect(res.status).toBe(201);
    const lines = res.json.problems.filter((p: any) => p.line !== undefined).map((p: any) => [p.code, p.line]);
    const cli = await vcbenchCli.scoreFiles({ truth: path.join(VC, "vcbench_data.jsonl"), preds: path.join(VC, "preds-malformed.jsonl") });
    const cliLines = cli.problems.filter((p) => p.line !== undefined).map((p) => [p.code, p.line]);
    const sort = (xs: unknown[][]) => [...xs].sort((a, b) => Number(a[1]) - Number(b[1]) || String(a[0]).localeCompare(String(b[0])));
    expect(sort(lines)).toEqual(sort(cliLines));
    expect(lines).toContainEqual(["malformed_json", 2]);
    expect(lines).toContainEqual(["unknown_id", 3]);
    expect(res.json.aggregates.problem_counts).toMatchObject({ missing_prediction: 14, missing_points: 1 });
    expect(res.json.aggregates.metrics.overall).toEqual({ ...cli.result.overall as object });
    const detail = await call(runRoute, "/x", { as: annotator, params: { projectId, runId: res.json.run.id } });
    expect(detail.status).toBe(200);
    expect(detail.json.run.problems.find((p: any) => p.code === "unknown_id")).toMatchObject({ line: 3, id: "9999", field: "id" });
    expect(detail.json.run.problems.find((p: any) => p.code === "unknown_id").message).toMatch(/^line 3: /);
  });

  it("refuses another benchmark's predictions with 400 naming the line and field, writing nothing", async () => {
    const before = await db.modelRun.count();
    const toc = '{"qa_id": "4b06ec8d32d3", "extracted_answer": "B"}\n{"qa_id": "97bdedd3e721", "extracted_answer": "A"}\n';
    const res = await upload(toc, { name: "toc file" }, { token });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("wrong_benchmark");
    expect(res.json.error.message).toMatch(/^line 1: field "qa_id" is how TOC-Bench predictions name their items; this is a VCBench project/);
    expect(res.json.error.details).toEqual({ line: 1, field: "qa_id" });
    const csv = "question_id,model_A\n1,3\n";
    const res2 = await upload(csv, { name: "ec file" }, { token });
    expect(res2.status).toBe(400);
    expect(res2.json.error.message).toMatch(/line 1: not valid JSON .*looks like a CSV file/);
    const truthFile = file("vcbench_data.jsonl");
    const res3 = await upload(truthFile, { name: "truth file" }, { token });
    expect(res3.status).toBe(400);
    expect(res3.json.error).toMatchObject({ code: "annotation_file", details: { line: 1, field: "query_points" } });
    expect(await db.modelRun.count()).toBe(before);
  });

  it("refuses an empty file and a file that matches no item", async () => {
    const empty = await upload("", { name: "empty" }, { token });
    expect(empty.status).toBe(400);
    expect(empty.json.error.code).toBe("empty_file");
    const blank = await upload("\n  \n", { name: "blank" }, { token });
    expect(blank.status).toBe(400);
    const unknown = await upload('{"id": "nope", "predictions": [1]}\n', { name: "unknown ids" }, { token });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ code: "no_usable_record", details: { line: 1, field: "id" } });
    expect(unknown.json.error.message).toMatch(/line 1: id "nope" is not an item of this project/);
  });

  it("truncated JSON: a cut-off last line is a problem naming its line; a file with nothing readable is refused", async () => {
    const lines = file("preds-unified.jsonl").trimEnd().split("\n");
    const last = lines.length;
    const truncated = [...lines.slice(0, -1), lines[last - 1].slice(0, 25)].join("\n");
    const res = await upload(truncated, { name: "truncated" }, { token });
    expect(res.status).toBe(201);
    const p = res.json.problems.find((x: any) => x.code === "malformed_json");
    expect(p).toMatchObject({ line: last });
    expect(p.message).toMatch(new RegExp(`^line ${last}: the line stops in the middle of a JSON value \\(file truncated\\?\\)`));
    const whole = await upload('{"id": "0000", "predictions": [2, 4', { name: "cut" }, { token });
    expect(whole.status).toBe(400);
    expect(whole.json.error).toMatchObject({ code: "malformed_json", details: { line: 1 } });
    expect(whole.json.error.message).toMatch(/^line 1: the line stops in the middle of a JSON value/);
  });

  it("409 for a taken name; ifExists=version gives a versioned name", async () => {
    const again = await upload(file("preds-unified.jsonl"), { name: "synthetic unified" }, { token });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("run_exists");
    const v2 = await upload(file("preds-unified.jsonl"), { name: "synthetic unified", ifExists: "version" }, { token });
    expect(v2.status).toBe(201);
    expect(v2.json.run.name).toBe("synthetic unified (2)");
    const v3 = await upload(file("preds-unified.jsonl"), { name: "synthetic unified", ifExists: "version" }, { token });
    expect(v3.json.run.name).toBe("synthetic unified (3)");
    const reserved = await upload(file("preds-unified.jsonl"), { name: "Chance: random" }, { token });
    expect(reserved.status).toBe(400);
    expect(reserved.json.error.message).toMatch(/reserved/);
    const noName = await upload(file("preds-unified.jsonl"), {}, { token });
    expect(noName.status).toBe(400);
    expect(noName.json.error.message).toMatch(/field "name"/);
  });

  it("generic JSONL {item_id, prediction} scores like the native unified file", async () => {
    const generic = file("preds-unified.jsonl")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .map((r) => JSON.stringify({ item_id: r.id, prediction: r.predictions }))
      .join("\n");
    const native = file("preds-unified.jsonl")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .map((r) => JSON.stringify({ id: r.id, predictions: r.predictions }))
      .join("\n");
    const g = await upload(generic, { name: "generic" }, { token });
    const n = await upload(native, { name: "native no times" }, { token });
    expect(g.status).toBe(201);
    expect(g.json.aggregates.format).toBe("generic");
    expect(g.json.aggregates.metrics.overall).toEqual(n.json.aggregates.metrics.overall);
  });

  it("401 without credentials, 403 for participants and annotators (upload), annotators may list", async () => {
    expect((await upload(file("preds-unified.jsonl"), { name: "x" }, { as: null })).status).toBe(401);
    expect((await upload(file("preds-unified.jsonl"), { name: "x" }, { token: "ph_" + "a".repeat(43) })).status).toBe(401);
    expect((await upload(file("preds-unified.jsonl"), { name: "x" }, { as: participant })).status).toBe(403);
    expect((await upload(file("preds-unified.jsonl"), { name: "x" }, { as: annotator })).status).toBe(403);
    const list = await call(listRunsRoute, "/x", { as: annotator, params: { projectId } });
    expect(list.status).toBe(200);
    expect(list.json.runs.length).toBeGreaterThan(3);
    expect((await call(listRunsRoute, "/x", { as: participant, params: { projectId } })).status).toBe(403);
    // A reviewer who is not a member neither uploads nor lists (404: the project is not confirmed to exist).
    const outsider = await createTestUser({ role: "REVIEWER" });
    const before = await db.modelRun.count({ where: { projectId } });
    expect((await upload(file("preds-unified.jsonl"), { name: "outsider" }, { as: outsider })).status).toBe(404);
    expect(await db.modelRun.count({ where: { projectId } })).toBe(before);
    expect((await call(listRunsRoute, "/x", { as: outsider, params: { projectId } })).status).toBe(404);
  });

  it("per-item answers next to the truth: reviewers only (403 for annotators and participants)", async () => {
    const run = await db.modelRun.findFirstOrThrow({ where: { projectId, name: "synthetic unified" } });
    const ok = await call(runItemsRoute, "/x", { as: reviewer, params: { projectId, runId: run.id }, query: { limit: "5" } });
    expect(ok.status).toBe(200);
    expect(ok.json.total).toBe(18);
    expect(ok.json.items).toHaveLength(5);
    expect(ok.json.items[0]).toMatchObject({ externalId: "0000", truth: { answer: [2, 4, 0], queryTimes: [663, 665.3, 829.7] } });
    expect((await call(runItemsRoute, "/x", { as: annotator, params: { projectId, runId: run.id } })).status).toBe(403);
    expect((await call(runItemsRoute, "/x", { as: participant, params: { projectId, runId: run.id } })).status).toBe(403);
    // The run page data annotators may read carries no truth.
    const detail = await call(runRoute, "/x", { as: annotator, params: { projectId, runId: run.id } });
    expect(detail.text).not.toMatch(/"gts"|occurrence_times/);
  });
});
