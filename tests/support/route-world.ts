/**
 * A seeded world for calling EVERY API route as every kind of caller (import after
 * tests/support/test-db): tests/route-policy-matrix.test.ts, tests/csv-exports-guarded.test.ts,
 * tests/request-text-fields.test.ts.
 *
 * Callers: anonymous, and for each role (participant, annotator, reviewer, admin) a MEMBER and an
 * OUTSIDER (lib/http/route-policy.ts): the members are ProjectMembers of every "member project"
 * below and own the resources the "own" routes name (the annotator's task and annotation, each
 * account's API token, the participant's baseline sessions); the outsiders are members of another
 * project only, and the outsider participant took another study.
 *
 * Member projects: `vc` (VCBench E1-Action, 2 annotations per item: tasks, annotations,
 * adjudications, gold set, qualification, a model run, a streaming and a free-rewatch study), `ec`
 * (EC-Bench, with a model run for the EC judge queue), `vsas` (VSAS, with a model run for the VSAS
 * judge queue). Outsiders' project: `other`.
 *
 * `requestFor(key, pattern, caller)` builds a request that gets past schema validation for each route
 * (`REQUESTS`, else the defaults from the path's parameter names), creating fresh resources for
 * routes that destroy or finish what they are given (so every allowed caller gets its own).
 */
import { randomUUID } from "node:crypto";
import { GET as enterRoute } from "@/app/api/studies/[studyId]/enter/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { POST as createStudyRoute } from "@/app/api/studies/route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createInvite } from "@/lib/auth/invites";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import type { BenchmarkKindName } from "@/lib/benchmarks/types";
import type { Role } from "@/lib/db/types";
import type { CallerRole, RouteKey, SignedInRole } from "@/lib/http/route-policy";
import { signedResourcePath } from "@/lib/protocol/sign-segment-url";
import { createGoldSet } from "@/lib/review/gold-sets";
import { e1Doc } from "@/lib/review/test-docs";
import { uploadRun } from "@/lib/runs/score-run";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { annotationProject, saveId } from "../annotation-helpers";
import { createItems, createOpenStudy, ingestTestVideo, pathOf } from "../baseline-fixtures";
import { storedAdjudication } from "../review-helpers";
import { addMembers } from "./members";
import { call, type RequestOptions } from "./requests";
import { db, testDb } from "./test-db";
import { createTestUser, type TestUser } from "./users";

export type Caller = { role: CallerRole; member: boolean; user: TestUser | null; label: string };

export type World = {
  callers: Caller[];
  users: Record<`${SignedInRole}:${"member" | "outsider"}`, TestUser>;
  /** Second and third annotators of the member projects (authors of the disputed adjudication). */
  annotatorB: TestUser;
  annotatorC: TestUser;
  videoId: string;
  otherVideoId: string;
  vc: { id: string; itemIds: string[] };
  ec: { id: string; runId: string; itemId: string };
  vsas: { id: string; runId: string; itemId: string };
  other: { id: string };
  runId: string;
  goldSetId: string;
  qualificationId: string;
  ownTaskId: string;
  ownAnnotationId: string;
  feedbackAnnotationId: string;
  adjudicationId: string;
  streamingStudyId: string;
  freeStudyId: string;
  streamingSessionId: string;
  freeSessionId: string;
  /** API token id of each staff account (user id → token id). */
  tokens: Map<string, string>;
};

export type RequestSpec = RequestOptions & {
  params: Record<string, string | string[]>;
  /** Request path (defaults to the pattern with the params filled in). */
  path?: string;
};

const ROLE_OF: Record<SignedInRole, Role> = { participant: "PARTICIPANT", annotator: "ANNOTATOR", reviewer: "REVIEWER", admin: "ADMIN" };

let world: World | null = null;

/** Builds the world once per test file. */
export async function routeWorld(): Promise<World> {
  if (world) return world;
  const users = {} as World["users"];
  for (const role of ["participant", "annotator", "reviewer", "admin"] as const) {
    users[`${role}:member`] = await createTestUser({ role: ROLE_OF[role], name: `${role} member` });
    users[`${role}:outsider`] = await createTestUser({ role: ROLE_OF[role], name: `${role} outsider` });
  }
  const annotatorB = await createTestUser({ role: "ANNOTATOR", name: "annotator B" });
  const annotatorC = await createTestUser({ role: "ANNOTATOR", name: "annotator C" });
  const staffMembers = [users["admin:member"], users["reviewer:member"], users["annotator:member"], annotatorB, annotatorC];
  const staffOutsiders = [users["admin:outsider"], users["reviewer:outsider"], users["annotator:outsider"]];
  const admin = users["admin:member"];

  const video = await ingestTestVideo(90);
  const otherVideo = await ingestTestVideo(30);

  // VCBench E1-Action, blind double review (2 annotations per item), items with truth on the video.
  const vc = await annotationProject(
    "VCBENCH",
    Array.from({ length: 6 }, (_, i) => ({
      externalId: `vc-${i + 1}`,
      format: "count",
      labels: { subtype: "E1-Action", source_dataset: "demo" },
      videoId: video.id,
      videoRef: "demo/cfr.mp4",
      queryTimes: [1, 2],
      truth: { answer: [1, 2], source: { occurrence_times: [0.5, 1.5] } },
    })),
    staffMembers,
    { workflow: { annotationsPerItem: 2 } },
  );
  const other = await annotationProject(
    "VCBENCH",
    [{ externalId: "other-1", labels: { subtype: "E1-Action" }, videoId: otherVideo.id, queryTimes: [0.5], truth: { answer: [1], source: {} } }],
    staffOutsiders,
  );

  // Runs: a VCBench model run; EC-Bench and VSAS projects with runs for the judge queues.
  const runId = (await uploadRun({ project: vc.projectId, name: "model", text: predictionsVc(vc.itemIds.length), fileName: "p.jsonl", actorId: admin.id })).run.id;
  const ec = await judgeProject("ECBENCH", staffMembers);
  const vsas = await judgeProject("VSAS", staffMembers);

  // Work on item 1: the annotator member's own task (claimed) and draft annotation.
  const ownTask = await db.task.create({ data: { projectId: vc.projectId, itemId: vc.itemIds[0], userId: users["annotator:member"].id, kind: "ANNOTATE", mode: "blank", round: 1, status: "IN_PROGRESS" } });
  const ownAnnotation = await db.annotation.create({
    data: { itemId: vc.itemIds[0], authorId: users["annotator:member"].id, taskId: ownTask.id, data: e1Doc([30], [45]) as never, status: "DRAFT", version: 1 },
  });
  await db.annotationRevision.create({ data: { annotationId: ownAnnotation.id, version: 1, authorId: users["annotator:member"].id, action: "create", data: e1Doc([30], [45]) as never, summary: "created" } });
  // Item 2: agreed double review (the annotator member's feedback); item 3: disputed (annotators B and C).
  const agreed = await storedAdjudication({ projectId: vc.projectId, itemId: vc.itemIds[1], annotators: [users["annotator:member"], annotatorB], docs: [e1Doc([30], [45]), e1Doc([30], [45])], frameCount: 90 });
  await db.adjudication.update({ where: { id: agreed.adjudicationId }, data: { status: "AGREED", resolution: e1Doc([30], [45]) as never } });
  const disputed = await storedAdjudication({ projectId: vc.projectId, itemId: vc.itemIds[2], annotators: [annotatorB, annotatorC], docs: [e1Doc([10], [45]), e1Doc([60, 70], [80])], frameCount: 90 });

  // Gold set of items 4-5, and a FAILED qualification attempt of annotator B.
  const gold = await createGoldSet(vc.projectId, { name: "gold", threshold: 0.8, itemIds: [vc.itemIds[3], vc.itemIds[4]] }, { id: admin.id, ip: "127.0.0.1" });
  const qualification = await db.qualification.create({ data: { goldSetId: gold.id, userId: annotatorB.id, attempt: 1, status: "FAILED", submittedAt: new Date() } });
  // The annotator member has qualified (the project's tasks are open to them).
  await db.qualification.create({ data: { goldSetId: gold.id, userId: users["annotator:member"].id, attempt: 1, status: "PASSED", passed: true, kappa: 1, submittedAt: new Date() } });

  // Studies of the vc project (item 6): streaming and free rewatch (the member participant takes
  // both: the free one lets a video seen before be assigned); the outsider participant takes a study of `other`.
  const streamingStudyId = (await createOpenStudy(admin, vc.projectId, "STREAMING", [{ itemId: vc.itemIds[5] }], { enforceRealtime: false, segmentSeconds: 1, participantsPerVideo: null })).studyId;
  const freeStudyId = (await createOpenStudy(admin, vc.projectId, "FREE_REWATCH", [{ itemId: vc.itemIds[5] }], { participantsPerVideo: null, crowdPlatforms: ["prolific"], completionCode: "WORLD-DONE", excludeSeenVideos: false })).studyId;
  const otherItem = await db.item.findFirstOrThrow({ where: { projectId: other.projectId } });
  const otherStudyId = (await createOpenStudy(users["admin:outsider"], other.projectId, "FREE_REWATCH", [{ itemId: otherItem.id }], { participantsPerVideo: null })).studyId;
  const streamingSessionId = await takeStudy(streamingStudyId, users["participant:member"]);
  const freeSessionId = await takeStudy(freeStudyId, users["participant:member"]);
  await takeStudy(otherStudyId, users["participant:outsider"]);

  // Every staff account holds an API token (the "own" token routes).
  const tokens = new Map<string, string>();
  for (const u of Object.values(users)) {
    if (u.role === "PARTICIPANT") continue;
    tokens.set(u.id, (await createApiToken(`token of ${u.name}`, { user: u, ip: "127.0.0.1" })).id);
  }

  const callers: Caller[] = [{ role: "anonymous", member: false, user: null, label: "anonymous" }];
  for (const role of ["participant", "annotator", "reviewer", "admin"] as const) {
    callers.push({ role, member: true, user: users[`${role}:member`], label: `${role} member` });
    callers.push({ role, member: false, user: users[`${role}:outsider`], label: `${role} outsider` });
  }

  world = {
    callers,
    users,
    annotatorB,
    annotatorC,
    videoId: video.id,
    otherVideoId: otherVideo.id,
    vc: { id: vc.projectId, itemIds: vc.itemIds },
    ec,
    vsas,
    other: { id: other.projectId },
    runId,
    goldSetId: gold.id,
    qualificationId: qualification.id,
    ownTaskId: ownTask.id,
    ownAnnotationId: ownAnnotation.id,
    feedbackAnnotationId: agreed.annotationIds[0],
    adjudicationId: disputed.adjudicationId,
    streamingStudyId,
    freeStudyId,
    streamingSessionId,
    freeSessionId,
    tokens,
  };
  return world;
}

function predictionsVc(n: number): string {
  return Array.from({ length: n }, (_, i) => JSON.stringify({ id: `vc-${i + 1}`, predictions: [1, 2] })).join("\n") + "\n";
}

let fileCounter = 0;
async function importText(kind: BenchmarkKindName, text: string, name: string, ext: string): Promise<string> {
  const dir = path.join(testDb.dataDir, "route-world");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${++fileCounter}.${ext}`);
  await writeFile(file, text);
  const out = await importBenchmarkFile({ kind, file, projectName: name });
  if (out.errors.length) throw new Error(`route world: ${kind} import failed: ${JSON.stringify(out.errors)}`);
  return (await db.project.findUniqueOrThrow({ where: { name } })).id;
}

async function judgeProject(kind: "ECBENCH" | "VSAS", members: TestUser[]): Promise<{ id: string; runId: string; itemId: string }> {
  let id: string;
  let runId: string;
  if (kind === "ECBENCH") {
    const header = "video_url,video_id,video_type,question_id,question_type,task_type,question,clips,answer,count_details";
    id = await importText("ECBENCH", `${header}\n,1,cartoon,1,A,Counting,How many?,"[0:00:01,0:00:02]",2,\n,1,cartoon,2,B,Enumeration,List the vehicles.,"[0:00:03,0:00:09]","fire truck, ambulance",\n`, `World EC ${randomUUID()}`, "csv");
    runId = (await uploadRun({ project: id, name: "model", text: `${header},model_A\n,1,cartoon,1,A,Counting,How many?,"[0:00:01,0:00:02]",2,,2\n,1,cartoon,2,B,Enumeration,List the vehicles.,"[0:00:03,0:00:09]","fire truck, ambulance",,"Fire engine, bicycle"\n`, fileName: "model.csv" })).run.id;
  } else {
    const task = { task_id: "w-1", video: "kitchen.mp4", task_type: "Present", prompt: "What is held?", fps: 1, captions: [0, 1, 2].map((t) => ({ t, text: `caption ${t}` })) };
    id = await importText("VSAS", `${JSON.stringify(task)}\n`, `World VSAS ${randomUUID()}`, "jsonl");
    runId = (await uploadRun({ project: id, name: "model", text: [0, 1, 2].map((t) => JSON.stringify({ task_id: "w-1", t, response: `response ${t}` })).join("\n") + "\n", fileName: "model.jsonl" })).run.id;
  }
  await addMembers(id, ...members);
  const itemId = (await db.item.findFirstOrThrow({ where: { projectId: id, ...(kind === "ECBENCH" ? { externalId: "2" } : {}) } })).id;
  return { id, runId, itemId };
}

/** The participant enters the study signed in (no platform ids), consents and claims: their session id. */
async function takeStudy(studyId: string, participant: TestUser): Promise<string> {
  const entered = await call(enterRoute, `/api/studies/${studyId}/enter`, { as: participant, params: { studyId } });
  if (entered.status !== 303) throw new Error(`route world: enter ${studyId}: ${entered.status} ${entered.text}`);
  const consent = await call(consentRoute, `/api/studies/${studyId}/consent`, { as: participant, method: "POST", params: { studyId } });
  if (consent.status !== 200 || !consent.json.sessionId) throw new Error(`route world: consent ${studyId}: ${consent.status} ${consent.text}`);
  const sessionId: string = consent.json.sessionId;
  await call(claimRoute, `/api/sessions/${sessionId}/claim`, { as: participant, json: { tabId: "world-tab-0001" }, params: { id: sessionId } });
  return sessionId;
}

// ───────────────────────── fresh resources (one per allowed call) ─────────────────────────

/** A queued job of a kind no runner here claims (the admin cancels it, or reads it). */
async function freshJob(): Promise<string> {
  return (await db.backgroundJob.create({ data: { kind: "route-world.noop", label: "route matrix", payload: {} } })).id;
}

async function freshUser(role: Role = "ANNOTATOR"): Promise<TestUser> {
  return createTestUser({ role, name: `victim ${randomUUID().slice(0, 8)}` });
}

async function freshDraftStudy(w: World): Promise<string> {
  const res = await call(createStudyRoute, "/api/studies", { as: w.users["admin:member"], json: { projectId: w.vc.id, name: `draft ${randomUUID().slice(0, 8)}`, protocol: "FREE_REWATCH" } });
  if (res.status !== 201) throw new Error(`route world: study: ${res.status} ${res.text}`);
  return res.json.study.id;
}

async function freshGoldSet(w: World): Promise<string> {
  const g = await createGoldSet(w.vc.id, { name: `gold ${randomUUID().slice(0, 8)}`, threshold: 0.5, itemIds: [w.vc.itemIds[3], w.vc.itemIds[4]] }, { id: w.users["admin:member"].id, ip: "127.0.0.1" });
  return g.id;
}

async function freshRun(w: World): Promise<string> {
  return (await uploadRun({ project: w.vc.id, name: `doomed ${randomUUID().slice(0, 8)}`, text: predictionsVc(w.vc.itemIds.length), fileName: "p.jsonl" })).run.id;
}

/** A copy of a library video's row (new sha and storage key, same files): DELETE removes the row and its storage directory, which does not exist. */
async function freshVideoRow(w: World): Promise<string> {
  const { id: _id, sha256: _sha, storageKey: _key, createdAt: _c, updatedAt: _u, originalProbe, ...rest } = await db.video.findUniqueOrThrow({ where: { id: w.otherVideoId } });
  const row = await db.video.create({ data: { ...rest, originalProbe: originalProbe ?? undefined, sha256: randomUUID().replace(/-/g, "").padEnd(64, "0"), storageKey: randomUUID(), originalName: "doomed.mp4" } as never });
  return row.id;
}

/** A SUBMITTED annotation of the annotator member (on item 5, its own task). */
async function freshSubmittedAnnotation(w: World): Promise<string> {
  const author = w.users["annotator:member"].id;
  const task = await db.task.create({ data: { projectId: w.vc.id, itemId: w.vc.itemIds[4], userId: author, kind: "ANNOTATE", mode: "blank", round: 100 + Math.floor(Math.random() * 1e6), status: "SUBMITTED" } });
  const a = await db.annotation.create({ data: { itemId: w.vc.itemIds[4], authorId: author, taskId: task.id, data: e1Doc([30], [45]) as never, status: "SUBMITTED", version: 2, submittedAt: new Date() } });
  return a.id;
}

// ───────────────────────── requests ─────────────────────────

type Ctx = { w: World; caller: Caller };
type Builder = (ctx: Ctx) => Promise<Partial<RequestSpec>> | Partial<RequestSpec>;

const signed = async (sessionId: string, userId: string, resource: number | "init" | "media") => {
  const { signingKey } = await db.baselineSession.findUniqueOrThrow({ where: { id: sessionId }, select: { signingKey: true } });
  return pathOf(signedResourcePath(signingKey, { sessionId, userId, resource, exp: Math.floor(Date.now() / 1000) + 300 }));
};

/** The current version of the annotator member's own annotation (so their write is not a version conflict). */
const annotationVersion = async (w: World) => (await db.annotation.findUniqueOrThrow({ where: { id: w.ownAnnotationId }, select: { version: true } })).version;

/** The participant member: URL signatures are made for them (an outsider replays the member's URL). */
const member = (w: World) => w.users["participant:member"];

/**
 * Requests that need more than the default ids: a body that passes the route's schema, query
 * parameters, a signed URL, or fresh resources. Keyed like ROUTE_POLICY.
 */
export const REQUESTS: Partial<Record<RouteKey, Builder>> = {
  "PUT /api/adjudications/:id/draft": ({ w }) => ({ json: { baseVersion: 1, clientSaveId: saveId(), draft: { picks: [], note: "" } }, params: { id: w.adjudicationId } }),
  "POST /api/adjudications/:id/resolve": ({ w }) => ({ json: { baseVersion: 1, picks: [], note: "" }, params: { id: w.adjudicationId } }),
  "POST /api/admin/users/:id/password": async () => ({ json: { password: "a new password 1" }, params: { id: (await freshUser()).id } }),
  "PATCH /api/admin/users/:id": async () => ({ json: { name: "Renamed" }, params: { id: (await freshUser()).id } }),
  "GET /api/admin/users/:id": async () => ({ params: { id: (await freshUser()).id } }),
  "DELETE /api/admin/users/invites/:id": async ({ w }) => ({
    params: { id: (await createInvite({ email: `invitee-${randomUUID()}@example.org`, role: "ANNOTATOR" }, { user: w.users["admin:member"], ip: "127.0.0.1" }, "http://localhost")).invite.id },
  }),
  "POST /api/admin/users/invites": () => ({ json: { email: `new-${randomUUID()}@example.org`, role: "ANNOTATOR" } }),
  "POST /api/admin/users": () => ({ json: { email: `new-${randomUUID()}@example.org`, name: "New Person", role: "ANNOTATOR", password: "long enough 1" } }),
  "GET /api/annotate/tasks/:taskId": ({ w }) => ({ params: { taskId: w.ownTaskId } }),
  "GET /api/annotations/:id/feedback": ({ w }) => ({ params: { id: w.feedbackAnnotationId } }),
  "POST /api/annotations/:id/reopen": async ({ w }) => ({ params: { id: await freshSubmittedAnnotation(w) } }),
  "POST /api/annotations/:id/restore": async ({ w }) => ({ json: { revision: 1, baseVersion: await annotationVersion(w), clientSaveId: saveId() }, params: { id: w.ownAnnotationId } }),
  "GET /api/annotations/:id/revisions/:version": ({ w }) => ({ params: { id: w.ownAnnotationId, version: "1" } }),
  "PUT /api/annotations/:id": async ({ w }) => ({ json: { baseVersion: await annotationVersion(w), clientSaveId: saveId(), data: e1Doc([30], [45]) }, params: { id: w.ownAnnotationId } }),
  "POST /api/annotations/:id/submit": async ({ w }) => ({ json: { baseVersion: await annotationVersion(w) }, params: { id: w.ownAnnotationId } }),
  "GET /api/auth/:nextauth*": () => ({ params: { nextauth: ["session"] } }),
  "POST /api/auth/:nextauth*": () => ({ params: { nextauth: ["signout"] }, body: "", headers: { "content-type": "application/x-www-form-urlencoded" } }),
  "GET /api/judge/runs/:runId/ec": ({ w }) => ({ params: { runId: w.ec.runId } }),
  "PUT /api/judge/runs/:runId/ec": ({ w }) => ({ json: { itemId: w.ec.itemId, matches: [] }, params: { runId: w.ec.runId } }),
  "GET /api/judge/runs/:runId/vsas": ({ w }) => ({ params: { runId: w.vsas.runId } }),
  "PUT /api/judge/runs/:runId/vsas": ({ w }) => ({ json: { itemId: w.vsas.itemId, t: 0, binary: 1, rubric: 3 }, params: { runId: w.vsas.runId } }),
  "POST /api/me/tasks/next": () => ({ json: {} }),
  "GET /api/projects/:projectId/agreement": ({ w }) => ({ params: { projectId: w.vc.id }, query: { format: "json", table: "figures" } }),
  "GET /api/projects/:projectId/report": ({ w }) => ({ params: { projectId: w.vc.id }, query: { format: "json" } }),
  "DELETE /api/projects/:projectId/gold-sets/:goldSetId/items/:itemId": async ({ w }) => ({ params: { projectId: w.vc.id, goldSetId: await freshGoldSet(w), itemId: w.vc.itemIds[3] } }),
  "PATCH /api/projects/:projectId/gold-sets/:goldSetId": ({ w }) => ({ json: { threshold: 0.7 }, params: { projectId: w.vc.id, goldSetId: w.goldSetId } }),
  "DELETE /api/projects/:projectId/gold-sets/:goldSetId": async ({ w }) => ({ params: { projectId: w.vc.id, goldSetId: await freshGoldSet(w) } }),
  "POST /api/projects/:projectId/gold-sets": ({ w }) => ({ json: { name: `gold ${randomUUID().slice(0, 8)}`, itemIds: [w.vc.itemIds[3]] }, params: { projectId: w.vc.id } }),
  "POST /api/projects/:projectId/import": ({ w }) => ({ params: { projectId: w.vc.id }, body: "", headers: { "x-file-name": "x.jsonl", "content-type": "application/octet-stream" }, query: { dryRun: "1" } }),
  "PATCH /api/projects/:projectId/items/:itemId": async ({ w }) => {
    const item = await db.item.findUniqueOrThrow({ where: { id: w.vc.itemIds[0] }, select: { version: true } });
    return { json: { version: item.version, notes: "edited by the route matrix" }, params: { projectId: w.vc.id, itemId: w.vc.itemIds[0] } };
  },
  "PATCH /api/projects/:projectId/members/:userId": async ({ w }) => {
    const victim = await freshUser();
    await addMembers(w.vc.id, victim);
    return { json: { role: "REVIEWER" }, params: { projectId: w.vc.id, userId: victim.id } };
  },
  "DELETE /api/projects/:projectId/members/:userId": async ({ w }) => {
    const victim = await freshUser();
    await addMembers(w.vc.id, victim);
    return { params: { projectId: w.vc.id, userId: victim.id } };
  },
  "POST /api/projects/:projectId/members": async ({ w }) => ({ json: { userId: (await freshUser()).id, role: "ANNOTATOR" }, params: { projectId: w.vc.id } }),
  "POST /api/projects/:projectId/qualifications": ({ w }) => ({ json: {}, params: { projectId: w.vc.id } }),
  "PATCH /api/projects/:projectId": ({ w }) => ({ json: { description: "route matrix" }, params: { projectId: w.vc.id } }),
  "DELETE /api/projects/:projectId/runs/:runId": async ({ w }) => ({ params: { projectId: w.vc.id, runId: await freshRun(w) } }),
  "POST /api/projects/:projectId/runs": ({ w }) => ({
    params: { projectId: w.vc.id },
    body: predictionsVc(w.vc.itemIds.length),
    query: { name: `upload ${randomUUID().slice(0, 8)}` },
    headers: { "content-type": "application/octet-stream", "x-file-name": "p.jsonl" },
  }),
  "PATCH /api/projects/:projectId/settings": ({ w }) => ({ json: { reviewSampleRate: 1 }, params: { projectId: w.vc.id } }),
  "POST /api/projects/:projectId/tasks": ({ w }) => ({ json: { items: { ids: [w.vc.itemIds[4]] }, assignees: [] }, params: { projectId: w.vc.id } }),
  "PATCH /api/projects/:projectId/workflow": ({ w }) => ({ json: { annotationsPerItem: 2 }, params: { projectId: w.vc.id } }),
  "POST /api/projects": () => ({ query: { kind: "custom", name: `p ${randomUUID().slice(0, 8)}`, dryRun: "1" }, body: "", headers: { "x-file-name": "x.jsonl", "content-type": "application/octet-stream" } }),
  "POST /api/review/next": () => ({ json: {} }),
  "GET /api/segments/:sessionId/:index": async ({ w }) => {
    const { path: p, query } = await signed(w.streamingSessionId, member(w).id, "init");
    const [, , , sessionId, index] = p.split("/");
    return { path: p, query, params: { sessionId, index } };
  },
  "POST /api/sessions/:id/answers": ({ w }) => ({ json: { askIndex: 0, tabId: "world-tab-0001", version: 0, answer: 1 }, params: { id: w.streamingSessionId } }),
  "POST /api/sessions/:id/claim": ({ w }) => ({ json: { tabId: "world-tab-0001" }, params: { id: w.streamingSessionId } }),
  "GET /api/sessions/:id/media": async ({ w }) => {
    const { path: p, query } = await signed(w.freeSessionId, member(w).id, "media");
    return { path: p, query, params: { id: w.freeSessionId } };
  },
  // Signed-in accounts join as themselves; an anonymous visitor arrives with the platform's ids.
  "GET /api/studies/:studyId/enter": ({ w, caller }) => ({
    params: { studyId: w.freeStudyId },
    ...(caller.user ? {} : { query: { PROLIFIC_PID: `PID${randomUUID().replace(/-/g, "").slice(0, 20)}`, STUDY_ID: "world", SESSION_ID: randomUUID().replace(/-/g, "") } }),
  }),
  "GET /api/studies/:studyId/export": ({ w }) => ({ params: { studyId: w.freeStudyId }, query: { format: "csv" } }),
  "PUT /api/studies/:studyId/items": async ({ w }) => ({ json: { items: [{ itemId: w.vc.itemIds[5], attentionCheck: false }] }, params: { studyId: await freshDraftStudy(w) } }),
  "PATCH /api/studies/:studyId": async ({ w }) => ({ json: { name: `renamed ${randomUUID().slice(0, 8)}` }, params: { studyId: await freshDraftStudy(w) } }),
  "GET /api/studies/:studyId/sessions/:sessionId/log": ({ w }) => ({ params: { studyId: w.streamingStudyId, sessionId: w.streamingSessionId } }),
  "POST /api/studies/:studyId/status": async ({ w }) => ({ json: { status: "CLOSED" }, params: { studyId: await freshDraftStudy(w) } }),
  "POST /api/studies": ({ w }) => ({ json: { projectId: w.vc.id, name: `study ${randomUUID().slice(0, 8)}`, protocol: "FREE_REWATCH" } }),
  "POST /api/tasks/:taskId/claim": async ({ w }) => {
    const pooled = await db.task.create({ data: { projectId: w.vc.id, itemId: w.vc.itemIds[3], userId: null, kind: "ANNOTATE", mode: "blank", round: 1 + Math.floor(Math.random() * 1e6) } });
    return { params: { taskId: pooled.id } };
  },
  "PATCH /api/tasks/:taskId": async ({ w }) => {
    const task = await db.task.create({ data: { projectId: w.vc.id, itemId: w.vc.itemIds[4], userId: w.users["annotator:member"].id, kind: "ANNOTATE", mode: "blank", round: 100 + Math.floor(Math.random() * 1e6) } });
    return { json: { userId: null }, params: { taskId: task.id } };
  },
  "POST /api/tasks/:taskId/skip": async ({ w }) => {
    // The annotator member skips a task of their own (a fresh one each time).
    const task = await db.task.create({ data: { projectId: w.vc.id, itemId: w.vc.itemIds[4], userId: w.users["annotator:member"].id, kind: "ANNOTATE", mode: "blank", round: 100 + Math.floor(Math.random() * 1e6), status: "IN_PROGRESS" } });
    return { json: { reason: "cannot see the video" }, params: { taskId: task.id } };
  },
  "POST /api/tasks/:taskId/activity": async ({ w }) => {
    // The annotator member reports time on a task of their own (a fresh one each time).
    const task = await db.task.create({ data: { projectId: w.vc.id, itemId: w.vc.itemIds[4], userId: w.users["annotator:member"].id, kind: "ANNOTATE", mode: "blank", round: 100 + Math.floor(Math.random() * 1e6), status: "IN_PROGRESS" } });
    const end = Date.now();
    return { json: { intervals: [{ start: end - 5_000, end }] }, params: { taskId: task.id } };
  },
  "GET /api/admin/jobs/:id": async () => ({ params: { id: await freshJob() } }),
  "POST /api/admin/jobs/:id": async () => ({ json: { action: "cancel" }, params: { id: await freshJob() } }),
  "DELETE /api/tokens/:id": async ({ w, caller }) => {
    // The member revokes their own token (a fresh one); the outsider tries the member of their role's token.
    const owner = caller.role === "anonymous" || caller.role === "participant" ? w.users["admin:member"] : w.users[`${caller.role}:member`];
    const token = await createApiToken(`fresh ${randomUUID().slice(0, 8)}`, { user: owner, ip: "127.0.0.1" });
    return { params: { id: token.id } };
  },
  "POST /api/tokens": () => ({ json: { name: `token ${randomUUID().slice(0, 8)}` } }),
  "GET /api/videos/:id/frames/:frame": ({ w }) => ({ params: { id: w.videoId, frame: "0" } }),
  "DELETE /api/videos/:id": async ({ w }) => ({ params: { id: await freshVideoRow(w) } }),
  "PUT /api/videos/upload": () => ({ body: "not a video", headers: { "x-file-name": "x.mp4", "content-type": "application/octet-stream" } }),
  "POST /api/videos/upload": () => ({ body: "not a video", headers: { "x-file-name": "x.mp4", "content-type": "application/octet-stream" } }),
};

/** Default ids by parameter name (and, for `:id`, the segment before it). */
function defaultParam(name: string, before: string, w: World): string | string[] {
  switch (name) {
    case "projectId":
      return w.vc.id;
    case "itemId":
      return w.vc.itemIds[0];
    case "runId":
      return w.runId;
    case "goldSetId":
      return w.goldSetId;
    case "taskId":
      return w.ownTaskId;
    case "studyId":
      return w.streamingStudyId;
    case "sessionId":
      return w.streamingSessionId;
    case "videoId":
      return w.videoId;
    case "userId":
      return w.users["annotator:member"].id;
    case "version":
      return "1";
    case "frame":
    case "index":
      return "0";
    case "id":
      switch (before) {
        case "adjudications":
          return w.adjudicationId;
        case "annotations":
          return w.ownAnnotationId;
        case "qualifications":
          return w.qualificationId;
        case "sessions":
          return w.streamingSessionId;
        case "videos":
          return w.videoId;
        case "users":
          return w.users["annotator:member"].id;
        case "tokens":
          return w.tokens.get(w.users["admin:member"].id)!;
      }
  }
  throw new Error(`route world: no default for parameter :${name} (after /${before}/): add a request to REQUESTS in tests/support/route-world.ts`);
}

/** The request for one route and caller: REQUESTS when present (a HEAD uses its GET's), default ids otherwise. */
export async function requestFor(key: RouteKey, pattern: string, caller: Caller): Promise<RequestSpec> {
  const w = await routeWorld();
  const builder = REQUESTS[key] ?? (key.startsWith("HEAD ") ? REQUESTS[key.replace(/^HEAD /, "GET ") as RouteKey] : undefined);
  const built = (await builder?.({ w, caller })) ?? {};
  const segments = pattern.split("/");
  const params: Record<string, string | string[]> = { ...(built.params ?? {}) };
  segments.forEach((s, i) => {
    const m = /^:(\w+)(\*\??)?$/.exec(s);
    if (m && params[m[1]] === undefined) params[m[1]] = defaultParam(m[1], segments[i - 1], w);
  });
  const filled = segments
    .map((s) => {
      const m = /^:(\w+)(\*\??)?$/.exec(s);
      if (!m) return s;
      const v = params[m[1]];
      return Array.isArray(v) ? v.map(encodeURIComponent).join("/") : encodeURIComponent(v);
    })
    .join("/");
  return { ...built, params, path: built.path ?? filled, as: caller.user };
}

/** The params of a page (app/**\/page.tsx) for a caller: the world's ids by name, page by page where they differ. */
export async function pageParams(pattern: string): Promise<Record<string, string>> {
  const w = await routeWorld();
  const byPage: Record<string, () => Promise<Record<string, string>> | Record<string, string>> = {
    "/admin/studies/:studyId": () => ({ studyId: w.streamingStudyId }),
    "/annotate/:taskId": () => ({ taskId: w.ownTaskId }),
    "/annotate/feedback/:annotationId": () => ({ annotationId: w.feedbackAnnotationId }),
    "/invite/:token": async () => {
      const { url } = await createInvite({ email: `page-${randomUUID()}@example.org`, role: "ANNOTATOR" }, { user: w.users["admin:member"], ip: "127.0.0.1" }, "http://localhost");
      return { token: url.split("/invite/")[1] };
    },
    "/review/adjudications/:id": () => ({ id: w.adjudicationId }),
    "/review/judge/runs/:runId/ec": () => ({ runId: w.ec.runId }),
    "/review/judge/runs/:runId/vsas": () => ({ runId: w.vsas.runId }),
    "/s/:studyId": () => ({ studyId: w.freeStudyId }),
    "/s/:studyId/done": () => ({ studyId: w.freeStudyId }),
    "/s/:studyId/session/:sessionId": () => ({ studyId: w.freeStudyId, sessionId: w.freeSessionId }),
    "/videos/:id": () => ({ id: w.videoId }),
  };
  if (byPage[pattern]) return byPage[pattern]();
  const out: Record<string, string> = {};
  const segments = pattern.split("/");
  segments.forEach((s, i) => {
    const m = /^:(\w+)$/.exec(s);
    if (m) out[m[1]] = defaultParam(m[1], segments[i - 1], w) as string;
  });
  return out;
}
