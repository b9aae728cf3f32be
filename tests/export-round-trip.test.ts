import { db, testDb } from "@/tests/support/test-db";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as exportRoute } from "@/app/api/projects/[projectId]/export/route";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import type { BenchmarkKindName } from "@/lib/benchmarks/types";
import { demoFormProjects, PLANTED } from "@/lib/demo/demo-form-items";
import { DEMO_PROJECT_NAME, seedDemoAccounts, seedDemoFormProjects, seedDemoProject } from "@/lib/demo/seed-demo";
import { HttpError } from "@/lib/http/http-error";
import { exportProjectFile } from "@/lib/projects/project-export";
import { call } from "@/tests/support/requests";
import { roundTrip, storedItems, type StoredItem } from "@/tests/support/round-trip";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { uploadProject } from "./projects-helpers";

// Export → import into a new project → export again must give the same bytes and the same items
// and truth, for every benchmark, on excerpts of the real files (tests/fixtures, including their
// awkward records) and on the demo project. The full files: `npm run check:round-trip`.
vi.setConfig({ testTimeout: 120_000 });

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures", name);

type Case = { kind: BenchmarkKindName; file: string; items: number };
const cases: Case[] = [
  { kind: "VCBENCH", file: "import/vcbench_data.jsonl", items: 11 },
  { kind: "VCBENCH", file: "vcbench/vcbench_data.jsonl", items: 18 },
  { kind: "VCBENCH", file: "round-trip/vcbench_data_extras.jsonl", items: 3 },
  { kind: "VCBENCH", file: "import/vcbench_eval.jsonl", items: 11 },
  { kind: "VCBENCH", file: "round-trip/vcbench_eval_extras.jsonl", items: 2 },
  { kind: "TOCBENCH", file: "import/toc_answer_final.json", items: 10 },
  { kind: "TOCBENCH", file: "tocbench/answer_final.json", items: 40 },
  { kind: "ECBENCH", file: "import/ec_dataset.csv", items: 19 },
  { kind: "ECBENCH", file: "ecbench/truth.csv", items: 15 },
  { kind: "ECBENCH", file: "round-trip/ec_malformed_clips.csv", items: 7 },
  { kind: "VSTAT", file: "import/vstat_qa.json", items: 4 },
  { kind: "VSTAT", file: "vstat/qa.json", items: 14 },
  { kind: "VSTAT", file: "runs/vstat_qa.json", items: 12 },
  { kind: "VSAS", file: "import/vsas_tasks.jsonl", items: 3 },
  { kind: "VSAS", file: "vsas/tasks.jsonl", items: 4 },
];

/** Items without their truth sources (a VCBench eval file keeps q_ids where a data file keeps occurrence_times). */
const withoutSource = (items: StoredItem[]) => items.map((it) => ({ ...it, truth: { answer: it.truth.answer } }));

describe.each(cases)(`export → import → export of $file on ${testDb.provider}`, (c) => {
  const project = `rt ${c.file}`;

  beforeAll(async () => {
    const out = await importBenchmarkFile({ kind: c.kind, file: fixture(c.file), projectName: project });
    expect(out.errors).toEqual([]);
    expect(out.created).toBe(c.items);
  });

  it("gives the same bytes, items and truth", async () => {
    const rt = await roundTrip(c.kind, project);
    expect(rt.reimport.errors).toEqual([]);
    expect(rt.reimport.created).toBe(c.items);
    expect(rt.second).toBe(rt.first);
    expect(rt.after).toEqual(rt.before);
    expect(rt.after).toHaveLength(c.items);
  });

  if (c.kind === "VCBENCH") {
    it("as vcbench_eval.jsonl too: the same bytes, answers and query points", async () => {
      const rt = await roundTrip(c.kind, project, { vcbenchFormat: "eval" });
      expect(rt.reimport.errors).toEqual([]);
      expect(rt.second).toBe(rt.first);
      expect(withoutSource(rt.after)).toEqual(withoutSource(rt.before));
    });
  }
});

describe("the demo project", () => {
  let admin: TestUser;

  beforeAll(async () => {
    await seedDemoAccounts(db, "demo-password-1");
    await seedDemoProject(db);
    admin = await createTestUser({ role: "ADMIN" });
  });

  it("exports a valid VCBench file: source_dataset and video_path of the demo videos", async () => {
    const out = await exportProjectFile({ name: DEMO_PROJECT_NAME });
    const first = JSON.parse(out.text.split("\n")[0]);
    expect(first).toMatchObject({ id: "demo-cfr30-unique", source_dataset: "demo-videos", video_path: "demo-cfr30.mp4", counting_subtype: "O2-Unique" });
    expect(out.warnings).toEqual([]);
  });

  it("round-trips: the same bytes, items and truth", async () => {
    const rt = await roundTrip("VCBENCH", DEMO_PROJECT_NAME);
    expect(rt.reimport.errors).toEqual([]);
    expect(rt.reimport.warnings).toEqual([]);
    expect(rt.second).toBe(rt.first);
    expect(rt.after).toEqual(rt.before);
    expect(rt.after.length).toBeGreaterThanOrEqual(9);
  });

  it("round-trips through the download and upload routes an admin uses", async () => {
    const demo = await db.project.findUniqueOrThrow({ where: { name: DEMO_PROJECT_NAME } });
    const download = await call(exportRoute, `/api/projects/${demo.id}/export`, { as: admin, params: { projectId: demo.id } });
    expect(download.status).toBe(200);
    const name = "Demo copy via upload";
    const dry = await uploadProject("vcbench", download.text, { as: admin, name, fileName: "demo-streaming-counting.jsonl", dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    const res = await uploadProject("vcbench", download.text, { as: admin, name, fileName: "demo-streaming-counting.jsonl", expectSha256: dry.json.file.sha256 });
    expect([200, 201], res.text).toContain(res.status);
    const copy = await db.project.findUniqueOrThrow({ where: { name } });
    const again = await call(exportRoute, `/api/projects/${copy.id}/export`, { as: admin, params: { projectId: copy.id } });
    expect(again.status).toBe(200);
    expect(again.text).toBe(download.text);
    expect(await storedItems(name)).toEqual(await storedItems(DEMO_PROJECT_NAME));
  });
});

describe("every demo project (the answer-form projects too) exports and imports again", () => {
  let admin: TestUser;
  const demos = [{ name: DEMO_PROJECT_NAME, benchmark: "VCBENCH", items: 9 }, ...demoFormProjects().map((p) => ({ name: p.name, benchmark: p.benchmark, items: p.items.length }))];

  beforeAll(async () => {
    await seedDemoAccounts(db, "demo-password-1");
    await seedDemoProject(db);
    await seedDemoFormProjects(db);
    admin = await createTestUser({ role: "ADMIN" });
  });

  it.each(demos)("$name ($benchmark): download → upload as a new project → download gives the same bytes, items and truth", async (demo) => {
    const project = await db.project.findUniqueOrThrow({ where: { name: demo.name } });
    const download = await call(exportRoute, `/api/projects/${project.id}/export`, { as: admin, params: { projectId: project.id } });
    expect(download.status, download.text).toBe(200);
    expect(download.headers.get("x-playhead-export-warnings")).toBe("0");
    const name = `${demo.name} (re-imported)`;
    const kind = demo.benchmark.toLowerCase();
    const dry = await uploadProject(kind, download.text, { as: admin, name, fileName: "demo-export", dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    const res = await uploadProject(kind, download.text, { as: admin, name, fileName: "demo-export", expectSha256: dry.json.file.sha256 });
    expect([200, 201], res.text).toContain(res.status);
    const copy = await db.project.findUniqueOrThrow({ where: { name } });
    expect(copy.benchmark).toBe(demo.benchmark);
    const again = await call(exportRoute, `/api/projects/${copy.id}/export`, { as: admin, params: { projectId: copy.id } });
    expect(again.status, again.text).toBe(200);
    expect(again.text).toBe(download.text);
    const before = await storedItems(demo.name);
    expect(before.length).toBeGreaterThanOrEqual(demo.items);
    expect(await storedItems(name)).toEqual(before);
  });

  it("the answer-form projects keep their planted staff-only values through the parsers (the truth crawler looks for them)", async () => {
    const rows = await db.item.findMany({
      where: { project: { name: { in: demoFormProjects().map((p) => p.name) } } },
      select: { externalId: true, format: true, notes: true, labels: true, truth: { select: { answer: true, source: true } } },
    });
    expect(rows.map((r) => r.externalId).sort()).toEqual(demoFormProjects().flatMap((p) => p.items.map((i) => i.externalId)).sort());
    expect(rows.every((r) => r.notes === PLANTED.note)).toBe(true);
    const text = JSON.stringify(rows);
    for (const v of [PLANTED.label, PLANTED.truthSource, PLANTED.freeTextTruth, PLANTED.enumerationTruth, PLANTED.captionTruth]) expect(text).toContain(v);
    expect(Object.fromEntries(rows.map((r) => [r.externalId, r.format]))).toEqual({
      "toc-mcq": "mcq_4",
      "toc-sp": "sp",
      "toc-num": "numerical",
      "toc-order": "ordering_4",
      "vstat-mcq": "mcq",
      "vstat-delta": "numeric",
      "vstat-planted": "numeric",
      "ec-count": "counting",
      "ec-enum": "enumeration",
      "vsas-live": "caption",
      "text-open": "open",
    });
    expect(rows.find((r) => r.externalId === "vstat-planted")?.truth?.answer).toBe(PLANTED.numericTruth);
    // What the answer forms read: an ordered list editor, a signed whole number, statements A/B.
    const presentation = async (externalId: string) =>
      (await db.item.findFirstOrThrow({ where: { externalId, project: { name: { in: demoFormProjects().map((p) => p.name) } } }, select: { presentation: true } })).presentation;
    expect(await presentation("ec-enum")).toEqual({ answer_format: "list", ordered: true });
    expect(await presentation("vstat-delta")).toEqual({ answer_type: "signed_integer" });
    expect(await presentation("toc-sp")).toEqual({ statements: [{ label: "A", text: "The red box disappears before the green box appears." }, { label: "B", text: "The green box appears first." }] });
  });
});

describe("an export that would not import again is refused, naming the item", () => {
  async function refusal(promise: Promise<unknown>): Promise<HttpError> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }

  it("a project built from vcbench_eval.jsonl cannot be written as vcbench_data.jsonl (no occurrence_times)", async () => {
    await importBenchmarkFile({ kind: "VCBENCH", file: fixture("import/vcbench_eval.jsonl"), projectName: "eval-built" });
    const err = await refusal(exportProjectFile({ name: "eval-built" }, { vcbenchFormat: "data" }));
    expect(err.status).toBe(422);
    expect(err.code).toBe("export_invalid");
    expect(err.message).toMatch(/question "0546" has no occurrence_times .*format "eval"/);
    const errors = (err.details as { errors: { code: string; item_id: string }[] }).errors;
    expect(errors.every((e) => e.code === "occurrence_times_unknown")).toBe(true);
    // O1-Snap questions derive occurrence_times from their query times; the others are named
    expect(errors.map((e) => e.item_id)).not.toContain("0000");
    expect(errors.length).toBeGreaterThan(5);
  });

  it("a VCBench item whose video reference has no <source_dataset>/ (an admin edited it)", async () => {
    await importBenchmarkFile({ kind: "VCBENCH", file: fixture("import/vcbench_data.jsonl"), projectName: "edited-ref" });
    const item = await db.item.findFirstOrThrow({ where: { project: { name: "edited-ref" }, externalId: "0179" } });
    await db.item.update({ where: { id: item.id }, data: { videoRef: "09c1414f1b.mp4", labels: { subtype: "O2-Unique", counting_type: "O2" } } });
    const err = await refusal(exportProjectFile({ name: "edited-ref" }));
    expect(err.status).toBe(422);
    expect(err.message).toMatch(/question "0179": the video reference "09c1414f1b.mp4" is not <source_dataset>\/<video_path>/);
  });

  it("a stored shape the native format cannot hold is a 422 from the route, not a crash or an invalid file", async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    await importBenchmarkFile({ kind: "TOCBENCH", file: fixture("import/toc_answer_final.json"), projectName: "odd-shape" });
    const item = await db.item.findFirstOrThrow({ where: { project: { name: "odd-shape" }, format: "sp" } });
    await db.item.update({ where: { id: item.id }, data: { presentation: { statements: { A: "first", B: "second" } } } });
    const project = await db.project.findUniqueOrThrow({ where: { name: "odd-shape" } });
    const res = await call(exportRoute, `/api/projects/${project.id}/export`, { as: admin, params: { projectId: project.id } });
    expect(res.status).toBe(422);
    expect(res.text).toContain(`item \\"${item.externalId}\\"`);
    expect(res.text).toMatch(/statement_A/);
  });
});

describe("fixtures", () => {
  it("the round-trip excerpts are the files named in tests/fixtures/round-trip/README.md", async () => {
    const readme = await readFile(fixture("round-trip/README.md"), "utf8");
    for (const c of cases.filter((x) => x.file.startsWith("round-trip/"))) expect(readme).toContain(path.basename(c.file));
  });
});
