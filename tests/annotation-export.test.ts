import { db, testDb } from "@/tests/support/test-db";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveAnnotation } from "@/lib/annotation/save-annotation";
import { submitAnnotation } from "@/lib/annotation/submit-annotation";
import { workspacePayload } from "@/lib/annotation/workspace-payload";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import type { BenchmarkKindName } from "@/lib/benchmarks/types";
import { exportProjectFile } from "@/lib/projects/project-export";
import { removeTempDir } from "@/lib/video/video-test-fixtures";
import { addMembers } from "@/tests/support/members";
import { roundTrip } from "@/tests/support/round-trip";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationVideos, makeTask, saveId, type AnnotationVideos } from "./annotation-helpers";

// Submitted annotations become the items' truth; exporting the project in its native format carries
// that truth, and importing the export gives the same items again (same bytes on a second export),
// for every benchmark.
vi.setConfig({ testTimeout: 120_000 });

let videos: AnnotationVideos;
let ann: TestUser;

beforeAll(async () => {
  videos = await annotationVideos(300);
  ann = await createTestUser({ role: "ANNOTATOR" });
}, 120_000);

afterAll(async () => {
  if (videos) await removeTempDir(videos.dir);
});

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures", name);
const at = (frame: number) => ({ frame, sec: Math.round((frame / 30) * 1e6) / 1e6 });

async function importAs(kind: BenchmarkKindName, file: string, name: string): Promise<string> {
  const out = await importBenchmarkFile({ kind, file: fixture(file), projectName: name });
  expect(out.errors).toEqual([]);
  const project = await db.project.findUniqueOrThrow({ where: { name } });
  await addMembers(project.id, ann);
  return project.id;
}

/** Attaches the test video to the item, opens a task on it, saves `edit(doc)` and submits. */
async function annotate(projectId: string, externalId: string, mode: "blank" | "prefill", edit: (doc: Record<string, unknown>) => Record<string, unknown>) {
  const item = await db.item.update({ where: { projectId_externalId: { projectId, externalId } }, data: { videoId: videos.cfr } });
  const taskId = await makeTask(projectId, item.id, ann.id, mode);
  const opened = await workspacePayload(ann, taskId);
  const data = edit(opened.annotation.data as unknown as Record<string, unknown>);
  const saved = await saveAnnotation(ann, opened.annotation.id, { baseVersion: opened.annotation.version, clientSaveId: saveId(), data: data as never });
  const submitted = await submitAnnotation(ann, opened.annotation.id, saved.version);
  expect(submitted.truthWritten).toBe(true);
  return item.id;
}

/** Export → import → export: the same bytes, and the same items as the project's ACTIVE ones (exports leave removed items out). */
async function expectRoundTrip(kind: BenchmarkKindName, name: string, removed: string[] = []) {
  const rt = await roundTrip(kind, name);
  expect(rt.reimport.errors).toEqual([]);
  expect(rt.second).toBe(rt.first);
  // Positions close up where items were left out.
  const noOrdinal = <T extends { ordinal: number }>(list: T[]) => list.map(({ ordinal: _o, ...rest }) => rest);
  if (removed.length) expect(noOrdinal(rt.after)).toEqual(noOrdinal(rt.before.filter((i) => !removed.includes(i.externalId))));
  else expect(rt.after).toEqual(rt.before);
  return rt;
}

describe(`exports carry annotated truth and round-trip (${testDb.provider})`, () => {
  it("VCBench: occurrence times, computed counts, designed query points; O2-Gain first appearances; E2-Periodic split points", async () => {
    const name = "annotated vcbench";
    const projectId = await importAs("VCBENCH", "import/vcbench_data.jsonl", name);
    await annotate(projectId, "0546", "blank", (d) => ({
      ...d,
      moments: [{ id: "a", at: at(40), label: "", comment: "" }, { id: "b", at: at(100), label: "", comment: "" }],
      queryPoints: [{ id: "q1", at: at(60), count: null }, { id: "q2", at: at(150), count: null }, { id: "q3", at: at(290), count: null }],
    }));
    await annotate(projectId, "0468", "blank", (d) => ({
      ...d,
      window: { start: at(30), end: at(240) },
      identities: [{ id: "p1", key: "#1", note: "", firstAppearance: at(10) }, { id: "p2", key: "#2", note: "", firstAppearance: at(90) }, { id: "p3", key: "#3", note: "", firstAppearance: at(120) }],
      queryPoints: [{ id: "q", at: at(240), count: null }],
    }));
    await annotate(projectId, "0991", "blank", (d) => ({
      ...d,
      occurrences: [{ id: "c1", start: at(30), end: at(90), label: "", comment: "", splits: [{ id: "s", at: at(60), label: "", comment: "" }] }],
      queryPoints: [{ id: "q1", at: at(60), count: null }, { id: "q2", at: at(120), count: null }, { id: "q3", at: at(200), count: null }],
    }));
    const rt = await expectRoundTrip("VCBENCH", name);
    const lines = rt.first.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.id === "0546")).toMatchObject({ occurrence_times: [at(40).sec, at(100).sec], query_points: { time: [2, 5, at(290).sec], count: [1, 2, 2] } });
    expect(lines.find((l) => l.id === "0468")).toMatchObject({ occurrence_times: { start: [1], end: [8] }, first_appearances: [at(10).sec, 3, 4], query_points: { time: [8], count: [2] } });
    expect(lines.find((l) => l.id === "0991")).toMatchObject({ occurrence_times: { start: [1], end: [3] }, cycle_splits: [[2]], query_points: { count: [0, 1, 1] } });
    const csv = await exportProjectFile({ name }, { vcbenchFormat: "eval" });
    expect(csv.text).toContain('"0546"');
  });

  it("EC-Bench: the revised answer and its evidence clips", async () => {
    const name = "annotated ecbench";
    const projectId = await importAs("ECBENCH", "import/ec_dataset.csv", name);
    const first = await db.item.findFirstOrThrow({ where: { projectId, format: "counting" }, orderBy: { ordinal: "asc" } });
    await annotate(projectId, first.externalId, "prefill", (d) => ({
      ...d,
      feasible: true,
      answer: "7",
      answerRevised: true,
      evidence: [{ id: "e1", start: at(30), end: at(90), label: "", comment: "" }, { id: "e2", start: at(150), end: at(240), label: "", comment: "" }],
    }));
    const rt = await expectRoundTrip("ECBENCH", name);
    const row = rt.first.split("\n").find((l) => l.includes(first.externalId))!;
    expect(row).toContain("[0:00:01,0:00:03], [0:00:05,0:00:08]");
    expect(row).toMatch(/,7(,|$)/);
  });

  it("TOC-Bench: revised items exported revised, removed ones left out (listed with their reasons in the project)", async () => {
    const name = "annotated tocbench";
    const projectId = await importAs("TOCBENCH", "import/toc_answer_final.json", name);
    const items = await db.item.findMany({ where: { projectId }, orderBy: { ordinal: "asc" }, take: 2, include: { truth: true } });
    await annotate(projectId, items[0].externalId, "prefill", (d) => ({ ...d, decision: "revise", revision: { question: "Revised: which one?" } }));
    await annotate(projectId, items[1].externalId, "prefill", (d) => ({ ...d, decision: "remove", removalReason: "wrong_label", removalNote: "label says B" }));
    const rt = await expectRoundTrip("TOCBENCH", name, [items[1].externalId]);
    expect(rt.first).toContain("Revised: which one?");
    expect(rt.after.map((i) => i.externalId)).not.toContain(items[1].externalId);
    expect(await db.item.findUniqueOrThrow({ where: { id: items[1].id } })).toMatchObject({ status: "REMOVED", removalReason: "Wrong label: label says B" });
    const withRemoved = await exportProjectFile({ name }, { includeRemoved: true });
    expect(withRemoved.text).toContain(items[1].externalId);
  });

  it("VSTAT: the annotated taxonomy labels", async () => {
    const name = "annotated vstat";
    const projectId = await importAs("VSTAT", "import/vstat_qa.json", name);
    const item = await db.item.findFirstOrThrow({ where: { projectId }, orderBy: { ordinal: "asc" } });
    await annotate(projectId, item.externalId, "prefill", (d) => ({ ...d, stateElement: "count", stateStructure: "sequence", challenges: ["camera_motion"], decision: "keep" }));
    const rt = await expectRoundTrip("VSTAT", name);
    const doc = JSON.parse(rt.first) as { data: Record<string, Record<string, unknown>[]> };
    const all = Object.values(doc.data).flat();
    expect(all.find((d) => d.question === item.question)).toMatchObject({ state_element: "count", state_structure: "sequence", perceptual_challenges: ["camera_motion"] });
  });

  it("VSAS: the corrected captions", async () => {
    const name = "annotated vsas";
    const projectId = await importAs("VSAS", "import/vsas_tasks.jsonl", name);
    await annotate(projectId, "vsas-0001", "prefill", (d) => ({
      ...d,
      captions: (d.captions as { second: number; text: string }[]).map((c) => (c.second === 2 ? { ...c, text: "A knife and a carrot.", corrected: true } : c)),
    }));
    const rt = await expectRoundTrip("VSAS", name);
    const rec = JSON.parse(rt.first.split("\n")[0]) as { captions: { t: number; text: string }[] };
    expect(rec.captions.map((c) => c.text)).toEqual(["Nothing yet.", "A knife.", "A knife and a carrot.", "A knife and an onion."]);
  });
});
