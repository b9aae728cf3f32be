import { db, testDb } from "@/tests/support/test-db";
import { copyFile, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT } from "@/app/api/videos/upload/route";
import { claimCandidate, CANDIDATE_SELECT } from "@/lib/jobs/claim";
import { resetJobsConfig } from "@/lib/jobs/jobs-config";
import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { makeTempDir, removeTempDir } from "@/lib/video/video-test-fixtures";
import { mediaStorage } from "@/lib/storage/media-storage";
import { INGEST_VIDEO, queuedUploadPending, queueUploadIngest } from "@/lib/video-library/ingest-jobs";
import { sweepQueuedUploads } from "@/lib/video-library/staging";
import { call } from "@/tests/support/requests";
import { storedKeys } from "@/tests/support/test-storage";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { makeVideoFixtures, scratchLeft, type VideoFixtures } from "./videos-helpers";

/**
 * Upload ingest through the job queue: the request runs its job and answers as before (201 /
 * 422); the job records the outcome (a refused file: FAILED with the reason); an ingest whose
 * instance died is finished by another once the lease expires; when the web process runs no
 * jobs (PLAYHEAD_JOBS_RUNNER=off) the upload is answered 202 and a worker finishes it.
 */
let dir = "";
let fx: VideoFixtures;
let admin: TestUser;

beforeAll(async () => {
  resetJobsConfig();
  dir = await makeTempDir("playhead-ingest-jobs-");
  fx = await makeVideoFixtures(dir);
  admin = await createTestUser({ role: "ADMIN" });
}, 120_000);
afterAll(async () => {
  delete process.env.PLAYHEAD_JOBS_RUNNER;
  delete process.env.PLAYHEAD_JOBS_AWAIT_MS;
  resetJobsConfig();
  await removeTempDir(dir);
});

async function upload(file: string, name: string) {
  return call(PUT, "/api/videos/upload", { method: "PUT", as: admin, body: await readFile(file), headers: { "x-file-name": encodeURIComponent(name), "content-type": "application/octet-stream" } });
}

describe(`video ingest as a job (${testDb.provider})`, () => {
  it("an upload runs its ingest job in the request: 201, the job SUCCEEDED with the video, no scratch left", async () => {
    const res = await upload(fx.cfr, "jobbed.mp4");
    expect(res.status).toBe(201);
    const job = await db.backgroundJob.findFirstOrThrow({ where: { kind: INGEST_VIDEO, label: "jobbed.mp4" } });
    expect(job).toMatchObject({ state: "SUCCEEDED", attempts: 1, result: { videoId: res.json.video.id, duplicate: false } });
    expect(await scratchLeft(testDb.dataDir)).toEqual([]);
  });

  it("a refused file is 422 as before; its job is FAILED at once (no retry) with the reason; the upload is removed", async () => {
    const res = await upload(fx.text, "notes.mp4");
    expect(res.status).toBe(422);
    expect(res.json.error).toMatchObject({ code: "video_rejected", details: { file: "notes.mp4", rejection: "not-a-video" } });
    const job = await db.backgroundJob.findFirstOrThrow({ where: { kind: INGEST_VIDEO, label: "notes.mp4" } });
    expect(job).toMatchObject({ state: "FAILED", attempts: 1, result: { error: { code: "video_rejected" } } });
    expect(job.lastError).toMatch(/^notes\.mp4: not a video/);
    expect(await scratchLeft(testDb.dataDir)).toEqual([]);
  });

  it("an ingest whose instance died is finished by another once its lease expires; the upload waits in the media storage, not on the dead instance's disk", async () => {
    const received = path.join(testDb.dataDir, "tmp", "upload-x.part");
    await copyFile(fx.offset, received);
    const jobId = await queueUploadIngest(received, { displayName: "interrupted.mp4", actorId: admin.id });
    expect(await storedKeys("uploads/")).toEqual([expect.stringMatching(/^queued-[0-9a-f-]{36}\.upload$/)]);
    expect(await scratchLeft(testDb.dataDir)).toEqual([]);
    const candidate = await db.backgroundJob.findUniqueOrThrow({ where: { id: jobId }, select: CANDIDATE_SELECT });
    expect(await claimCandidate(db, candidate, { instanceId: "dead", leaseMs: 100, now: new Date() })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    // On object storage the survivor is another machine: a data directory (local disk) of its own.
    const ownDisk = testDb.storage === "s3" ? await makeTempDir("playhead-other-instance-") : null;
    if (ownDisk) process.env.PLAYHEAD_DATA_DIR = ownDisk;
    try {
      const ran = await runJobsUntilIdle({ kinds: [INGEST_VIDEO] });
      expect(ran.map((r) => r.outcome)).toEqual(["SUCCEEDED"]);
    } finally {
      if (ownDisk) {
        process.env.PLAYHEAD_DATA_DIR = testDb.dataDir;
        await removeTempDir(ownDisk);
      }
    }
    const job = await db.backgroundJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ state: "SUCCEEDED", attempts: 2 });
    const video = await db.video.findUniqueOrThrow({ where: { id: (job.result as { videoId: string }).videoId } });
    expect(video).toMatchObject({ originalName: "interrupted.mp4", addedById: admin.id, transcoded: true });
    expect(await storedKeys(`videos/${video.storageKey}/`)).toEqual(expect.arrayContaining(["playback.mp4", "thumb.jpg"]));
    expect(await storedKeys("uploads/")).toEqual([]);
    expect(await scratchLeft(testDb.dataDir)).toEqual([]);
  });

  it("with PLAYHEAD_JOBS_RUNNER=off the upload is queued (202) and a worker ingests it", async () => {
    process.env.PLAYHEAD_JOBS_RUNNER = "off";
    process.env.PLAYHEAD_JOBS_AWAIT_MS = "300";
    resetJobsConfig();
    const res = await upload(fx.mkv, "later.mkv");
    expect(res.status).toBe(202);
    expect(res.json.queued).toMatchObject({ name: "later.mkv", message: expect.stringMatching(/received and is being processed/) });
    expect(await db.video.count({ where: { originalName: "later.mkv" } })).toBe(0);
    expect((await runJobsUntilIdle({ kinds: [INGEST_VIDEO] })).map((r) => r.outcome)).toEqual(["SUCCEEDED"]);
    expect(await db.video.count({ where: { originalName: "later.mkv" } })).toBe(1);
    expect(await db.backgroundJob.findUniqueOrThrow({ where: { id: res.json.queued.jobId } })).toMatchObject({ state: "SUCCEEDED", attempts: 1 });
  });

  it("the storage sweep removes a queued upload only once it is a day old and no pending job needs it", async () => {
    process.env.PLAYHEAD_JOBS_RUNNER = "off";
    resetJobsConfig();
    const received = path.join(testDb.dataDir, "tmp", "upload-y.part");
    await copyFile(fx.offset, received);
    await queueUploadIngest(received, { displayName: "pending.mp4", actorId: admin.id });
    const orphan = "queued-00000000-0000-4000-8000-000000000001.upload";
    await mediaStorage().put(`uploads/${orphan}`, "left by a job that was deleted");
    const [pending] = (await storedKeys("uploads/")).filter((k) => k !== orphan);
    expect(await sweepQueuedUploads(queuedUploadPending)).toEqual([]);
    const dayLater = Date.now() + 25 * 3600 * 1000;
    expect(await sweepQueuedUploads(queuedUploadPending, dayLater)).toEqual([orphan]);
    expect(await storedKeys("uploads/")).toEqual([pending]);
    expect((await runJobsUntilIdle({ kinds: [INGEST_VIDEO] })).map((r) => r.outcome)).toEqual(["SUCCEEDED"]);
    expect(await storedKeys("uploads/")).toEqual([]);
  });
});
