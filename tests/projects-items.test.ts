import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listItems } from "@/app/api/projects/[projectId]/items/route";
import { GET as getItem, PATCH as patchItem } from "@/app/api/projects/[projectId]/items/[itemId]/route";
import { matchesLabels, NONE_VALUE, type LabelFacet } from "@/lib/projects/item-filters";
import { getItemForViewer } from "@/lib/projects/item-queries";
import { call } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { importFixture, importProject, projectFixture } from "./projects-helpers";

let admin: TestUser;
let reviewer: TestUser;
let annotator: TestUser;
let participant: TestUser;
const projects: Record<string, string> = {};

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  annotator = await createTestUser({ role: "ANNOTATOR" });
  participant = await createTestUser({ role: "PARTICIPANT" });
  projects.toc = (await importProject("tocbench", importFixture("toc_answer_final.json"), admin, "TOC")).json.project.id;
  projects.vstat = (await importProject("vstat", importFixture("vstat_qa.json"), admin, "VSTAT")).json.project.id;
  projects.vc = (await importProject("vcbench", importFixture("vcbench_data.jsonl"), admin, "VC")).json.project.id;
  projects.ec = (await importProject("ecbench", importFixture("ec_dataset.csv"), admin, "EC")).json.project.id;
  projects.custom = (await importProject("custom", projectFixture("custom_items.jsonl"), admin, "Custom")).json.project.id;
  for (const id of Object.values(projects)) await addMembers(id, reviewer, annotator);
});

async function list(project: string, query: Record<string, string> = {}, as: TestUser = reviewer) {
  const qs = new URLSearchParams(query).toString();
  return call(listItems, `/api/projects/${projects[project]}/items${qs ? `?${qs}` : ""}`, { as, params: { projectId: projects[project] } });
}

const ids = (res: { json: { items: { externalId: string }[] } }) => res.json.items.map((i) => i.externalId);

describe("the item catalogue (filtered in the database)", () => {
  it("lists a page in native order with the total and no truth", async () => {
    const res = await list("toc", { facets: "1" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 10, page: 1, pageSize: 50, pages: 1 });
    const rows = await db.item.findMany({ where: { projectId: projects.toc }, orderBy: { ordinal: "asc" }, select: { externalId: true } });
    expect(ids(res)).toEqual(rows.map((r) => r.externalId));
    for (const row of res.json.items) {
      expect(row).not.toHaveProperty("truth");
      expect(row).not.toHaveProperty("spans");
      expect(row._count.queryPoints).toBe(0);
    }
    expect(res.json.facets.formats.map((f: { value: string }) => f.value).sort()).toEqual(["mcq_4", "numerical", "ordering_3", "ordering_4", "sp"]);
  });

  it("pages", async () => {
    const p1 = await list("ec", { pageSize: "10" });
    const p2 = await list("ec", { pageSize: "10", page: "2" });
    expect(p1.json).toMatchObject({ total: 19, pages: 2 });
    expect(p1.json.items).toHaveLength(10);
    expect(p2.json.items).toHaveLength(9);
    expect(new Set([...ids(p1), ...ids(p2)]).size).toBe(19);
    expect((await list("ec", { pageSize: "10", page: "3" })).json.items).toEqual([]);
  });

  it("every label value of every project filters to exactly the items the facet counts (same rule as in memory)", async () => {
    for (const key of Object.keys(projects)) {
      const res = await list(key, { facets: "1", pageSize: "200" });
      const all = await db.item.findMany({ where: { projectId: projects[key] }, select: { externalId: true, labels: true } });
      for (const facet of res.json.facets.labels as LabelFacet[]) {
        for (const { value, count } of facet.values) {
          const filtered = await list(key, { [`label.${facet.key}`]: value, pageSize: "200" });
          expect(filtered.status).toBe(200);
          expect([key, facet.key, value, filtered.json.total]).toEqual([key, facet.key, value, count]);
          const expected = all.filter((r) => matchesLabels(r.labels, { [facet.key]: [value] })).map((r) => r.externalId).sort();
          expect(ids(filtered).sort()).toEqual(expected);
        }
      }
    }
  });

  it("filters by the benchmark labels: TOC dim, tier, hallucination variant (incl. none), boolean labels", async () => {
    expect((await list("toc", { dim: "event_ordering" })).json.total).toBe(3);
    expect((await list("toc", { tier: "tier2", dim: "event_ordering" })).json.total).toBe(3);
    const variants = await list("toc", { "label.hallucination": "variant_a" });
    expect(ids(variants)).toEqual(["8d86b8fd75ae"]);
    const ab = new URLSearchParams([["label.hallucination", "variant_a"], ["label.hallucination", "variant_b"]]);
    const both = await call(listItems, `/api/projects/${projects.toc}/items?${ab}`, { as: annotator, params: { projectId: projects.toc } });
    expect(both.json.total).toBe(2);
    expect((await list("toc", { hallucination: NONE_VALUE })).json.total).toBe(8);
    expect((await list("toc", { has_hallucination_distractor: "true" })).json.total).toBe(1);
  });

  it("filters list labels (VSTAT perceptual challenges), EC category and genre, VCBench subtype", async () => {
    const occl = await list("vstat", { perceptual_challenges: "occlusion" });
    expect(occl.json.total).toBeGreaterThan(0);
    for (const item of occl.json.items) expect(item.labels.perceptual_challenges).toContain("occlusion");
    const ec = await list("ec", { category: "A", task_type: "Counting" });
    for (const item of ec.json.items) expect(item.labels).toMatchObject({ category: "A", task_type: "Counting" });
    expect(ec.json.total).toBeGreaterThan(0);
    const genre = await list("ec", { genre: "cartoon" });
    expect(genre.json.total).toBeGreaterThan(0);
    const vc = await list("vc", { subtype: "O1-Snap" });
    for (const item of vc.json.items) expect(item.labels.subtype).toBe("O1-Snap");
    const customEmpty = await list("custom", { "label.challenges": NONE_VALUE });
    expect(ids(customEmpty).sort()).toEqual(["c2", "c3"]);
  });

  it("searches question, id, video reference and label values, case-insensitively, with LIKE wildcards literal", async () => {
    expect(ids(await list("custom", { q: "CUPS" }))).toEqual(["c2"]);
    expect(ids(await list("custom", { q: "garden" }))).toEqual(["c3"]);
    expect(ids(await list("custom", { q: "lighting" }))).toEqual(["c1"]);
    expect(ids(await list("custom", { q: "c1" }))).toEqual(["c1"]);
    expect((await list("custom", { q: "%" })).json.total).toBe(0);
    expect((await list("custom", { q: "_" })).json.total).toBe(0);
  });

  it("filters by format, status and video attached / pending", async () => {
    expect((await list("toc", { format: "sp" })).json.total).toBe(3);
    expect((await list("toc", { video: "pending" })).json.total).toBe(10);
    expect((await list("toc", { video: "attached" })).json.total).toBe(0);
    expect((await list("toc", { status: "REMOVED" })).json.total).toBe(0);
    expect((await list("toc", { status: "ACTIVE" })).json.total).toBe(10);
  });

  it("answers 400 naming bad parameters, 404 for an unknown project, 403 for participants", async () => {
    const bad = await list("toc", { status: "gone", pageSize: "9999" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/status: must be ACTIVE or REMOVED; pageSize: must be/);
    const missing = await call(listItems, "/api/projects/none/items", { as: admin, params: { projectId: "none" } });
    expect(missing.status).toBe(404);
    expect((await list("toc", {}, participant)).status).toBe(403);
  });
});

describe("one item", () => {
  async function tocItem(externalId: string) {
    return db.item.findUniqueOrThrow({ where: { projectId_externalId: { projectId: projects.toc, externalId } }, select: { id: true, version: true } });
  }

  it("shows truth to admins and reviewer members, never to annotator members; participants get 403 and no truth is ever selected without truth visibility", async () => {
    const item = await tocItem("42fbdd45fe59");
    for (const who of [admin, reviewer]) {
      const res = await call(getItem, `/api/projects/${projects.toc}/items/${item.id}`, { as: who, params: { projectId: projects.toc, itemId: item.id } });
      expect(res.status).toBe(200);
      expect(res.json.truthVisible).toBe(true);
      expect(res.json.item).toMatchObject({ externalId: "42fbdd45fe59", format: "mcq_4", truth: { answer: "A" }, presentation: { options: expect.any(Array) } });
      expect(res.json.revisions[0]).toMatchObject({ version: 1 });
    }
    const asAnnotator = await call(getItem, `/api/projects/${projects.toc}/items/${item.id}`, { as: annotator, params: { projectId: projects.toc, itemId: item.id } });
    expect(asAnnotator.status).toBe(200);
    expect(asAnnotator.json.truthVisible).toBe(false);
    expect(asAnnotator.json.item).toMatchObject({ externalId: "42fbdd45fe59", format: "mcq_4", presentation: { options: expect.any(Array) } });
    expect(asAnnotator.json.item).not.toHaveProperty("truth");
    expect(asAnnotator.json.item).not.toHaveProperty("spans");
    expect(asAnnotator.json.item).not.toHaveProperty("notes");
    expect(asAnnotator.json.revisions[0]).not.toHaveProperty("reason");
    expect(asAnnotator.text).not.toContain("metadata_extra");
    const res = await call(getItem, `/api/projects/${projects.toc}/items/${item.id}`, { as: participant, params: { projectId: projects.toc, itemId: item.id } });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('"answer"');
    const withoutTruth = await getItemForViewer(projects.toc, item.id, false);
    expect(withoutTruth).not.toBeNull();
    expect(withoutTruth).not.toHaveProperty("truth");
    expect(withoutTruth).not.toHaveProperty("spans");
    expect(withoutTruth).not.toHaveProperty("notes");
    expect(JSON.stringify(withoutTruth)).not.toContain("metadata_extra");
  });

  it("an item of another project is 404", async () => {
    const item = await tocItem("42fbdd45fe59");
    const res = await call(getItem, `/api/projects/${projects.vc}/items/${item.id}`, { as: admin, params: { projectId: projects.vc, itemId: item.id } });
    expect(res.status).toBe(404);
  });

  it("edits with optimistic concurrency: revision written, 409 with the current version on a stale version", async () => {
    const item = await tocItem("7c069dffb0b4").catch(() => null);
    const target = item ?? (await db.item.findFirstOrThrow({ where: { projectId: projects.toc, format: "sp" }, select: { id: true, version: true } }));
    const url = `/api/projects/${projects.toc}/items/${target.id}`;
    const params = { projectId: projects.toc, itemId: target.id };
    const before = await db.project.findUniqueOrThrow({ where: { id: projects.toc }, select: { truthVersion: true } });
    const ok = await call(patchItem, url, { method: "PATCH", as: admin, params, json: { version: target.version, question: "Edited wording?", notes: "fixed typo", reason: "wording" } });
    expect(ok.status).toBe(200);
    expect(ok.json.result).toMatchObject({ changed: true, version: target.version + 1, truthChanged: false });
    expect(ok.json.item).toMatchObject({ question: "Edited wording?", notes: "fixed typo", version: target.version + 1 });
    const rev = await db.itemRevision.findUniqueOrThrow({ where: { itemId_version: { itemId: target.id, version: target.version + 1 } } });
    expect(rev).toMatchObject({ authorId: admin.id, reason: "wording" });
    expect((rev.snapshot as { question: string }).question).toBe("Edited wording?");
    expect((await db.project.findUniqueOrThrow({ where: { id: projects.toc } })).truthVersion).toBe(before.truthVersion);

    const stale = await call(patchItem, url, { method: "PATCH", as: admin, params, json: { version: target.version, question: "Lost update" } });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatchObject({ code: "version_conflict", details: { currentVersion: target.version + 1 } });
    expect((await db.item.findUniqueOrThrow({ where: { id: target.id } })).question).toBe("Edited wording?");

    const same = await call(patchItem, url, { method: "PATCH", as: admin, params, json: { version: target.version + 1, question: "Edited wording?" } });
    expect(same.json.result).toMatchObject({ changed: false, version: target.version + 1 });
  });

  it("a truth edit bumps the item's truth version and the project's truth version", async () => {
    const target = await db.item.findFirstOrThrow({ where: { projectId: projects.toc, format: "mcq_4" }, select: { id: true, version: true, truth: { select: { answer: true, version: true } } } });
    const before = (await db.project.findUniqueOrThrow({ where: { id: projects.toc } })).truthVersion;
    const answer = target.truth!.answer === "D" ? "C" : "D";
    const res = await call(patchItem, `/api/projects/${projects.toc}/items/${target.id}`, {
      method: "PATCH",
      as: admin,
      params: { projectId: projects.toc, itemId: target.id },
      json: { version: target.version, truth: { answer }, reason: "label was wrong" },
    });
    expect(res.status).toBe(200);
    expect(res.json.result).toMatchObject({ truthChanged: true, truthVersion: target.truth!.version + 1, projectTruthVersion: before + 1 });
    expect(res.json.item.truth.answer).toBe(answer);
    const bad = await call(patchItem, `/api/projects/${projects.toc}/items/${target.id}`, {
      method: "PATCH",
      as: admin,
      params: { projectId: projects.toc, itemId: target.id },
      json: { version: target.version + 1, truth: { answer: "Z" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/truth\.answer: must be one of A, B, C, D/);
  });

  it("query points and counts change together (VCBench); frames stay null while the video is pending", async () => {
    const target = await db.item.findFirstOrThrow({ where: { projectId: projects.vc }, orderBy: { ordinal: "asc" }, select: { id: true, version: true, queryPoints: true } });
    const params = { projectId: projects.vc, itemId: target.id };
    const url = `/api/projects/${projects.vc}/items/${target.id}`;
    const mismatch = await call(patchItem, url, { method: "PATCH", as: admin, params, json: { version: target.version, queryPoints: [1, 2, 3, 4] } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error.message).toMatch(/truth\.answer: must hold 4 counts/);
    const ok = await call(patchItem, url, { method: "PATCH", as: admin, params, json: { version: target.version, queryPoints: [1, 2.5], truth: { answer: [0, 1] } } });
    expect(ok.status).toBe(200);
    expect(ok.json.item.queryPoints.map((q: { timeSec: number; frameIndex: number | null }) => [q.timeSec, q.frameIndex])).toEqual([
      [1, null],
      [2.5, null],
    ]);
    expect(await db.queryPoint.count({ where: { itemId: target.id } })).toBe(2);
  });

  it("removing needs a reason; restoring clears it", async () => {
    const target = await db.item.findFirstOrThrow({ where: { projectId: projects.ec }, select: { id: true, version: true } });
    const params = { projectId: projects.ec, itemId: target.id };
    const url = `/api/projects/${projects.ec}/items/${target.id}`;
    const noReason = await call(patchItem, url, { method: "PATCH", as: admin, params, json: { version: target.version, status: "REMOVED" } });
    expect(noReason.status).toBe(400);
    expect(noReason.json.error.details[0].field).toBe("removalReason");
    const removed = await call(patchItem, url, { method: "PATCH", as: admin, params, json: { version: target.version, status: "REMOVED", removalReason: "tracking error" } });
    expect(removed.json.item).toMatchObject({ status: "REMOVED", removalReason: "tracking error" });
    expect((await list("ec", { status: "REMOVED" })).json.total).toBe(1);
    const back = await call(patchItem, url, { method: "PATCH", as: admin, params, json: { version: target.version + 1, status: "ACTIVE" } });
    expect(back.json.item).toMatchObject({ status: "ACTIVE", removalReason: null });
  });

  it("two concurrent edits of the same version: one wins, the other gets 409", async () => {
    const target = await db.item.findFirstOrThrow({ where: { projectId: projects.vstat }, select: { id: true, version: true } });
    const params = { projectId: projects.vstat, itemId: target.id };
    const url = `/api/projects/${projects.vstat}/items/${target.id}`;
    const results = await Promise.all(
      ["first", "second", "third"].map((notes) => call(patchItem, url, { method: "PATCH", as: admin, params, json: { version: target.version, notes } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await db.item.findUniqueOrThrow({ where: { id: target.id } })).version).toBe(target.version + 1);
    expect(await db.itemRevision.count({ where: { itemId: target.id, version: target.version + 1 } })).toBe(1);
  });

  it("only admins edit; bad bodies name the field", async () => {
    const target = await db.item.findFirstOrThrow({ where: { projectId: projects.vstat }, select: { id: true, version: true } });
    const params = { projectId: projects.vstat, itemId: target.id };
    const url = `/api/projects/${projects.vstat}/items/${target.id}`;
    for (const who of [reviewer, annotator, participant]) {
      expect((await call(patchItem, url, { method: "PATCH", as: who, params, json: { version: target.version, notes: "x" } })).status).toBe(403);
    }
    const bad = await call(patchItem, url, { method: "PATCH", as: admin, params, json: { version: "one", labels: { "bad key": 1 }, colour: "red" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/version/);
    expect(bad.json.error.message).toMatch(/labels\.bad key/);
  });
});
