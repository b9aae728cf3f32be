import { db } from "@/tests/support/test-db";
import { readFile } from "node:fs/promises";
import { NextRequest } from "next/server";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as listProjects, POST as createProject } from "@/app/api/projects/route";
import { GET as getProject } from "@/app/api/projects/[projectId]/route";
import { POST as reimport } from "@/app/api/projects/[projectId]/import/route";
import { GET as exportProject } from "@/app/api/projects/[projectId]/export/route";
import { tableCounts } from "@/tests/support/import-counts";
import { call, readResponse, routeContext, sessionCookie, TEST_ORIGIN } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { importFixture, importProject, projectFixture, scratchFiles, uploadProject } from "./projects-helpers";

let admin: TestUser;
let reviewer: TestUser;
let annotator: TestUser;
let participant: TestUser;

const nothing = { project: 0, item: 0, itemTruth: 0, queryPoint: 0, evidenceSpan: 0, itemRevision: 0, importJob: 0 };
async function counts() {
  const { auditLog: _a, ...rest } = await tableCounts();
  return rest;
}

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  annotator = await createTestUser({ role: "ANNOTATOR" });
  participant = await createTestUser({ role: "PARTICIPANT" });
});

beforeEach(async () => {
  await db.item.deleteMany();
  await db.importJob.deleteMany();
  await db.project.deleteMany();
});

describe("create a project by importing a benchmark file", () => {
  it("dry run reports and writes nothing; the import writes everything; the same file again is 'no changes'", async () => {
    const bytes = await readFile(importFixture("toc_answer_final.json"));
    const dry = await uploadProject("tocbench", bytes, { as: admin, name: "TOC mini", fileName: "answer_final.json", dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.json).toMatchObject({ kind: "TOCBENCH", project: null, existingProject: false, noChanges: false, file: { name: "answer_final.json", size: bytes.length } });
    expect(dry.json.file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(dry.json.report).toMatchObject({ dry_run: true, items: 10, created: 10, errors: [], import_job_id: null, videos_referenced: 10 });
    expect(await counts()).toEqual(nothing);
    expect(await scratchFiles()).toEqual([]);

    const res = await uploadProject("tocbench", bytes, { as: admin, name: "TOC mini", fileName: "answer_final.json", expectSha256: dry.json.file.sha256 });
    expect(res.status).toBe(201);
    expect(res.json.project).toMatchObject({ name: "TOC mini", slug: "toc-mini" });
    expect(res.json.report).toMatchObject({ dry_run: false, created: 10, updated: 0 });
    expect(await counts()).toMatchObject({ project: 1, item: 10, itemTruth: 10, importJob: 1, itemRevision: 10 });
    const project = await db.project.findUniqueOrThrow({ where: { name: "TOC mini" } });
    expect(project).toMatchObject({ benchmark: "TOCBENCH", truthVersion: 1, createdById: admin.id });

    const again = await uploadProject("tocbench", bytes, { as: admin, name: "TOC mini", fileName: "answer_final.json", dryRun: true });
    expect(again.json).toMatchObject({ existingProject: true, noChanges: true, project: { id: project.id } });
    expect(again.json.report).toMatchObject({ created: 0, updated: 0, unchanged: 10 });
    const redo = await call(reimport, `/api/projects/${project.id}/import`, {
      as: admin,
      params: { projectId: project.id },
      body: bytes,
      headers: { "x-file-name": "answer_final.json" },
    });
    expect(redo.status).toBe(200);
    expect(redo.json).toMatchObject({ noChanges: true, existingProject: true });
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).truthVersion).toBe(1);
    expect(await db.item.count()).toBe(10);
  });

  it("a changed file updates only what changed, with revisions and a truth version bump", async () => {
    const created = await importProject("tocbench", importFixture("toc_answer_final.json"), admin, "TOC v");
    const projectId = created.json.project.id;
    const doc = JSON.parse(await readFile(importFixture("toc_answer_final.json"), "utf8"));
    doc.items[0].question = "Reworded question?";
    doc.items[1].correct_answer = doc.items[1].correct_answer === "A" ? "B" : "A";
    const body = JSON.stringify(doc, null, 2);
    const dry = await call(reimport, `/api/projects/${projectId}/import`, { as: admin, params: { projectId }, body, query: { dryRun: "1" }, headers: { "x-file-name": "answer_final.json" } });
    expect(dry.json.report).toMatchObject({ created: 0, updated: 2, unchanged: 8 });
    expect(dry.json.noChanges).toBe(false);
    const res = await call(reimport, `/api/projects/${projectId}/import`, {
      as: admin,
      params: { projectId },
      body,
      query: { expectSha256: dry.json.file.sha256 },
      headers: { "x-file-name": "answer_final.json" },
    });
    expect(res.status).toBe(200);
    const changed = await db.item.findMany({ where: { projectId, version: 2 }, select: { externalId: true } });
    expect(changed).toHaveLength(2);
    expect(await db.itemRevision.count({ where: { version: 2 } })).toBe(2);
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).truthVersion).toBe(2);
    expect(await db.importJob.count({ where: { projectId } })).toBe(2);
  });

  it("refuses to import another file than the one of the dry run", async () => {
    const bytes = await readFile(importFixture("toc_answer_final.json"));
    const res = await uploadProject("tocbench", bytes, { as: admin, name: "x", fileName: "answer_final.json", expectSha256: "0".repeat(64) });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("file_changed");
    expect(await counts()).toEqual(nothing);
  });

  it("imports a custom (generic JSONL) project and exports it back", async () => {
    const created = await importProject("custom", projectFixture("custom_items.jsonl"), admin, "Custom mini");
    expect(created.status).toBe(201);
    expect(created.json.report).toMatchObject({ items: 3, query_points: 3, created: 3, errors: [] });
    const projectId = created.json.project.id;
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).benchmark).toBe("CUSTOM");
    expect(await db.evidenceSpan.count({ where: { source: "TRUTH" } })).toBe(2);
    const out = await call(exportProject, `/api/projects/${projectId}/export`, { as: admin, params: { projectId } });
    expect(out.status).toBe(200);
    expect(out.headers.get("content-disposition")).toContain("custom-mini.jsonl");
    const original = (await readFile(projectFixture("custom_items.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(out.text.trim().split("\n").map((l) => JSON.parse(l))).toEqual(original);
  });

  it("exports a benchmark project in its native format (admin only)", async () => {
    const created = await importProject("tocbench", importFixture("toc_answer_final.json"), admin, "TOC export");
    const projectId = created.json.project.id;
    const out = await call(exportProject, `/api/projects/${projectId}/export`, { as: admin, params: { projectId } });
    expect(out.status).toBe(200);
    expect(out.headers.get("content-type")).toContain("application/json");
    expect(JSON.parse(out.text)).toEqual(JSON.parse(await readFile(importFixture("toc_answer_final.json"), "utf8")));
    await addMembers(projectId, reviewer, annotator);
    for (const who of [reviewer, annotator, participant]) {
      expect((await call(exportProject, `/api/projects/${projectId}/export`, { as: who, params: { projectId } })).status).toBe(403);
    }
  });
});

describe("bad files: a report naming line and field, nothing written", () => {
  const cases: [string, string, string, string, number | null, string | null][] = [
    ["truncated JSON", "tocbench", "broken/toc_truncated.json", "malformed_json", 82, null],
    ["unknown format", "tocbench", "broken/toc_unknown_format.json", "unknown_format", null, null],
    ["wrong types", "vcbench", "broken/vcbench_wrong_types.jsonl", "invalid_record", 2, "query_points.count[0]"],
    ["CSV with a broken quote", "ecbench", "broken/ec_broken_quote.csv", "malformed_csv", 14, null],
    ["a prediction file as a benchmark file", "vcbench", "broken/vcbench_predictions.jsonl", "prediction_file", 1, null],
    ["a VSTAT file given as TOC-Bench", "tocbench", "vstat_qa.json", "", null, null],
  ];
  it.each(cases)("%s → 422", async (_what, kind, file, code, line, field) => {
    const res = await uploadProject(kind, await readFile(importFixture(file)), { as: admin, name: "broken", fileName: file.split("/").pop(), dryRun: false });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("invalid_file");
    const first = res.json.report.errors[0];
    if (code) expect(first.code).toBe(code);
    if (line !== null) expect(first.line).toBe(line);
    if (field !== null) expect(first.field).toBe(field);
    expect(res.json.error.message).toContain(first.message);
    expect(res.text).not.toMatch(/\n\s+at |node_modules/);
    expect(res.json.project).toBeNull();
    expect(await counts()).toEqual(nothing);
    expect(await scratchFiles()).toEqual([]);
  });

  it("an empty file", async () => {
    const res = await uploadProject("vcbench", new Uint8Array(0), { as: admin, fileName: "empty.jsonl" });
    expect(res.status).toBe(422);
    expect(res.json.report.errors[0]).toMatchObject({ code: "empty_file" });
    expect(res.json.error.message).toContain("empty.jsonl is empty");
    const blank = await uploadProject("vsas", "\n \n", { as: admin, fileName: "blank.jsonl" });
    expect(blank.status).toBe(422);
    expect(blank.json.report.errors[0].code).toBe("empty_file");
    expect(await counts()).toEqual(nothing);
    expect(await scratchFiles()).toEqual([]);
  });

  it("a custom file with bad records names each", async () => {
    const text = [JSON.stringify({ id: "a", video: "v.mp4", question: "q", answer: 1, query_points: [-3] }), "{oops", JSON.stringify({ id: "b", question: "q", answer: 2 })].join("\n");
    const res = await uploadProject("custom", text, { as: admin, fileName: "items.jsonl", dryRun: true });
    expect(res.status).toBe(422);
    expect(res.json.report.errors.map((e: { line: number; field?: string; code: string }) => [e.line, e.code, e.field ?? null])).toEqual([
      [1, "invalid_record", "query_points[0]"],
      [2, "malformed_json", null],
      [3, "invalid_record", "video"],
    ]);
  });

  it("a 200 MB file is refused with 413 before it is read (Content-Length)", async () => {
    const request = new NextRequest(new URL("/api/projects?kind=vcbench", TEST_ORIGIN), {
      method: "POST",
      headers: { cookie: await sessionCookie(admin), "x-file-name": "huge.jsonl", "content-length": String(200 * 1024 * 1024) },
      body: "x",
    });
    const res = await readResponse(await createProject(request, routeContext({})));
    expect(res.status).toBe(413);
    expect(res.json.error.message).toMatch(/larger than the upload limit of 64/);
    expect(await counts()).toEqual(nothing);
    expect(await scratchFiles()).toEqual([]);
  });

  it("a 200 MB streamed upload is cut off at the limit while the server keeps answering", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (pulled >= 200) return controller.close();
        pulled += 1;
        await new Promise((r) => setImmediate(r));
        controller.enqueue(chunk);
      },
    });
    const request = new NextRequest(new URL("/api/projects?kind=vcbench", TEST_ORIGIN), {
      method: "POST",
      headers: { cookie: await sessionCookie(admin), "x-file-name": "huge.jsonl" },
      body,
      duplex: "half",
    } as unknown as ConstructorParameters<typeof NextRequest>[1]);
    const upload = createProject(request, routeContext({})).then(readResponse);
    // Meanwhile other requests are served. (Whether the upload has finished by then depends on
    // the database's speed, so only the answer is asserted, not the order.)
    await new Promise((r) => setTimeout(r, 20));
    const list = await call(listProjects, "/api/projects", { as: reviewer });
    expect(list.status).toBe(200);
    const res = await upload;
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(80);
    expect(await counts()).toEqual(nothing);
    expect(await scratchFiles()).toEqual([]);
  });
});

describe("request problems", () => {
  it("names an unknown kind, a missing file name, a bad sha", async () => {
    const kind = await uploadProject("imagenet", "{}", { as: admin });
    expect(kind.status).toBe(400);
    expect(kind.json.error.message).toMatch(/kind: unknown benchmark kind "imagenet"/);
    const noName = await call(createProject, "/api/projects", { as: admin, query: { kind: "vsas" }, body: "{}" });
    expect(noName.status).toBe(400);
    expect(noName.json.error.message).toMatch(/x-file-name/);
    const sha = await uploadProject("vsas", "{}", { as: admin, expectSha256: "abc" });
    expect(sha.status).toBe(400);
    expect(sha.json.error.message).toMatch(/expectSha256/);
  });

  it("a file of another kind than the existing project's is refused", async () => {
    await importProject("vsas", importFixture("vsas_tasks.jsonl"), admin, "Mixed");
    const before = await counts();
    const res = await uploadProject("vstat", await readFile(importFixture("vstat_qa.json")), { as: admin, name: "Mixed", fileName: "qa.json" });
    expect(res.status).toBe(422);
    expect(res.json.report.errors[0].code).toBe("project_kind_mismatch");
    expect(await counts()).toEqual(before);
  });
});

describe("roles", () => {
  it("only admins import; admins and members list and read; non-members see nothing; participants get 403 everywhere; signed-out 401", async () => {
    const created = await importProject("vsas", importFixture("vsas_tasks.jsonl"), admin, "Roles");
    const projectId = created.json.project.id;
    for (const who of [reviewer, annotator]) {
      expect((await call(listProjects, "/api/projects", { as: who })).json.projects).toEqual([]);
      expect((await call(getProject, `/api/projects/${projectId}`, { as: who, params: { projectId } })).status).toBe(404);
    }
    await addMembers(projectId, reviewer, annotator);
    const bytes = await readFile(importFixture("vsas_tasks.jsonl"));
    for (const who of [reviewer, annotator, participant]) {
      expect((await uploadProject("vsas", bytes, { as: who, fileName: "t.jsonl", dryRun: true })).status).toBe(403);
      expect((await call(reimport, `/api/projects/${projectId}/import`, { as: who, params: { projectId }, body: bytes, headers: { "x-file-name": "t.jsonl" } })).status).toBe(403);
    }
    expect((await uploadProject("vsas", bytes, { as: null, fileName: "t.jsonl" })).status).toBe(401);
    for (const who of [admin, reviewer, annotator]) {
      const list = await call(listProjects, "/api/projects", { as: who });
      expect(list.status).toBe(200);
      expect(list.json.projects.map((p: { name: string }) => p.name)).toEqual(["Roles"]);
      expect((await call(getProject, `/api/projects/${projectId}`, { as: who, params: { projectId } })).status).toBe(200);
    }
    expect((await call(listProjects, "/api/projects", { as: participant })).status).toBe(403);
    expect((await call(getProject, `/api/projects/${projectId}`, { as: participant, params: { projectId } })).status).toBe(403);
    expect((await call(getProject, `/api/projects/${projectId}`, { as: null, params: { projectId } })).status).toBe(401);
  });

  it("the project answer has counts, pending videos and the import history", async () => {
    const created = await importProject("vcbench", importFixture("vcbench_data.jsonl"), admin, "VC overview");
    const projectId = created.json.project.id;
    await addMembers(projectId, annotator);
    const res = await call(getProject, `/api/projects/${projectId}`, { as: annotator, params: { projectId } });
    expect(res.status).toBe(200);
    expect(res.json.project).toMatchObject({ name: "VC overview", benchmark: "VCBENCH", truthVersion: 1, settings: { qualificationKappa: 0.8, protocol: "STREAMING" } });
    expect(res.json.overview.items).toEqual({ total: 11, active: 11, removed: 0 });
    expect(res.json.overview.videos.pendingItems).toBe(11);
    expect(res.json.overview.pendingVideos.length).toBeGreaterThan(0);
    expect(res.json.imports).toHaveLength(1);
    expect(res.json.imports[0]).toMatchObject({ fileName: "vcbench_data.jsonl", createdBy: { email: admin.email }, report: { created: 11 } });
    const missing = await call(getProject, "/api/projects/nope", { as: admin, params: { projectId: "nope" } });
    expect(missing.status).toBe(404);
  });
});

