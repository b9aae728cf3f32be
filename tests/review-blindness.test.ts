import { db } from "@/tests/support/test-db";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getTask } from "@/app/api/annotate/tasks/[taskId]/route";
import { PUT as putAnnotation } from "@/app/api/annotations/[id]/route";
import { POST as submitRoute } from "@/app/api/annotations/[id]/submit/route";
import { POST as createTasksRoute } from "@/app/api/projects/[projectId]/tasks/route";
import { removeTempDir } from "@/lib/video/video-test-fixtures";
import { call, type CallResult } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject, annotationVideos, saveId, type AnnotationVideos } from "./annotation-helpers";

/**
 * Blindness of double review (docs/annotation/review.md "Blind k passes"): annotator A crawls
 * every API route under app/api (found on disk, so a new route is crawled too) with every method
 * it exports, filling the dynamic segments with ids of A's and B's objects; no answer may contain
 * B's annotation id, task id, mark ids, comments or notes (unique marker strings), before the
 * item's adjudication is AGREED / RESOLVED (B's draft; both submitted and DISPUTED).
 */
let videos: AnnotationVideos;
let admin: TestUser;
let A: TestUser;
let B: TestUser;
let projectId = "";
let itemId = "";
const ids = { taskA: "", taskB: "", annA: "", annB: "", video: "", adjudication: "" };
const MARKERS = ["zq7-mark-b1", "zq7-mark-b2", "ZQ7 COMMENT OF B", "ZQ7 LABEL OF B", "ZQ7 NOTES OF B"];

const API_DIR = path.join(process.cwd(), "app", "api");
/** Routes A cannot act on for B, with why they are not crawled. */
const SKIPPED: Record<string, string> = {
  "auth/[...nextauth]": "next-auth's own handler (sign-in flow, no project data)",
};

function routeFiles(dir = API_DIR): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...routeFiles(full));
    else if (name === "route.ts") out.push(path.relative(API_DIR, path.dirname(full)));
  }
  return out.sort();
}

/** Values tried for a dynamic segment, by its name (ids of both annotators' objects). */
function candidates(param: string): string[] {
  switch (param) {
    case "projectId":
      return [projectId];
    case "itemId":
      return [itemId];
    case "taskId":
      return [ids.taskA, ids.taskB];
    case "id":
      return [ids.annA, ids.annB, ids.taskB, ids.video, projectId, itemId, ...(ids.adjudication ? [ids.adjudication] : [])];
    case "version":
      return ["1", "2", "3", "4"];
    case "videoId":
      return [ids.video];
    case "userId":
      return [B.id];
    case "frame":
    case "index":
      return ["0"];
    default:
      return [ids.annB, ids.taskB];
  }
}

function combos(params: string[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const p of params) out = out.flatMap((c) => candidates(p).map((v) => ({ ...c, [p]: v })));
  return out;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Leak = { route: string; method: string; params: Record<string, string>; status: number; found: string[] };

async function crawl(as: TestUser = A, methods: readonly string[] = METHODS): Promise<{ leaks: Leak[]; calls: number; routes: string[] }> {
  const leaks: Leak[] = [];
  let calls = 0;
  const routes: string[] = [];
  ids.adjudication = (await db.adjudication.findFirst({ where: { itemId }, select: { id: true } }))?.id ?? "";
  // The item's adjudication (once both passes are in) must not reach A either: not even its existence.
  const secrets = [ids.annB, ids.taskB, ...MARKERS, ...(ids.adjudication ? [ids.adjudication] : [])];
  for (const route of routeFiles()) {
    if (SKIPPED[route]) continue;
    const mod = (await import(/* @vite-ignore */ path.join(API_DIR, route, "route.ts"))) as Record<string, unknown>;
    const params = [...route.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]);
    routes.push(route);
    for (const method of methods) {
      const handler = mod[method];
      if (typeof handler !== "function") continue;
      for (const values of combos(params)) {
        // Writes are tried only against B's objects (A's own writes are not what is audited).
        if (method !== "GET" && !Object.values(values).some((v) => v === ids.annB || v === ids.taskB) && params.length > 0) continue;
        const url = `/api/${route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, p: string) => values[p])}`;
        const res: CallResult = await call(handler as never, url, {
          as,
          method,
          params: values,
          ...(method === "GET" || method === "DELETE" ? {} : { json: { baseVersion: 1, clientSaveId: saveId(), reason: "x", userId: A.id, data: {} } }),
        });
        calls++;
        // An id A sent in the URL may be echoed back (e.g. "no such token <id>"): that tells A nothing.
        const found = secrets.filter((s) => res.text.includes(s) && !Object.values(values).includes(s));
        if (found.length) leaks.push({ route, method, params: values, status: res.status, found });
      }
    }
  }
  return { leaks, calls, routes };
}

const ft = (frame: number) => ({ frame, sec: Math.round((frame / 30) * 1e6) / 1e6 });

async function openAndSave(taskId: string, user: TestUser, edit: (d: Record<string, unknown>) => Record<string, unknown>) {
  const opened = await call(getTask, `/api/annotate/tasks/${taskId}`, { as: user, params: { taskId } });
  expect(opened.status, opened.text).toBe(200);
  const id = opened.json.annotation.id as string;
  const saved = await call(putAnnotation, `/api/annotations/${id}`, { method: "PUT", as: user, params: { id }, json: { baseVersion: opened.json.annotation.version, clientSaveId: saveId(), data: edit(opened.json.annotation.data) } });
  expect(saved.status, saved.text).toBe(200);
  return { id, version: saved.json.version as number };
}

beforeAll(async () => {
  videos = await annotationVideos();
  admin = await createTestUser({ role: "ADMIN" });
  A = await createTestUser({ role: "ANNOTATOR", name: "Alpha Blind" });
  B = await createTestUser({ role: "ANNOTATOR", name: "Bravo Blind" });
  const p = await annotationProject(
    "VCBENCH",
    [{ externalId: "blind1", labels: { subtype: "E1-Action", source_dataset: "demo" }, videoId: videos.cfr, videoRef: "demo/cfr.mp4", truth: { answer: [1, 1, 1], source: { occurrence_times: [0.1] } }, queryTimes: [0.2, 0.5, 0.9] }],
    [A, B],
    { workflow: { annotationsPerItem: 2 } },
  );
  projectId = p.projectId;
  itemId = p.itemIds[0];
  ids.video = videos.cfr;
  const created = await call(createTasksRoute, `/api/projects/${projectId}/tasks`, { as: admin, params: { projectId }, json: { items: { all: true }, assignees: [A.id, B.id] } });
  expect(created.status, created.text).toBe(201);
  ids.taskA = (await db.task.findFirstOrThrow({ where: { itemId, userId: A.id } })).id;
  ids.taskB = (await db.task.findFirstOrThrow({ where: { itemId, userId: B.id } })).id;
  const queryPoints = [5, 15, 25].map((f, i) => ({ id: `q${i}`, at: ft(f), count: null }));
  const a = await openAndSave(ids.taskA, A, (d) => ({ ...d, moments: [{ id: "a-mark-1", at: ft(3), label: "", comment: "" }], queryPoints }));
  ids.annA = a.id;
  const b = await openAndSave(ids.taskB, B, (d) => ({
    ...d,
    notes: MARKERS[4],
    moments: [
      { id: MARKERS[0], at: ft(10), label: MARKERS[3], comment: MARKERS[2] },
      { id: MARKERS[1], at: ft(20), label: "", comment: "" },
    ],
    queryPoints,
  }));
  ids.annB = b.id;
}, 120_000);

afterAll(async () => {
  if (videos) await removeTempDir(videos.dir);
});

describe("blind passes: A never sees B's pass", () => {
  it("while B's pass is a draft, no route answers A with B's annotation, task, marks, comments or notes", async () => {
    const { leaks, calls, routes } = await crawl();
    expect(routes).toEqual(expect.arrayContaining(["annotate/tasks/[taskId]", "annotations/[id]/revisions", "annotations/[id]/revisions/[version]", "me/tasks", "projects/[projectId]/items/[itemId]"]));
    expect(calls).toBeGreaterThan(50);
    expect(leaks).toEqual([]);
    // The crawler does see B's pass where it is visible: an admin's read-only view of B's task.
    const asAdmin = await crawl(admin, ["GET"]);
    expect(asAdmin.leaks.map((l) => l.route)).toContain("annotate/tasks/[taskId]");
  }, 300_000);

  it("after both submitted and the item is DISPUTED, still nothing of B reaches A", async () => {
    const rowA = await db.annotation.findUniqueOrThrow({ where: { id: ids.annA } });
    const rowB = await db.annotation.findUniqueOrThrow({ where: { id: ids.annB } });
    expect((await call(submitRoute, `/api/annotations/${ids.annA}/submit`, { as: A, params: { id: ids.annA }, json: { baseVersion: rowA.version } })).status).toBe(200);
    const second = await call(submitRoute, `/api/annotations/${ids.annB}/submit`, { as: B, params: { id: ids.annB }, json: { baseVersion: rowB.version } });
    expect(second.status).toBe(200);
    expect(second.json.truthWritten).toBe(false);
    expect((await db.adjudication.findUniqueOrThrow({ where: { itemId_kind: { itemId, kind: "double" } } })).status).toBe("DISPUTED");
    const { leaks } = await crawl();
    expect(leaks).toEqual([]);
  }, 300_000);
});
