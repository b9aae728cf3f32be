import { db, testDb } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProjects } from "@/app/api/projects/route";
import { GET as getProject, PATCH as patchProject } from "@/app/api/projects/[projectId]/route";
import { GET as exportProject } from "@/app/api/projects/[projectId]/export/route";
import { POST as reimport } from "@/app/api/projects/[projectId]/import/route";
import { GET as listImports } from "@/app/api/projects/[projectId]/imports/route";
import { GET as listItems } from "@/app/api/projects/[projectId]/items/route";
import { GET as getItem, PATCH as patchItem } from "@/app/api/projects/[projectId]/items/[itemId]/route";
import { GET as getLeaderboard } from "@/app/api/projects/[projectId]/leaderboard/route";
import { GET as drillList } from "@/app/api/projects/[projectId]/leaderboard/items/route";
import { GET as drillItem } from "@/app/api/projects/[projectId]/leaderboard/items/[itemId]/route";
import { GET as listMembers, POST as addMember } from "@/app/api/projects/[projectId]/members/route";
import { DELETE as removeMember, PATCH as patchMember } from "@/app/api/projects/[projectId]/members/[userId]/route";
import { GET as listRuns, POST as uploadRunRoute } from "@/app/api/projects/[projectId]/runs/route";
import { POST as chanceRuns } from "@/app/api/projects/[projectId]/runs/chance/route";
import { DELETE as deleteRun, GET as getRun } from "@/app/api/projects/[projectId]/runs/[runId]/route";
import { GET as runItems } from "@/app/api/projects/[projectId]/runs/[runId]/items/route";
import { POST as rescoreRun } from "@/app/api/projects/[projectId]/runs/[runId]/rescore/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/projects/[projectId]/settings/route";
import { PLANTED } from "@/lib/demo/demo-form-items";
import { DEMO_PROJECT_NAME, seedDemoAccounts, seedDemoFormProjects, seedDemoProject } from "@/lib/demo/seed-demo";
import { seedDemoMembers } from "@/lib/demo/seed-members";
import { uploadRun } from "@/lib/runs/score-run";
import { call, type CallResult } from "@/tests/support/requests";
import { addMembers } from "@/tests/support/members";
import { createTestUser, type TestUser } from "@/tests/support/users";

/**
 * Role × membership × route: every project API route, called by an admin (not a member), a
 * reviewer and an annotator who are members, a reviewer and an annotator who are members of
 * ANOTHER project only, a participant and a signed-out caller. Each call's status is checked, and
 * whether the ground truth reached the caller — read from the answer's text: the seeded EC-Bench
 * demo project plants distinctive strings in its truth answers, truth sources and staff notes.
 * Non-members get 404 (the project is not confirmed to exist); truth reaches admins and reviewer
 * members only (lib/projects/access.ts `truthVisibleTo`, "project" context).
 */

type Viewer = "admin" | "reviewerMember" | "annotatorMember" | "reviewerOutsider" | "annotatorOutsider" | "participant" | "signedOut";
const VIEWERS: Viewer[] = ["admin", "reviewerMember", "annotatorMember", "reviewerOutsider", "annotatorOutsider", "participant", "signedOut"];

const TRUTH_MARKERS = [PLANTED.truthSource, PLANTED.freeTextTruth, PLANTED.enumerationTruth, PLANTED.note];
const truthIn = (res: CallResult) => TRUTH_MARKERS.some((m) => res.text.includes(m));

const users = {} as Record<Exclude<Viewer, "signedOut">, TestUser>;
let projectId = "";
let projectName = "";
let itemId = "";
let itemVersion = 0;
let runId = "";
let doomedRunId = "";

type Case = {
  name: string;
  call: (as: TestUser | null) => Promise<CallResult>;
  /** Expected status per viewer. */
  status: Record<Viewer, number>;
  /** Viewers whose answer carries the truth (all others must not). */
  truth: Viewer[];
};

/** Status by access class: admin, reviewer member, annotator member, non-member staff, participant, signed out. */
function statuses(admin: number, reviewer: number, annotator: number, outsider: number, participant = 403, signedOut = 401): Record<Viewer, number> {
  return { admin, reviewerMember: reviewer, annotatorMember: annotator, reviewerOutsider: outsider, annotatorOutsider: outsider, participant, signedOut };
}
/** Admin-only routes: the role gate answers 403 to every other role before the project is looked up. */
const adminOnly = (admin: number) => statuses(admin, 403, 403, 403);
/** Read routes: admins and members 200; non-members 404. */
const read = statuses(200, 200, 200, 404);
/** Truth routes: admins and reviewer members; annotators 403 (role); non-member reviewers 404. */
const truthRoute = { ...statuses(200, 200, 403, 404), annotatorOutsider: 403 };
/** Run upload / rescore: admins and reviewer members. */
const uploadRoute = (ok: number) => ({ ...statuses(ok, ok, 403, 404), annotatorOutsider: 403 });

const p = () => ({ projectId });

function cases(): Case[] {
  return [
    { name: "GET /api/projects", call: (as) => call(listProjects, "/api/projects", { as }), status: statuses(200, 200, 200, 200), truth: [] },
    { name: "GET /api/projects/:id", call: (as) => call(getProject, "/x", { as, params: p() }), status: read, truth: [] },
    { name: "PATCH /api/projects/:id", call: (as) => call(patchProject, "/x", { method: "PATCH", as, params: p(), json: { description: "Demo forms (access test)" } }), status: adminOnly(200), truth: [] },
    { name: "GET /api/projects/:id/export", call: (as) => call(exportProject, "/x", { as, params: p() }), status: adminOnly(200), truth: ["admin"] },
    { name: "POST /api/projects/:id/import (an empty file)", call: (as) => call(reimport, "/x", { as, params: p(), body: "", headers: { "x-file-name": "x.csv" } }), status: adminOnly(422), truth: [] },
    { name: "GET /api/projects/:id/imports", call: (as) => call(listImports, "/x", { as, params: p() }), status: read, truth: [] },
    { name: "GET /api/projects/:id/items", call: (as) => call(listItems, "/x", { as, params: p(), query: { facets: "1" } }), status: read, truth: [] },
    { name: "GET /api/projects/:id/items/:itemId", call: (as) => call(getItem, "/x", { as, params: { projectId, itemId } }), status: read, truth: ["admin", "reviewerMember"] },
    {
      name: "PATCH /api/projects/:id/items/:itemId",
      call: (as) => call(patchItem, "/x", { method: "PATCH", as, params: { projectId, itemId }, json: { version: itemVersion, notes: PLANTED.note } }),
      status: adminOnly(200),
      truth: ["admin"],
    },
    { name: "GET /api/projects/:id/settings", call: (as) => call(getSettings, "/x", { as, params: p() }), status: read, truth: [] },
    { name: "PATCH /api/projects/:id/settings", call: (as) => call(patchSettings, "/x", { method: "PATCH", as, params: p(), json: { doubleReview: false } }), status: adminOnly(200), truth: [] },
    { name: "GET /api/projects/:id/members", call: (as) => call(listMembers, "/x", { as, params: p() }), status: read, truth: [] },
    { name: "POST /api/projects/:id/members", call: (as) => call(addMember, "/x", { as, params: p(), json: { userId: users.admin.id, role: "ADMIN" } }), status: adminOnly(201), truth: [] },
    {
      name: "PATCH /api/projects/:id/members/:userId",
      call: (as) => call(patchMember, "/x", { method: "PATCH", as, params: { projectId, userId: users.admin.id }, json: { role: "REVIEWER" } }),
      status: adminOnly(200),
      truth: [],
    },
    { name: "DELETE /api/projects/:id/members/:userId", call: (as) => call(removeMember, "/x", { method: "DELETE", as, params: { projectId, userId: users.admin.id } }), status: adminOnly(200), truth: [] },
    { name: "GET /api/projects/:id/leaderboard", call: (as) => call(getLeaderboard, "/x", { as, params: p() }), status: read, truth: [] },
    { name: "GET /api/projects/:id/leaderboard?format=csv", call: (as) => call(getLeaderboard, "/x", { as, params: p(), query: { format: "csv" } }), status: read, truth: [] },
    { name: "GET /api/projects/:id/leaderboard/items", call: (as) => call(drillList, "/x", { as, params: p() }), status: truthRoute, truth: [] },
    { name: "GET /api/projects/:id/leaderboard/items/:itemId", call: (as) => call(drillItem, "/x", { as, params: { projectId, itemId } }), status: truthRoute, truth: ["admin", "reviewerMember"] },
    { name: "GET /api/projects/:id/runs", call: (as) => call(listRuns, "/x", { as, params: p() }), status: read, truth: [] },
    {
      name: "POST /api/projects/:id/runs (a file with nothing readable)",
      call: (as) => call(uploadRunRoute, "/x", { as, params: p(), body: "not json\n", query: { name: "nothing" }, headers: { "content-type": "application/octet-stream", "x-file-name": "p.jsonl" } }),
      status: uploadRoute(400),
      truth: [],
    },
    { name: "POST /api/projects/:id/runs/chance", call: (as) => call(chanceRuns, "/x", { as, params: p() }), status: uploadRoute(200), truth: [] },
    { name: "GET /api/projects/:id/runs/:runId", call: (as) => call(getRun, "/x", { as, params: { projectId, runId } }), status: read, truth: [] },
    { name: "GET /api/projects/:id/runs/:runId/items", call: (as) => call(runItems, "/x", { as, params: { projectId, runId } }), status: truthRoute, truth: ["admin", "reviewerMember"] },
    { name: "POST /api/projects/:id/runs/:runId/rescore", call: (as) => call(rescoreRun, "/x", { as, params: { projectId, runId } }), status: uploadRoute(200), truth: [] },
    { name: "DELETE /api/projects/:id/runs/:runId", call: (as) => call(deleteRun, "/x", { method: "DELETE", as, params: { projectId, runId: doomedRunId } }), status: adminOnly(200), truth: [] },
  ];
}

beforeAll(async () => {
  users.admin = await createTestUser({ role: "ADMIN" });
  users.reviewerMember = await createTestUser({ role: "REVIEWER" });
  users.annotatorMember = await createTestUser({ role: "ANNOTATOR" });
  users.reviewerOutsider = await createTestUser({ role: "REVIEWER" });
  users.annotatorOutsider = await createTestUser({ role: "ANNOTATOR" });
  users.participant = await createTestUser({ role: "PARTICIPANT" });
  await seedDemoFormProjects(db);
  const project = await db.project.findUniqueOrThrow({ where: { slug: "demo-forms-ecbench" } });
  projectId = project.id;
  projectName = project.name;
  await addMembers(projectId, users.reviewerMember, users.annotatorMember);
  // The outsiders are members of another project: membership elsewhere opens nothing here.
  const other = await db.project.findUniqueOrThrow({ where: { slug: "demo-forms-tocbench" } });
  await addMembers(other.id, users.reviewerOutsider, users.annotatorOutsider);
  const item = await db.item.findUniqueOrThrow({ where: { projectId_externalId: { projectId, externalId: "ec-enum" } } });
  itemId = item.id;
  itemVersion = item.version;
  const predictions = ["ec-count", "ec-enum"].map((id) => JSON.stringify({ item_id: id, prediction: "3" })).join("\n");
  runId = (await uploadRun({ project: projectId, name: "model", text: predictions, fileName: "p.jsonl", actorId: users.admin.id })).run.id;
  doomedRunId = (await uploadRun({ project: projectId, name: "doomed", text: predictions, fileName: "p.jsonl", actorId: users.admin.id })).run.id;
});

describe(`every project route by role and membership (${testDb.provider})`, () => {
  it("answers each viewer with the expected status, and sends the truth to admins and reviewer members only", async () => {
    const rows: string[] = [];
    const mismatches: string[] = [];
    for (const c of cases()) {
      for (const viewer of VIEWERS) {
        const res = await c.call(viewer === "signedOut" ? null : users[viewer]);
        const truth = truthIn(res);
        const expectedTruth = c.truth.includes(viewer);
        rows.push(`${c.name} · ${viewer}: ${res.status}${truth ? " +truth" : ""}`);
        if (res.status !== c.status[viewer] || truth !== expectedTruth) {
          mismatches.push(`${c.name} as ${viewer}: got ${res.status}${truth ? " with truth" : ""}, expected ${c.status[viewer]}${expectedTruth ? " with truth" : ""} — ${res.text.slice(0, 200)}`);
        }
        // A project the caller may not see is never named.
        if (res.status === 404 || res.status === 403 || res.status === 401) expect(res.text).not.toContain(projectName);
      }
    }
    expect(mismatches).toEqual([]);
    expect(rows.length).toBe(cases().length * VIEWERS.length);
  });

  it("the project list shows each viewer exactly the projects they may see", async () => {
    const names = async (who: TestUser) => ((await call(listProjects, "/api/projects", { as: who })).json.projects as { name: string }[]).map((x) => x.name).sort();
    const all = (await db.project.findMany({ select: { name: true } })).map((x) => x.name).sort();
    expect(await names(users.admin)).toEqual(all);
    expect(await names(users.reviewerMember)).toEqual([projectName]);
    expect(await names(users.annotatorMember)).toEqual([projectName]);
    expect(await names(users.reviewerOutsider)).toEqual(["Demo forms: TOC-Bench"]);
    expect(await names(users.annotatorOutsider)).toEqual(["Demo forms: TOC-Bench"]);
  });

  it("an annotator member's item answer has the question but no truth, spans, notes or revision reasons; a reviewer member's has them", async () => {
    const asAnnotator = await call(getItem, "/x", { as: users.annotatorMember, params: { projectId, itemId } });
    expect(asAnnotator.json.truthVisible).toBe(false);
    expect(asAnnotator.json.item.question).toBe("List the objects in the order they first appear.");
    for (const key of ["truth", "spans", "notes"]) expect(asAnnotator.json.item).not.toHaveProperty(key);
    for (const r of asAnnotator.json.revisions) expect(r).not.toHaveProperty("reason");
    const spansItem = await db.item.findUniqueOrThrow({ where: { projectId_externalId: { projectId, externalId: "ec-count" } } });
    const spansAnswer = await call(getItem, "/x", { as: users.annotatorMember, params: { projectId, itemId: spansItem.id } });
    expect(spansAnswer.json.item).not.toHaveProperty("spans");
    const asReviewer = await call(getItem, "/x", { as: users.reviewerMember, params: { projectId, itemId: spansItem.id } });
    expect(asReviewer.json.truthVisible).toBe(true);
    expect(asReviewer.json.item.truth.answer).toBe("3");
    expect(asReviewer.json.item.spans.map((s: { startSec: number; endSec: number }) => [s.startSec, s.endSec])).toEqual([
      [4, 6],
      [7, 9],
    ]);
    expect(asReviewer.json.item.notes).toBe(PLANTED.note);
  });

  it("removing a member closes the project to them at once; adding one opens it", async () => {
    const newcomer = await createTestUser({ role: "ANNOTATOR" });
    expect((await call(getProject, "/x", { as: newcomer, params: p() })).status).toBe(404);
    expect((await call(addMember, "/x", { as: users.admin, params: p(), json: { userId: newcomer.id, role: "ANNOTATOR" } })).status).toBe(201);
    expect((await call(getProject, "/x", { as: newcomer, params: p() })).status).toBe(200);
    expect((await call(removeMember, "/x", { method: "DELETE", as: users.admin, params: { projectId, userId: newcomer.id } })).status).toBe(200);
    expect((await call(getProject, "/x", { as: newcomer, params: p() })).status).toBe(404);
    expect((await call(listItems, "/x", { as: newcomer, params: p() })).status).toBe(404);
  });

  it("a project addressed by slug or name follows the same rule", async () => {
    for (const key of ["demo-forms-ecbench", projectName]) {
      expect((await call(listRuns, "/x", { as: users.reviewerMember, params: { projectId: key } })).status).toBe(200);
      expect((await call(listRuns, "/x", { as: users.reviewerOutsider, params: { projectId: key } })).status).toBe(404);
    }
  });
});

describe("the demo seed", () => {
  it("makes the demo reviewer and annotator members of every demo project, idempotently; seeded truth is truth version 1", async () => {
    await seedDemoAccounts(db, "demo-password-1");
    await seedDemoProject(db);
    await seedDemoFormProjects(db);
    const first = await seedDemoMembers(db);
    expect(first.memberships).toBe(18);
    expect((await seedDemoMembers(db)).memberships).toBe(18);
    const demoNames = [DEMO_PROJECT_NAME, "Demo forms: EC-Bench", "Demo forms: free text", "Demo forms: TOC-Bench", "Demo forms: VSAS", "Demo forms: VSTAT"].sort();
    for (const email of ["reviewer@playhead.local", "annotator@playhead.local", "annotator2@playhead.local"]) {
      const user = await db.user.findUniqueOrThrow({ where: { email } });
      const list = await call(listProjects, "/api/projects", { as: user });
      expect(list.json.projects.map((x: { name: string }) => x.name).sort()).toEqual(demoNames);
      expect(await db.projectMember.count({ where: { userId: user.id } })).toBe(6);
    }
    const participant = await db.user.findUniqueOrThrow({ where: { email: "participant@playhead.local" } });
    expect(await db.projectMember.count({ where: { userId: participant.id } })).toBe(0);
    const versions = await db.project.findMany({ where: { name: { in: demoNames } }, select: { truthVersion: true } });
    expect(versions.map((v) => v.truthVersion)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
