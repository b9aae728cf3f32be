import { db, testDb } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createUser } from "@/app/api/admin/users/route";
import { PATCH as patchProject, GET as getProject } from "@/app/api/projects/[projectId]/route";
import { POST as createGoldSet } from "@/app/api/projects/[projectId]/gold-sets/route";
import { PATCH as patchItem } from "@/app/api/projects/[projectId]/items/[itemId]/route";
import { POST as uploadRunRoute } from "@/app/api/projects/[projectId]/runs/route";
import { POST as answerRoute } from "@/app/api/sessions/[id]/answers/route";
import { PATCH as patchStudy } from "@/app/api/studies/[studyId]/route";
import { POST as createStudy } from "@/app/api/studies/route";
import { POST as createToken } from "@/app/api/tokens/route";
import { GET as listVideos } from "@/app/api/videos/route";
import { annotationProject } from "./annotation-helpers";
import { uploadProject } from "./projects-helpers";
import { call, type CallResult } from "./support/requests";
import { signIn } from "./support/sign-in";
import { createTestUser, type TestUser } from "./support/users";

/**
 * NUL and the other control characters are refused in every text a request carries, with a 400
 * naming the field and nothing stored — on SQLite (which would store them) and on PostgreSQL
 * (which refuses NUL in text and jsonb columns: the same request was a 500 there). Tab and line
 * feed pass everywhere; carriage return only in multi-line text (lib/http/text-schema.ts).
 * Import files and run uploads name the line and field.
 */

let admin: TestUser;
let projectId = "";
let itemIds: string[] = [];

const NUL = "\u0000";
const fieldsOf = (res: CallResult) => ((res.json?.error?.details ?? []) as { field: string; message: string }[]).map((d) => d.field);

function refused(res: CallResult, field: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.json.error.code).toBe("invalid_input");
  expect(fieldsOf(res)).toContain(field);
  expect(res.json.error.message).toContain(`${field}: must not contain control characters`);
}

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  ({ projectId, itemIds } = await annotationProject("VCBENCH", [{ externalId: "n1", truth: { answer: [1], source: {} }, queryTimes: [1] }, { externalId: "n2", truth: { answer: [2], source: {} }, queryTimes: [1] }]));
});

describe(`control characters in request text (${testDb.provider})`, () => {
  it("a user: refused in the name, nothing created", async () => {
    const before = await db.user.count();
    const res = await call(createUser, "/api/admin/users", { as: admin, json: { email: "nul@example.org", name: `Ann${NUL}`, role: "ANNOTATOR", password: "long enough 1" } });
    refused(res, "name");
    expect(res.json.error.message).toContain("U+0000 at character 4");
    expect(await db.user.count()).toBe(before);
  });

  it("sign-in: an email with a NUL is refused before anything is recorded", async () => {
    const before = await db.signInAttempt.count();
    const res = await signIn(`ann${NUL}@example.org`, "whatever password");
    expect(res.sessionCookie).toBeNull();
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.details).toEqual([{ field: "email", message: "must not contain control characters (U+0000 at character 4)" }]);
    expect(await db.signInAttempt.count()).toBe(before);
  });

  it("a project: refused in name and description; tab, newline and CRLF pass in the description", async () => {
    const description = (await db.project.findUniqueOrThrow({ where: { id: projectId } })).description;
    refused(await call(patchProject, "/x", { method: "PATCH", as: admin, params: { projectId }, json: { description: `a${NUL}b` } }), "description");
    refused(await call(patchProject, "/x", { method: "PATCH", as: admin, params: { projectId }, json: { name: `P${NUL}` } }), "name");
    refused(await call(patchProject, "/x", { method: "PATCH", as: admin, params: { projectId }, json: { name: "two\r\nlines" } }), "name");
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).description).toBe(description);
    const ok = await call(patchProject, "/x", { method: "PATCH", as: admin, params: { projectId }, json: { description: "col1\tcol2\nline 2\r\nline 3" } });
    expect(ok.status, ok.text).toBe(200);
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).description).toBe("col1\tcol2\nline 2\r\nline 3");
  });

  it("an API token: refused in the name", async () => {
    const before = await db.apiToken.count();
    refused(await call(createToken, "/api/tokens", { as: admin, json: { name: `ci${NUL}` } }), "name");
    expect(await db.apiToken.count()).toBe(before);
  });

  it("a gold set: refused in the name and in an item id", async () => {
    refused(await call(createGoldSet, "/x", { as: admin, params: { projectId }, json: { name: `gold${NUL}`, itemIds: [itemIds[0]] } }), "name");
    refused(await call(createGoldSet, "/x", { as: admin, params: { projectId }, json: { name: "gold", itemIds: [`${itemIds[0]}${NUL}`] } }), "itemIds.0");
    expect(await db.goldSet.count()).toBe(0);
  });

  it("a study: refused in the name and in its settings' texts", async () => {
    refused(await call(createStudy, "/api/studies", { as: admin, json: { projectId, name: `study${NUL}`, protocol: "FREE_REWATCH" } }), "name");
    expect(await db.study.count()).toBe(0);
    const created = await call(createStudy, "/api/studies", { as: admin, json: { projectId, name: "study", protocol: "FREE_REWATCH" } });
    expect(created.status, created.text).toBe(201);
    const studyId = created.json.study.id;
    refused(await call(patchStudy, "/x", { method: "PATCH", as: admin, params: { studyId }, json: { settings: { consentText: `I agree${NUL}` } } }), "settings.consentText");
    refused(await call(patchStudy, "/x", { method: "PATCH", as: admin, params: { studyId }, json: { settings: { completionCode: "C\u001b[2J" } } }), "settings.completionCode");
    const stored = await db.study.findUniqueOrThrow({ where: { id: studyId } });
    expect(JSON.stringify(stored.settings)).not.toContain("I agree");
  });

  it("an item: refused in the question, notes, labels (keys too) and JSON truth", async () => {
    const item = await db.item.findUniqueOrThrow({ where: { id: itemIds[0] } });
    const patch = (json: Record<string, unknown>) => call(patchItem, "/x", { method: "PATCH", as: admin, params: { projectId, itemId: item.id }, json: { version: item.version, ...json } });
    refused(await patch({ question: `How many${NUL}?` }), "question");
    refused(await patch({ notes: `x${NUL}` }), "notes");
    refused(await patch({ labels: { subtype: `E1${NUL}` } }), "labels.subtype");
    refused(await patch({ labels: { [`k${NUL}`]: "v" } }), `labels.k${NUL}`);
    refused(await patch({ truth: { answer: [`1${NUL}`] } }), "truth.answer.0");
    const after = await db.item.findUniqueOrThrow({ where: { id: item.id } });
    expect(after.version).toBe(item.version);
    expect(after.question).toBe(item.question);
  });

  it("path parameters, query strings and free JSON (a participant's answer) are refused too", async () => {
    const res = await call(getProject, "/x", { as: admin, params: { projectId: `${projectId}${NUL}` } });
    refused(res, "projectId");
    refused(await call(listVideos, "/api/videos", { as: admin, query: { q: `cup${NUL}` } }), "q");
    const participant = await createTestUser({ role: "PARTICIPANT" });
    refused(await call(answerRoute, "/x", { as: participant, params: { id: "no-such-session" }, json: { askIndex: 0, tabId: "tab-00000001", version: 0, answer: { items: [`a${NUL}`] } } }), "answer.items.0");
  });
});

describe(`control characters in import files and run uploads (${testDb.provider})`, () => {
  it("a benchmark file naming the line, item and field; nothing imported", async () => {
    const lines = [
      JSON.stringify({ id: "c1", video: "v.mp4", question: "Fine?", options: ["a", "b"], answer: "A" }),
      JSON.stringify({ id: "c2", video: "v.mp4", question: `Bad${NUL}`, options: ["a", "b"], answer: "A" }),
    ];
    const before = await db.project.count();
    const res = await uploadProject("custom", `${lines.join("\n")}\n`, { as: admin, name: "nul custom", fileName: "items.jsonl" });
    expect(res.status, res.text).toBe(422);
    const errors = res.json.report.errors as { code: string; line: number; item_id: string; field?: string; message: string }[];
    expect(errors.some((e) => e.line === 2 && /question/.test(e.field ?? e.message) && /control characters|U\+0000/.test(e.message)), JSON.stringify(errors)).toBe(true);
    expect(JSON.stringify(res.json)).not.toContain(NUL);
    expect(await db.project.count()).toBe(before);
  });

  it("an EC-Bench CSV with a NUL byte in a cell: line and field named", async () => {
    const header = "video_url,video_id,video_type,question_id,question_type,task_type,question,clips,answer,count_details";
    const text = `${header}\n,1,cartoon,1,A,Counting,How many?,"[0:00:01,0:00:02]",2,\n,1,cartoon,2,B,Counting,Bad ${NUL} cell,"[0:00:03,0:00:04]",1,\n`;
    const res = await uploadProject("ecbench", text, { as: admin, name: "nul ec", fileName: "dataset.csv" });
    expect(res.status, res.text).toBe(422);
    const e = (res.json.report.errors as { code: string; line: number; field?: string; message: string }[]).find((x) => x.code === "control_character");
    expect(e, res.text).toBeDefined();
    expect(e!.line).toBe(3);
    expect(e!.field).toBe("question");
    expect(await db.project.count({ where: { name: "nul ec" } })).toBe(0);
  });

  it("a prediction file: a NUL escape in JSON or a raw control byte names the line (and field); no run stored", async () => {
    const upload = (body: string, fileName: string) =>
      call(uploadRunRoute, "/x", { as: admin, params: { projectId }, body, query: { name: `run ${fileName}` }, headers: { "content-type": "application/octet-stream", "x-file-name": fileName } });
    const escaped = `${JSON.stringify({ id: "n1", predictions: [1] })}\n${JSON.stringify({ id: "n2", predictions: [2], note: `x${NUL}` })}\n`;
    const a = await upload(escaped, "escaped.jsonl");
    expect(a.status, a.text).toBe(400);
    expect(a.json.error.code).toBe("control_character");
    expect(a.json.error.message).toMatch(/^line 2: field note: must not contain control characters \(U\+0000/);
    expect(a.json.error.details).toMatchObject({ line: 2, field: "note" });
    const raw = `${JSON.stringify({ id: "n1", predictions: [1] })}\n{"id": "n2", "predictions": [2], "x": "\u0007"}\n`;
    const b = await upload(raw, "raw.jsonl");
    expect(b.status, b.text).toBe(400);
    expect(b.json.error.message).toMatch(/^line 2: raw\.jsonl holds a control character \(U\+0007 at character 40 of the line\)/);
    expect(await db.modelRun.count({ where: { projectId } })).toBe(0);
  });
});
