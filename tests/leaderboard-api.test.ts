import { db, testDb } from "@/tests/support/test-db";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as leaderboardRoute } from "@/app/api/projects/[projectId]/leaderboard/route";
import { GET as drillListRoute } from "@/app/api/projects/[projectId]/leaderboard/items/route";
import { GET as drillItemRoute } from "@/app/api/projects/[projectId]/leaderboard/items/[itemId]/route";
import { POST as uploadRoute } from "@/app/api/projects/[projectId]/runs/route";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import { bootstrapTable } from "@/lib/leaderboard/bootstrap-table";
import { TOC_RANDOM_CHANCE } from "@/lib/metrics/tocbench";
import { chanceBaselines } from "@/lib/metrics/vstat";
import { vstatDocOf } from "@/lib/runs/score-vstat";
import { loadTruthIndex } from "@/lib/runs/truth-index";
import { call } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";

/**
 * GET /api/projects/[projectId]/leaderboard (JSON, CSV, bootstrap intervals) and the per-item
 * drill-down, on the fixtures of tests/fixtures/vcbench, tocbench and runs (see their READMEs /
 * the comments of tests/runs-benchmarks.test.ts). Values are checked against the stored
 * lib/metrics aggregates (×100) and, for chance rows, against lib/metrics chance definitions.
 */
const fx = (...p: string[]) => path.join(process.cwd(), "tests/fixtures", ...p);
let admin: TestUser;
let reviewer: TestUser;
let annotator: TestUser;
let participant: TestUser;
let vc: string;

async function importProject(kind: "VCBENCH" | "TOCBENCH" | "VSTAT", file: string, name: string) {
  const out = await importBenchmarkFile({ kind, file, projectName: name });
  expect(out.errors).toEqual([]);
  const id = (await db.project.findUniqueOrThrow({ where: { name } })).id;
  await addMembers(id, reviewer, annotator);
  return id;
}

async function upload(projectId: string, file: string, query: Record<string, string>) {
  const res = await call(uploadRoute, "/x", { method: "POST", body: readFileSync(file, "utf8"), query, params: { projectId }, as: admin });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

const lb = (projectId: string, as: TestUser | null, query: Record<string, string> = {}) => call(leaderboardRoute, "/x", { as, params: { projectId }, query });

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  annotator = await createTestUser({ role: "ANNOTATOR" });
  participant = await createTestUser({ role: "PARTICIPANT" });
  vc = await importProject("VCBENCH", fx("vcbench", "vcbench_data.jsonl"), "VC leaderboard");
  await upload(vc, fx("vcbench", "preds-unified.jsonl"), { name: "model unified" });
  await upload(vc, fx("vcbench", "preds-per-point.jsonl"), { name: "model per point" });
  await upload(vc, fx("vcbench", "preds-per-point-invalid.jsonl"), { name: "published human row", kind: "HUMAN" });
  // A human-baseline run as lib/studies writes it (aggregates without a table; per-item scores {gpa, moc, uda, correct}).
  const items = await db.item.findMany({ where: { projectId: vc }, include: { truth: true } });
  const run = await db.modelRun.create({
    data: { projectId: vc, name: "Human baseline: study A", kind: "HUMAN", source: "study:none", status: "DONE", truthVersion: 1, aggregates: { n_items: items.length, benchmark: "VCBENCH" }, problems: [], scoredAt: new Date() },
  });
  await db.runItemResult.createMany({
    data: items.map((it) => ({ runId: run.id, itemId: it.id, raw: it.truth!.answer as never, parsed: it.truth!.answer as never, valid: true, scores: { gpa: 1, moc: 1, uda: 1, correct: 1 } })),
  });
});

describe(`leaderboard API (${testDb.provider})`, () => {
  it("JSON: rows for model, human and (computed) baselines with the paper's columns ×100, sorted by overall GPA", async () => {
    const res = await lb(vc, annotator);
    expect(res.status).toBe(200);
    const d = res.json;
    expect(d.project).toMatchObject({ benchmark: "VCBENCH", truthVersion: 1, variant: "reference" });
    expect(d.primary).toBe("overall.gpa");
    const keys = d.columns.map((c: any) => c.key);
    expect(keys.slice(0, 9)).toEqual(["overall.gpa", "overall.moc", "overall.uda", "O1-Snap.gpa", "O1-Snap.uda", "O1-Delta.gpa", "O2-Unique.gpa", "O2-Unique.moc", "O2-Unique.uda"]);
    expect(keys).toContain("E2-Periodic.moc");
    expect(keys).not.toContain("O1-Delta.moc");
    expect(d.columns[0]).toMatchObject({ label: "GPA", group: "Overall", unit: "percent", main: true });
    expect(d.rows.map((r: any) => r.name)).toEqual(["Human baseline: study A", "published human row", "model per point", "model unified"]);
    expect(d.rows.map((r: any) => r.kind)).toEqual(["HUMAN", "HUMAN", "MODEL", "MODEL"]);
    expect(d.rows.some((r: any) => r.kind === "CHANCE")).toBe(false);
    expect(d.chanceNote).toMatch(/VCBench paper reports no chance baseline/);
    const unified = await db.modelRun.findFirstOrThrow({ where: { projectId: vc, name: "model unified" } });
    const m = (unified.aggregates as any).metrics;
    const row = d.rows.find((r: any) => r.name === "model unified");
    expect(row.values["overall.gpa"]).toBeCloseTo(m.overall.gpa * 100, 10);
    expect(row.values["E1-Action.uda"]).toBeCloseTo(m.by_subtype["E1-Action"].uda * 100, 10);
    expect(row.stale).toBe(false);
    expect(row.counts).toMatchObject({ items: 18, predicted: 18 });
    expect(d.rows[0].values["overall.gpa"]).toBe(100);
    expect(d.ci).toBeNull();
    expect(row.ci).toBeUndefined();
  });

  it("CSV export: the same rows and columns", async () => {
    const res = await lb(vc, reviewer, { format: "csv" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="vc-leaderboard-leaderboard\.csv"/);
    const rows = parseCsv(res.text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(4);
    expect(Object.keys(rows[0]).slice(0, 9)).toEqual(["rank", "run", "kind", "stale", "status", "truth_version", "scored_at", "Overall GPA (x100)", "Overall MoC (x100)"]);
    const json = (await lb(vc, reviewer)).json;
    rows.forEach((r, i) => {
      expect(r.run).toBe(json.rows[i].name);
      expect(Number(r["Overall GPA (x100)"])).toBeCloseTo(json.rows[i].values["overall.gpa"], 5);
    });
  });

  it("?ci=1: 95 % bootstrap intervals from per-item scores, deterministic and seeded", async () => {
    const a = await lb(vc, reviewer, { ci: "1" });
    const b = await lb(vc, reviewer, { ci: "1" });
    expect(a.status).toBe(200);
    expect(a.json.ci).toMatchObject({ level: 0.95, resamples: 1000, seed: 0 });
    expect(a.json.rows.map((r: any) => r.ci)).toEqual(b.json.rows.map((r: any) => r.ci));
    const row = a.json.rows.find((r: any) => r.name === "model unified");
    const ci = row.ci["overall.gpa"];
    expect(ci.lower).toBeLessThanOrEqual(row.values["overall.gpa"]);
    expect(ci.upper).toBeGreaterThanOrEqual(row.values["overall.gpa"]);
    expect(ci.upper - ci.lower).toBeGreaterThan(1);
    // Equal to lib/metrics bootstrap on the stored per-item scores.
    const items = new Map((await db.item.findMany({ where: { projectId: vc } })).map((i) => [i.id, i]));
    const results = await db.runItemResult.findMany({ where: { runId: row.runId } });
    const direct = bootstrapTable("VCBENCH", "reference", results.map((r) => ({ format: "count", labels: items.get(r.itemId)!.labels as any, scores: r.scores as any })));
    expect(ci.lower).toBeCloseTo(direct["overall.gpa"].lower * 100, 10);
    expect(ci.upper).toBeCloseTo(direct["overall.gpa"].upper * 100, 10);
    const other = await lb(vc, reviewer, { ci: "1", seed: "7" });
    expect(other.json.rows.find((r: any) => r.name === "model unified").ci["overall.gpa"]).not.toEqual(ci);
    const human = a.json.rows.find((r: any) => r.name === "Human baseline: study A");
    expect(human.ci["overall.gpa"]).toEqual({ lower: 100, upper: 100 });
    const csv = await lb(vc, reviewer, { ci: "1", format: "csv" });
    expect(csv.text.split("\r\n")[0]).toContain("Overall GPA (x100) CI low");
  });

  it("401 signed out, 403 participants, 404 non-members; annotator members see the leaderboard but not the drill-down", async () => {
    expect((await lb(vc, null)).status).toBe(401);
    const outsider = await createTestUser({ role: "REVIEWER" });
    for (const res of [await lb(vc, outsider), await lb(vc, outsider, { format: "csv" }), await call(drillListRoute, "/x", { as: outsider, params: { projectId: vc } })]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("VC leaderboard");
    }
    expect((await lb(vc, participant)).status).toBe(403);
    expect((await lb(vc, annotator)).status).toBe(200);
    expect((await call(drillListRoute, "/x", { as: annotator, params: { projectId: vc } })).status).toBe(403);
    expect((await call(drillListRoute, "/x", { as: participant, params: { projectId: vc } })).status).toBe(403);
    expect((await call(drillItemRoute, "/x", { as: annotator, params: { projectId: vc, itemId: "0000" } })).status).toBe(403);
    expect((await call(drillItemRoute, "/x", { as: participant, params: { projectId: vc, itemId: "0000" } })).status).toBe(403);
  });

  it("drill-down: each run's answer against the truth (reviewers and admins)", async () => {
    const list = await call(drillListRoute, "/x", { as: reviewer, params: { projectId: vc }, query: { limit: "5" } });
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(18);
    expect(list.json.items).toHaveLength(5);
    expect(list.json.runs).toHaveLength(4);
    const first = list.json.items[0];
    expect(first.externalId).toBe("0000");
    expect(Object.values(first.scores).length).toBe(4);
    const one = await call(drillItemRoute, "/x", { as: admin, params: { projectId: vc, itemId: "0000" } });
    expect(one.status).toBe(200);
    expect(one.json.truth).toMatchObject({ answer: [2, 4, 0], queryTimes: [663, 665.3, 829.7] });
    const m = one.json.runs.find((r: any) => r.name === "model unified");
    expect(m.parsed).toEqual([0, 2, 0]);
    expect(m.raw.points.map((p: any) => p.v)).toEqual([0, 2, 0]);
    expect(m.headline).toBe(m.scores.gpa);
    expect((await call(drillItemRoute, "/x", { as: admin, params: { projectId: vc, itemId: "nope" } })).status).toBe(404);
  });

  it("TOC-Bench: the Random row is the mean per-item chance of lib/metrics, per dimension too", async () => {
    const toc = await importProject("TOCBENCH", fx("tocbench", "answer_final.json"), "TOC leaderboard");
    await upload(toc, fx("tocbench", "preds-extracted.jsonl"), { name: "toc model" });
    const res = await lb(toc, reviewer);
    expect(res.status).toBe(200);
    const chance = res.json.rows.find((r: any) => r.kind === "CHANCE");
    expect(chance.name).toBe("Chance: random");
    const items = await db.item.findMany({ where: { projectId: toc } });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(chance.values.overall).toBeCloseTo(100 * mean(items.map((i) => TOC_RANDOM_CHANCE[i.format])), 10);
    const tl = items.filter((i) => (i.labels as any).dim === "temporal_location");
    expect(chance.values["dim.temporal_location"]).toBeCloseTo(100 * mean(tl.map((i) => TOC_RANDOM_CHANCE[i.format])), 10);
    const hv = items.filter((i) => ["variant_a", "variant_b"].includes((i.labels as any).hallucination));
    expect(chance.values.hda).toBeCloseTo(100 * mean(hv.map((i) => TOC_RANDOM_CHANCE[i.format])), 10);
    expect(res.json.columns.map((c: any) => c.key)).toEqual(expect.arrayContaining(["overall", "dim.event_existence", "hda", "macro_dim"]));
    expect(res.json.chanceNote).toMatch(/uniform guessing/);
    expect(await db.modelRun.count({ where: { projectId: toc, kind: "CHANCE" } })).toBe(1);
    await lb(toc, reviewer);
    expect(await db.modelRun.count({ where: { projectId: toc, kind: "CHANCE" } })).toBe(1);
  });

  it("VSTAT: random and frequency rows equal lib/metrics chanceBaselines", async () => {
    const vs = await importProject("VSTAT", fx("runs", "vstat_qa.json"), "VSTAT leaderboard");
    const res = await lb(vs, reviewer);
    const truth = await loadTruthIndex(vs, "VSTAT");
    const chance = chanceBaselines(truth.items.map(vstatDocOf));
    const random = res.json.rows.find((r: any) => r.name === "Chance: random");
    const freq = res.json.rows.find((r: any) => r.name === "Chance: frequency");
    expect(random.values.avg).toBeCloseTo(chance.random.ALL_Score_avg * 100, 10);
    expect(freq.values.avg).toBeCloseTo(chance.frequency.ALL_Score_avg * 100, 10);
    expect(freq.values["element.Count"]).toBeCloseTo(chance.frequency.by_state_element.count.ALL_Score_avg * 100, 10);
    expect(res.json.columns.slice(0, 8).map((c: any) => c.key)).toEqual([
      "avg",
      "element.Count",
      "element.Location",
      "element.Attribute",
      "structure.Atomic",
      "structure.Sequence",
      "structure.Set",
      "structure.Dict",
    ]);
    // Per-item chance scores recompute the same table (bootstrap statistic on the full sample).
    const ci = await lb(vs, reviewer, { ci: "1" });
    expect(ci.json.rows.find((r: any) => r.name === "Chance: frequency").ci.avg).toBeDefined();
  });
});
