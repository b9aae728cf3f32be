import { db, testDb } from "@/tests/support/test-db";
import { readFile } from "node:fs/promises";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SLEEP } from "@/lib/jobs/test-kinds";
import { createStudy, setStudyItems } from "@/lib/studies/manage-study";
import { openStudy } from "@/lib/studies/open-study";
import { ingestVideo } from "@/lib/video-library/ingest-video";
import { generateInto, makeTempDir, miniDemoSpec, removeTempDir } from "@/lib/video/video-test-fixtures";
import { startCluster, type Cluster } from "@/scripts/cluster/harness";
import { addMembers } from "@/tests/support/members";
import { storedKeys } from "@/tests/support/test-storage";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { scratchLeft } from "@/tests/videos-helpers";

/**
 * Proof with real parts (issue 21.5): PostgreSQL, an S3 protocol server (s3rver), two `next start`
 * instances of the production build — each with a data directory (local disk) of its own and the
 * job queue running in-process — and nginx doing round robin in front, no sticky sessions
 * (scripts/cluster/harness.ts). Every request below goes through nginx; the instance that
 * answered is named by X-Playhead-Instance. The vitest project "cluster" sets TEST_DB=postgresql
 * and TEST_STORAGE=s3 (tests/support/test-db.ts makes the database and starts the s3rver; this
 * process only prepares fixtures in them and checks the outcome).
 */
let cluster: Cluster;
let dir = "";
let admin: TestUser;
let annotator: TestUser;

const INSTANCE = "x-playhead-instance";

type Res = { status: number; headers: Headers; text: string; json: any; bytes: Buffer; instance: string | null };

async function request(path: string, init: { method?: string; cookie?: string; json?: unknown; body?: Buffer | string; headers?: Record<string, string> } = {}): Promise<Res> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(cluster.url + path, {
    method: init.method ?? (init.json === undefined && init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : typeof init.body === "string" || init.body === undefined ? init.body : new Uint8Array(init.body),
    redirect: "manual",
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString("utf8");
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, text, json, bytes, instance: res.headers.get(INSTANCE) };
}

const cookiePairs = (h: Headers) => h.getSetCookie().map((c) => c.split(";")[0]);

/** next-auth credentials sign-in through the balancer (csrf on one instance, callback on the other). */
async function signIn(user: TestUser): Promise<string> {
  const csrf = await request("/api/auth/csrf");
  const form = new URLSearchParams({ email: user.email, password: user.password, csrfToken: csrf.json.csrfToken, json: "true", callbackUrl: "/" });
  const res = await request("/api/auth/callback/credentials", {
    method: "POST",
    body: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    cookie: cookiePairs(csrf.headers).join("; "),
  });
  const session = cookiePairs(res.headers).find((c) => /next-auth\.session-token=./.test(c));
  if (!session) throw new Error(`sign-in of ${user.email} failed: ${res.status} ${res.text.slice(0, 200)}`);
  return session;
}

/** Consecutive requests of one client never land on the same instance twice in a row, and both instances serve. */
function expectAlternating(instances: (string | null)[]) {
  expect(instances.every((i) => i === "app-1" || i === "app-2"), `instances: ${instances.join(",")}`).toBe(true);
  for (let k = 1; k < instances.length; k++) expect(instances[k], `request ${k} of ${instances.join(",")}`).not.toBe(instances[k - 1]);
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let studyVideoId = "";
let uploadFile = "";

beforeAll(async () => {
  dir = await makeTempDir("playhead-cluster-test-");
  admin = await createTestUser({ role: "ADMIN" });
  annotator = await createTestUser({ role: "ANNOTATOR", name: "Cluster Annotator" });
  const [studyFile, upload] = await Promise.all([generateInto(dir, miniDemoSpec("cfr30", 60)), generateInto(dir, miniDemoSpec("offset", 20))]);
  uploadFile = upload;
  studyVideoId = (await ingestVideo({ file: studyFile, mode: "copy" }, { displayName: "cluster-study.mp4", via: "import" })).video.id;
  const env: Record<string, string> = {
    DATABASE_URL: testDb.url,
    NEXTAUTH_SECRET: "cluster-test-secret-0123456789abcdef",
    PLAYHEAD_TEST_JOBS: "1",
    // Long enough that a renewal (every third of it) is never late on a loaded machine, short for the kill test.
    PLAYHEAD_JOBS_LEASE_MS: "5000",
    PLAYHEAD_JOBS_POLL_MS: "250",
    PLAYHEAD_JOBS_BACKOFF_MS: "200",
  };
  for (const [k, v] of Object.entries(process.env)) if (k.startsWith("PLAYHEAD_S3_") || k === "PLAYHEAD_STORAGE") env[k] = v!;
  expect(env.PLAYHEAD_STORAGE).toBe("s3");
  cluster = await startCluster({ instances: 2, env, verbose: !!process.env.CLUSTER_VERBOSE });
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  await removeTempDir(dir);
}, 60_000);

describe(`two instances on PostgreSQL and S3 behind nginx round robin (${testDb.provider}, ${testDb.storage})`, () => {
  it("a participant takes a whole streaming study, consecutive requests alternating instances; a served segment stays used up on the other instance", async () => {
    const project = await db.project.create({ data: { name: "Cluster study", slug: `cluster-${Date.now()}`, benchmark: "VCBENCH", settings: {} } });
    const frames = [20, 40, 58];
    const item = await db.item.create({
      data: {
        projectId: project.id,
        externalId: "cluster-1",
        ordinal: 0,
        format: "count",
        question: "How many objects have appeared so far?",
        presentation: { answer_type: "integer" },
        labels: { subtype: "O2-Unique" },
        videoRef: "cluster",
        videoId: studyVideoId,
        truth: { create: { answer: frames.map((_, i) => i), source: {} } },
        queryPoints: { create: frames.map((f, i) => ({ ordinal: i, timeSec: f / 30, frameIndex: f })) },
      },
    });
    const study = await createStudy(
      { projectId: project.id, name: "cluster study", protocol: "STREAMING", settings: { participantsPerVideo: null, capPerParticipant: 1, enforceRealtime: false, segmentSeconds: 1, crowdPlatforms: ["prolific"], completionCode: "CLUSTER" } },
      admin.id,
    );
    await setStudyItems(study.id, { items: [{ itemId: item.id, attentionCheck: false }] }, admin.id);
    await openStudy(study.id, admin.id);

    const seen: (string | null)[] = [];
    const go = async (path: string, init: Parameters<typeof request>[1] = {}) => {
      const r = await request(path, init);
      seen.push(r.instance);
      return r;
    };
    const entered = await go(`/api/studies/${study.id}/enter?PROLIFIC_PID=CLUSTER1&STUDY_ID=CLUSTERSTUDY&SESSION_ID=CLUSTER1-sub`);
    expect(entered.status, entered.text).toBe(303);
    const cookie = cookiePairs(entered.headers)[0];
    const consent = await go(`/api/studies/${study.id}/consent`, { method: "POST", cookie });
    expect(consent.status, consent.text).toBe(200);
    const sessionId = consent.json.sessionId as string;
    const tabId = "clustertab0000aa";
    const claimed = await go(`/api/sessions/${sessionId}/claim`, { cookie, json: { tabId } });
    expect(claimed.status, claimed.text).toBe(200);
    let state = claimed.json;
    let firstSegment = "";
    let segments = 0;
    let answers = 0;
    while (state.status === "ACTIVE" && state.streaming?.askIndex !== null) {
      const st = state.streaming;
      if (st.playlistUrl) {
        // The first stretch's playlist from its route; every later one came with the answer that
        // unlocked it (from the other instance than the one its segments are now asked of, in turn).
        const pl = answers === 0 ? await go(st.playlistUrl, { cookie }) : { status: 200, text: st.playlist as string };
        expect(pl.status, pl.text).toBe(200);
        if (answers > 0) expect(pl.text).toMatch(/^#EXTM3U\n/);
        const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(pl.text)?.[1];
        if (init) expect((await go(init, { cookie })).status).toBe(200);
        for (const uri of pl.text.split("\n").filter((l) => l.startsWith("/api/segments/"))) {
          const seg = await go(uri, { cookie });
          expect(seg.status, seg.text).toBe(200);
          expect(seg.bytes.length).toBeGreaterThan(0);
          firstSegment ||= uri;
          segments++;
        }
      }
      const a = await go(`/api/sessions/${sessionId}/answers`, { cookie, json: { askIndex: st.askIndex, tabId, version: state.version, answer: st.askIndex } });
      expect(a.status, a.text).toBe(200);
      answers++;
      state = a.json.state;
    }
    expect(state.status).toBe("COMPLETED");
    expect(answers).toBe(frames.length);
    expect(segments).toBeGreaterThanOrEqual(frames.length);
    // Single use holds across instances: asking again (on whichever instance is next) is refused.
    const replay = await go(firstSegment, { cookie });
    expect(replay.status).toBe(410);
    expectAlternating(seen);
    expect(await db.answer.count({ where: { sessionId } })).toBe(frames.length);
  });

  it("an annotator's autosaves alternate instances, and a save from a stale tab is still a version conflict", async () => {
    const project = await db.project.create({ data: { name: "Cluster annotation", slug: `cluster-ann-${Date.now()}`, benchmark: "VCBENCH", settings: {} } });
    const item = await db.item.create({
      data: { projectId: project.id, externalId: "ann-1", ordinal: 0, format: "count", question: "How many?", presentation: {}, labels: { subtype: "E1-Action" }, videoRef: "v.mp4", videoId: studyVideoId, queryPoints: { create: [{ ordinal: 0, timeSec: 1 }] } },
    });
    await addMembers(project.id, { id: annotator.id, role: "ANNOTATOR" });
    const task = await db.task.create({ data: { projectId: project.id, itemId: item.id, userId: annotator.id, kind: "ANNOTATE", mode: "blank", round: 1 } });
    const cookie = await signIn(annotator);
    const opened = await request(`/api/annotate/tasks/${task.id}`, { cookie });
    expect(opened.status, opened.text).toBe(200);
    const id = opened.json.annotation.id as string;
    let version = opened.json.annotation.version as number;
    const base = opened.json.annotation.data as Record<string, unknown>;
    const seen: (string | null)[] = [];
    for (let n = 1; n <= 6; n++) {
      const r = await request(`/api/annotations/${id}`, { method: "PUT", cookie, json: { baseVersion: version, clientSaveId: `cluster-save-${n}-${Date.now()}`, data: { ...base, notes: `draft ${n}` } } });
      expect(r.status, r.text).toBe(200);
      expect(r.json.version).toBe(version + 1);
      version = r.json.version;
      seen.push(r.instance);
    }
    expectAlternating(seen);
    // A second tab still holding version 2 saves: the other instance must see the newer version.
    const stale = await request(`/api/annotations/${id}`, { method: "PUT", cookie, json: { baseVersion: 2, clientSaveId: `cluster-stale-${Date.now()}`, data: { ...base, notes: "from the other tab" } } });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.json.error.code).toBe("version_conflict");
    expect(stale.json.error.details.current).toMatchObject({ version, data: { notes: "draft 6" } });
    expect(stale.instance).not.toBe(seen[seen.length - 1]);
    expect((await db.annotation.findUniqueOrThrow({ where: { id } })).version).toBe(version);
  });

  it("a video uploaded through one instance is played (byte ranges) and annotated through the other", async () => {
    const adminCookie = await signIn(admin);
    const bytes = await readFile(uploadFile);
    const up = await request("/api/videos/upload", { method: "PUT", cookie: adminCookie, body: bytes, headers: { "x-file-name": "cluster-upload.mp4", "content-type": "application/octet-stream" } });
    expect(up.status, up.text).toBe(201);
    const videoId = up.json.video.id as string;
    const uploadedOn = up.instance;

    const project = await db.project.create({ data: { name: "Cluster upload", slug: `cluster-up-${Date.now()}`, benchmark: "VCBENCH", settings: {} } });
    const item = await db.item.create({
      data: { projectId: project.id, externalId: "up-1", ordinal: 0, format: "count", question: "How many?", presentation: {}, labels: { subtype: "E1-Action" }, videoRef: "cluster-upload.mp4", videoId, queryPoints: { create: [{ ordinal: 0, timeSec: 0.5 }] } },
    });
    await addMembers(project.id, { id: annotator.id, role: "ANNOTATOR" });
    const task = await db.task.create({ data: { projectId: project.id, itemId: item.id, userId: annotator.id, kind: "ANNOTATE", mode: "blank", round: 1 } });
    const cookie = await signIn(annotator);

    // Balancer round robin: find the next request that lands on the other instance (at most two tries).
    let opened = await request(`/api/annotate/tasks/${task.id}`, { cookie });
    if (opened.instance === uploadedOn) opened = await request(`/api/annotate/tasks/${task.id}`, { cookie });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.instance).not.toBe(uploadedOn);
    const media = opened.json.video?.urls?.media ?? `/api/media/${videoId}`;
    let range = await request(media, { cookie, headers: { range: "bytes=0-1023" } });
    if (range.instance === uploadedOn) range = await request(media, { cookie, headers: { range: "bytes=0-1023" } });
    expect(range.status, range.text.slice(0, 200)).toBe(206);
    expect(range.instance).not.toBe(uploadedOn);
    expect(range.bytes.length).toBe(1024);
    expect(range.bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    const base = opened.json.annotation.data as Record<string, unknown>;
    let save = await request(`/api/annotations/${opened.json.annotation.id}`, { method: "PUT", cookie, json: { baseVersion: opened.json.annotation.version, clientSaveId: `cluster-up-${Date.now()}`, data: { ...base, notes: "annotated elsewhere" } } });
    expect(save.status, save.text).toBe(200);
    if (save.instance === uploadedOn) {
      save = await request(`/api/annotations/${opened.json.annotation.id}`, { cookie, method: "PUT", json: { baseVersion: save.json.version, clientSaveId: `cluster-up2-${Date.now()}`, data: { ...base, notes: "annotated elsewhere, again" } } });
      expect(save.status, save.text).toBe(200);
    }
    expect(save.instance).not.toBe(uploadedOn);
    // Nothing of the upload was left on either instance's own disk, nor queued in the bucket.
    expect(await db.backgroundJob.findFirstOrThrow({ where: { kind: "video.ingest", label: "cluster-upload.mp4" } })).toMatchObject({ state: "SUCCEEDED", attempts: 1 });
    for (const instance of cluster.instances) expect(await scratchLeft(instance.dataDir)).toEqual([]);
    expect(await storedKeys("uploads/")).toEqual([]);
    expect(await storedKeys(`videos/${(await db.video.findUniqueOrThrow({ where: { id: videoId } })).storageKey}/`)).toEqual(expect.arrayContaining(["thumb.jpg"]));
  });

  it("an instance keeps an idle connection open longer than a participant pauses (npm start's keep-alive), so a launch does not reconnect at every answer", async () => {
    // Node's default (5 s) closed a participant's connection while they watched a stretch and
    // thought: each answer then opened a new connection, which a busy instance accepts one per
    // event-loop iteration (docs/deploy.md "A launch burst").
    const instance = cluster.instances[0];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: object; keepAlive: string }>((resolve, reject) => {
        const req = http.get(`${instance.url}/sign-in`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, socket: req.socket!, keepAlive: String(res.headers["keep-alive"] ?? "") }));
        });
        req.on("error", reject);
      });
    try {
      const first = await get();
      expect(first.status).toBe(200);
      expect(first.keepAlive).toMatch(/timeout=65\b/);
      await new Promise((r) => setTimeout(r, 6_500));
      const second = await get();
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  }, 30_000);

  it("a job queued through one instance runs once: its runner is killed with SIGKILL mid-job and the survivor finishes it after the lease expires", async () => {
    const adminCookie = await signIn(admin);
    const failed = await db.backgroundJob.create({
      data: { kind: TEST_SLEEP, label: "cluster kill", payload: { ms: 6_000 }, state: "FAILED", attempts: 3, maxAttempts: 3, lastError: "planned", finishedAt: new Date() },
    });
    // The admin's retry (an HTTP request through the balancer) queues it again on the instance that answers.
    const retried = await request(`/api/admin/jobs/${failed.id}`, { method: "POST", cookie: adminCookie, json: { action: "retry" } });
    expect(retried.status, retried.text).toBe(200);
    const running = await until(() => db.backgroundJob.findUniqueOrThrow({ where: { id: failed.id } }), (j) => j.state === "RUNNING" && !!j.lockedBy, 30_000);
    expect(running.attempts).toBe(1);
    const doomed = cluster.instances.find((i) => i.name === running.lockedBy)!;
    const survivor = cluster.instances.find((i) => i.name !== running.lockedBy)!;
    expect(doomed).toBeTruthy();
    await doomed.kill("SIGKILL");
    expect(doomed.alive()).toBe(false);
    expect(await db.backgroundJob.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ state: "RUNNING", lockedBy: doomed.name });

    const done = await until(() => db.backgroundJob.findUniqueOrThrow({ where: { id: failed.id } }), (j) => j.state === "SUCCEEDED", 60_000);
    expect(done).toMatchObject({ attempts: 2, lockedBy: survivor.name, result: { instanceId: survivor.name, attempt: 2 } });
    const effects = await db.auditLog.findMany({ where: { action: "test.job.done", targetId: failed.id } });
    expect(effects.map((e) => (e.details as { instanceId: string }).instanceId)).toEqual([survivor.name]);
    // The balancer keeps serving through the survivor.
    const seenAfter = [];
    for (let n = 0; n < 3; n++) {
      const r = await request(`/api/admin/jobs/${failed.id}`, { cookie: adminCookie });
      expect(r.status, r.text).toBe(200);
      expect(r.json.job).toMatchObject({ state: "SUCCEEDED" });
      seenAfter.push(r.instance);
    }
    expect(seenAfter).toEqual([survivor.name, survivor.name, survivor.name]);
  });
});
