import { db } from "@/tests/support/test-db";
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeTempDir } from "@/lib/video/video-test-fixtures";
import { sessionCookie } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject, annotationVideos, makeTask, saveId, type AnnotationVideos } from "./annotation-helpers";

// An acknowledged autosave (and an acknowledged time-on-task report) survives `kill -9` of the
// server: a real server process (the annotation route handlers behind a plain Node HTTP server,
// scripts/bench/annotation-server.ts) on this file's database takes the save and the report, is
// killed with SIGKILL right after answering 200, a new server process starts on the same
// database, and the reloaded task holds the mark and the time.

let videos: AnnotationVideos;
let ann: TestUser;
let taskId = "";
const children: ChildProcess[] = [];

function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/bench/annotation-server.ts"], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, child });
    });
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code, signal) => reject(new Error(`server exited early (${code ?? signal}): ${err.slice(-2000)}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

beforeAll(async () => {
  videos = await annotationVideos();
  ann = await createTestUser({ role: "ANNOTATOR" });
  const p = await annotationProject("VCBENCH", [{ externalId: "crash", labels: { subtype: "E1-Action" }, videoId: videos.cfr, queryTimes: [0.5] }], [ann]);
  taskId = await makeTask(p.projectId, p.itemIds[0], ann.id, "blank");
}, 120_000);

afterAll(async () => {
  for (const c of children) await killed(c);
  if (videos) await removeTempDir(videos.dir);
});

describe("kill -9 survival", () => {
  it("save, kill -9 the server, restart, reload: the mark is there", async () => {
    const cookie = await sessionCookie(ann);
    const first = await startServer();
    const opened = await fetch(`${first.url}/api/annotate/tasks/${taskId}`, { headers: { cookie } });
    expect(opened.status).toBe(200);
    const payload = (await opened.json()) as { annotation: { id: string; version: number; data: Record<string, unknown> } };
    const mark = { id: "survivor", at: { frame: 17, sec: 17 / 30 }, label: "kept", comment: "" };
    const put = await fetch(`${first.url}/api/annotations/${payload.annotation.id}`, {
      method: "PUT",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ baseVersion: payload.annotation.version, clientSaveId: saveId(), data: { ...payload.annotation.data, moments: [mark] } }),
    });
    expect(put.status).toBe(200);
    const ack = (await put.json()) as { version: number };
    const now = Date.now();
    const activity = await fetch(`${first.url}/api/tasks/${taskId}/activity`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      // From now on: time before the task was created (seconds ago, in this test) is not counted.
      body: JSON.stringify({ intervals: [{ start: now, end: now + 2000 }] }),
    });
    expect(activity.status, await activity.clone().text()).toBe(200);
    expect(await activity.json()).toEqual({ timeSpentMs: 2000 });
    // SIGKILL the instant the 200 is in: no shutdown hook, no flush.
    await killed(first.child);
    expect(first.child.signalCode).toBe("SIGKILL");

    const second = await startServer();
    const reloaded = await fetch(`${second.url}/api/annotate/tasks/${taskId}`, { headers: { cookie } });
    expect(reloaded.status).toBe(200);
    const after = (await reloaded.json()) as { task: { timeSpentMs: number }; annotation: { version: number; data: { moments: unknown[] } } };
    expect(after.annotation.version).toBe(ack.version);
    expect(after.annotation.data.moments).toEqual([mark]);
    expect(after.task.timeSpentMs).toBe(2000);
    expect(await db.annotationRevision.count({ where: { annotationId: payload.annotation.id } })).toBe(2);
  });
});
