import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as rescoreRoute } from "@/app/api/studies/[studyId]/rescore/route";
import { GET as studyRoute, PATCH as studyPatchRoute } from "@/app/api/studies/[studyId]/route";
import { PUT as itemsRoute } from "@/app/api/studies/[studyId]/items/route";
import { POST as statusRoute } from "@/app/api/studies/[studyId]/status/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/studies/route";
import { createItems, createProject, ingestTestVideo } from "./baseline-fixtures";
import { call } from "./support/requests";
import { createTestUser, type TestUser } from "./support/users";

/**
 * The admin study API (issue 13 "Researchers", issue 14 thin routes): a crowd study (settings
 * crowdPlatforms) without a completion code or completion URL opens only when the admin confirms;
 * the refusal names the missing field and changes nothing. Free-rewatch studies (no segmenting).
 */
let admin: TestUser;
let projectId = "";
let itemId = "";

async function draftStudy(settings: Record<string, unknown>) {
  const created = await call(createRoute, "/api/studies", {
    as: admin,
    json: { projectId, name: `s-${Math.random().toString(36).slice(2)}`, protocol: "FREE_REWATCH", settings },
  });
  expect(created.status, created.text).toBe(201);
  const studyId: string = created.json.study.id;
  const put = await call(itemsRoute, `/api/studies/${studyId}/items`, { as: admin, method: "PUT", json: { items: [{ itemId }] }, params: { studyId } });
  expect(put.status, put.text).toBe(200);
  return studyId;
}

const open = (studyId: string, extra: Record<string, unknown> = {}) =>
  call(statusRoute, `/api/studies/${studyId}/status`, { as: admin, json: { status: "OPEN", ...extra }, params: { studyId } });

const statusOf = async (studyId: string) => (await db.study.findUniqueOrThrow({ where: { id: studyId } })).status;

describe("opening a crowd study without a completion code", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    admin = await createTestUser({ role: "ADMIN" });
    const video = await ingestTestVideo(30);
    const project = await createProject("TOCBENCH");
    projectId = project.id;
    const [item] = await createItems(project.id, video.id, [{ externalId: "q1", format: "mcq_4", presentation: { options: ["a", "b", "c", "d"] }, truth: "B" }]);
    itemId = item.id;
  });

  it("is refused with a 409 naming settings.completionCode and the platform; the study stays a draft", async () => {
    const studyId = await draftStudy({ crowdPlatforms: ["prolific"], participantsPerVideo: null });
    const res = await open(studyId);
    expect(res.status, res.text).toBe(409);
    expect(res.json.error.code).toBe("completion_missing");
    expect(res.json.error.message).toMatch(/^settings\.completionCode: .*Prolific.*completion URL \(settings\.redirectUrl\)/);
    expect(res.json.error.details).toEqual({ field: "settings.completionCode", platforms: ["prolific"] });
    expect(await statusOf(studyId)).toBe("DRAFT");
  });

  it("opens when the admin confirms", async () => {
    const studyId = await draftStudy({ crowdPlatforms: ["mturk", "prolific"], participantsPerVideo: null });
    const refused = await open(studyId, { confirmMissingCompletion: false });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/MTurk and Prolific|Prolific and MTurk/);
    const res = await open(studyId, { confirmMissingCompletion: true });
    expect(res.status, res.text).toBe(200);
    expect(await statusOf(studyId)).toBe("OPEN");
  });

  it("opens without confirmation when a completion code or a completion URL is set, or no platform is used", async () => {
    for (const settings of [
      { crowdPlatforms: ["prolific"], completionCode: "C0DE" },
      { crowdPlatforms: ["mturk"], redirectUrl: "https://platform.invalid/done?cc={code}" },
      {},
    ]) {
      const studyId = await draftStudy({ ...settings, participantsPerVideo: null });
      const res = await open(studyId);
      expect(res.status, `${JSON.stringify(settings)}: ${res.text}`).toBe(200);
    }
  });

  it("a code added later (PATCH) lets it open; a blank code does not count", async () => {
    const studyId = await draftStudy({ crowdPlatforms: ["prolific"], completionCode: "   ", participantsPerVideo: null });
    expect((await open(studyId)).status).toBe(409);
    const patch = await call(studyPatchRoute, `/api/studies/${studyId}`, { as: admin, method: "PATCH", json: { settings: { completionCode: "LATE-1" } }, params: { studyId } });
    expect(patch.status, patch.text).toBe(200);
    expect((await open(studyId)).status).toBe(200);
  });

  it("bad input names the field: an unknown platform, a non-boolean confirmation", async () => {
    const created = await call(createRoute, "/api/studies", {
      as: admin,
      json: { projectId, name: "bad platform", protocol: "FREE_REWATCH", settings: { crowdPlatforms: ["upwork"] } },
    });
    expect(created.status).toBe(400);
    expect(created.json.error.message).toMatch(/settings\.crowdPlatforms\.0.*prolific, mturk/);
    const studyId = await draftStudy({ participantsPerVideo: null });
    const res = await open(studyId, { confirmMissingCompletion: "yes" });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/confirmMissingCompletion/);
    expect(await statusOf(studyId)).toBe("DRAFT");
  });

  it("an ANNOTATOR may not open, read or list studies", async () => {
    const annotator = await createTestUser({ role: "ANNOTATOR" });
    const studyId = await draftStudy({ participantsPerVideo: null });
    expect((await call(statusRoute, `/api/studies/${studyId}/status`, { as: annotator, json: { status: "OPEN" }, params: { studyId } })).status).toBe(403);
    expect((await call(studyRoute, `/api/studies/${studyId}`, { as: annotator, params: { studyId } })).status).toBe(403);
    expect((await call(listRoute, "/api/studies", { as: annotator })).status).toBe(403);
  });
});

describe("study reads through lib/studies (no Prisma in the routes)", () => {
  it("GET /api/studies lists with counts and project; GET /api/studies/[id] gives parsed settings; 404 names nothing", async () => {
    const studyId = await draftStudy({ crowdPlatforms: ["prolific"], completionCode: "X1", participantsPerVideo: null });
    const list = await call(listRoute, "/api/studies", { as: admin, query: { projectId } });
    expect(list.status).toBe(200);
    const row = list.json.studies.find((s: { id: string }) => s.id === studyId);
    expect(row).toMatchObject({ status: "DRAFT", protocol: "FREE_REWATCH", _count: { items: 1, participants: 0, sessions: 0 }, project: { benchmark: "TOCBENCH" } });
    const one = await call(studyRoute, `/api/studies/${studyId}`, { as: admin, params: { studyId } });
    expect(one.status).toBe(200);
    expect(one.json.study.settings).toMatchObject({ crowdPlatforms: ["prolific"], completionCode: "X1", participantsPerVideo: null, segmentSeconds: 4 });
    expect(one.json.study.items).toEqual([{ itemId, attentionCheck: false }]);
    const missing = await call(studyRoute, "/api/studies/nope", { as: admin, params: { studyId: "nope" } });
    expect(missing.status).toBe(404);
  });

  it("rescore: 404 for a missing study, counts for an existing one", async () => {
    expect((await call(rescoreRoute, "/api/studies/nope/rescore", { as: admin, params: { studyId: "nope" } })).status).toBe(404);
    const studyId = await draftStudy({ participantsPerVideo: null });
    const res = await call(rescoreRoute, `/api/studies/${studyId}/rescore`, { as: admin, params: { studyId } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.sessions).toBe(0);
    expect(typeof res.json.runId).toBe("string");
  });
});
