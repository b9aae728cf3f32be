import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { PATCH as patchProject } from "@/app/api/projects/[projectId]/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/projects/[projectId]/settings/route";
import { GET as listMembers, POST as addMember } from "@/app/api/projects/[projectId]/members/route";
import { DELETE as removeMember, PATCH as patchMember } from "@/app/api/projects/[projectId]/members/[userId]/route";
import { GET as listImports } from "@/app/api/projects/[projectId]/imports/route";
import { call } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { importFixture, importProject } from "./projects-helpers";

let admin: TestUser;
let reviewer: TestUser;
let annotator: TestUser;
let participant: TestUser;
let projectId = "";

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN" });
  reviewer = await createTestUser({ role: "REVIEWER" });
  annotator = await createTestUser({ role: "ANNOTATOR" });
  participant = await createTestUser({ role: "PARTICIPANT" });
  projectId = (await importProject("tocbench", importFixture("toc_answer_final.json"), admin, "Settings TOC")).json.project.id;
});

const params = () => ({ projectId });

describe("settings", () => {
  it("start from the benchmark's defaults (qualification kappa 0.8)", async () => {
    await addMembers(projectId, annotator);
    const res = await call(getSettings, `/api/projects/${projectId}/settings`, { as: annotator, params: params() });
    expect(res.status).toBe(200);
    expect(res.json.settings).toMatchObject({ metricVariant: "reference", qualificationKappa: 0.8, doubleReview: false, protocol: "FREE_REWATCH" });
  });

  it("admins change them; the importer's file meta is kept; audited", async () => {
    const res = await call(patchSettings, `/api/projects/${projectId}/settings`, {
      method: "PATCH",
      as: admin,
      params: params(),
      json: { qualificationKappa: 0.85, doubleReview: true, metricVariant: "paper", protocolDefaults: { playbackRate: 1, allowVoluntaryPause: true, timeLimitMinutes: 30, participantsPerVideo: null, capPerParticipant: 5 } },
    });
    expect(res.status).toBe(200);
    expect(res.json.settings).toMatchObject({ qualificationKappa: 0.85, doubleReview: true, metricVariant: "paper", protocolDefaults: { timeLimitMinutes: 30, capPerParticipant: 5 } });
    const stored = (await db.project.findUniqueOrThrow({ where: { id: projectId } })).settings as Record<string, unknown>;
    expect(stored.native).toMatchObject({ fileKind: expect.any(String) });
    expect(stored.qualificationKappa).toBe(0.85);
    const entry = await db.auditLog.findFirstOrThrow({ where: { action: "project.settings", targetId: projectId } });
    expect(entry.details).toMatchObject({ changed: { qualificationKappa: 0.85, doubleReview: true } });
  });

  it("bad values and unknown keys are named; nothing changes", async () => {
    const before = (await db.project.findUniqueOrThrow({ where: { id: projectId } })).settings;
    const res = await call(patchSettings, `/api/projects/${projectId}/settings`, { method: "PATCH", as: admin, params: params(), json: { qualificationKappa: 2, protocol: "LIVE", native: {} } });
    expect(res.status).toBe(400);
    const fields = res.json.error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(["qualificationKappa", "protocol"]));
    expect(res.json.error.message).toMatch(/native/);
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).settings).toEqual(before);
  });

  it("only admins change settings; participants cannot even read them", async () => {
    for (const who of [reviewer, annotator, participant]) {
      expect((await call(patchSettings, `/api/projects/${projectId}/settings`, { method: "PATCH", as: who, params: params(), json: { doubleReview: false } })).status).toBe(403);
    }
    expect((await call(getSettings, `/api/projects/${projectId}/settings`, { as: participant, params: params() })).status).toBe(403);
  });

  it("renames a project; a taken name is a 409 naming the field", async () => {
    const other = (await importProject("vsas", importFixture("vsas_tasks.jsonl"), admin, "Other")).json.project.id;
    const ok = await call(patchProject, `/api/projects/${projectId}`, { method: "PATCH", as: admin, params: params(), json: { name: "Settings TOC renamed", description: "Pilot" } });
    expect(ok.status).toBe(200);
    expect(ok.json.project).toMatchObject({ name: "Settings TOC renamed", description: "Pilot" });
    const taken = await call(patchProject, `/api/projects/${other}`, { method: "PATCH", as: admin, params: { projectId: other }, json: { name: "Settings TOC renamed" } });
    expect(taken.status).toBe(409);
    expect(taken.json.error.details[0].field).toBe("name");
    expect((await call(patchProject, `/api/projects/${projectId}`, { method: "PATCH", as: reviewer, params: params(), json: { name: "x" } })).status).toBe(403);
  });
});

describe("members", () => {
  it("admins add staff by email with a project role, change it and remove it", async () => {
    const add = await call(addMember, `/api/projects/${projectId}/members`, { as: admin, params: params(), json: { email: annotator.email.toUpperCase(), role: "REVIEWER" } });
    expect(add.status).toBe(201);
    expect(add.json.member).toMatchObject({ userId: annotator.id, role: "REVIEWER", accountRole: "ANNOTATOR" });
    await call(addMember, `/api/projects/${projectId}/members`, { as: admin, params: params(), json: { userId: reviewer.id, role: "REVIEWER" } });
    const list = await call(listMembers, `/api/projects/${projectId}/members`, { as: reviewer, params: params() });
    expect(list.json.members.map((m: { email: string }) => m.email).sort()).toEqual([annotator.email, reviewer.email].sort());
    const patch = await call(patchMember, `/api/projects/${projectId}/members/${annotator.id}`, { method: "PATCH", as: admin, params: { projectId, userId: annotator.id }, json: { role: "ANNOTATOR" } });
    expect(patch.json.member.role).toBe("ANNOTATOR");
    const del = await call(removeMember, `/api/projects/${projectId}/members/${annotator.id}`, { method: "DELETE", as: admin, params: { projectId, userId: annotator.id } });
    expect(del.status).toBe(200);
    expect(await db.projectMember.count({ where: { projectId } })).toBe(1);
    // A removed member no longer sees the project (nor is its existence confirmed).
    expect((await call(listMembers, `/api/projects/${projectId}/members`, { as: annotator, params: params() })).status).toBe(404);
    expect((await call(getSettings, `/api/projects/${projectId}/settings`, { as: annotator, params: params() })).status).toBe(404);
    const again = await call(removeMember, `/api/projects/${projectId}/members/${annotator.id}`, { method: "DELETE", as: admin, params: { projectId, userId: annotator.id } });
    expect(again.status).toBe(404);
    const notMember = await call(patchMember, `/api/projects/${projectId}/members/${annotator.id}`, { method: "PATCH", as: admin, params: { projectId, userId: annotator.id }, json: { role: "ANNOTATOR" } });
    expect(notMember.status).toBe(404);
  });

  it("refuses participants, unknown accounts and bad roles, naming the field", async () => {
    const p = await call(addMember, `/api/projects/${projectId}/members`, { as: admin, params: params(), json: { email: participant.email, role: "ANNOTATOR" } });
    expect(p.status).toBe(422);
    expect(p.json.error.code).toBe("participant_not_member");
    const unknown = await call(addMember, `/api/projects/${projectId}/members`, { as: admin, params: params(), json: { email: "nobody@example.org", role: "ANNOTATOR" } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.details[0].field).toBe("email");
    const role = await call(addMember, `/api/projects/${projectId}/members`, { as: admin, params: params(), json: { email: reviewer.email, role: "PARTICIPANT" } });
    expect(role.status).toBe(400);
    expect(role.json.error.details[0].field).toBe("role");
  });

  it("only admins manage members; participants cannot list them", async () => {
    for (const who of [reviewer, annotator, participant]) {
      expect((await call(addMember, `/api/projects/${projectId}/members`, { as: who, params: params(), json: { email: admin.email, role: "ADMIN" } })).status).toBe(403);
      expect((await call(removeMember, `/api/projects/${projectId}/members/${reviewer.id}`, { method: "DELETE", as: who, params: { projectId, userId: reviewer.id } })).status).toBe(403);
    }
    expect((await call(listMembers, `/api/projects/${projectId}/members`, { as: participant, params: params() })).status).toBe(403);
  });
});

describe("import history", () => {
  it("lists the recorded imports with their reports (admins; members)", async () => {
    const res = await call(listImports, `/api/projects/${projectId}/imports`, { as: reviewer, params: params() });
    expect(res.status).toBe(200);
    expect(res.json.imports).toHaveLength(1);
    expect(res.json.imports[0]).toMatchObject({ fileName: "toc_answer_final.json", status: "DONE", report: { items: 10, created: 10 } });
    expect((await call(listImports, `/api/projects/${projectId}/imports`, { as: participant, params: params() })).status).toBe(403);
  });
});
