import { db, testDb } from "@/tests/support/test-db";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as jobAction } from "@/app/api/admin/jobs/[id]/route";
import { GET as getTask } from "@/app/api/annotate/tasks/[taskId]/route";
import { GET as getSceneCuts } from "@/app/api/videos/[id]/scene-cuts/route";
import { resetJobsConfig } from "@/lib/jobs/jobs-config";
import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { makeTempDir, removeTempDir } from "@/lib/video/video-test-fixtures";
import { videoStorageKeys } from "@/lib/video/storage-paths";
import { mediaStorage } from "@/lib/storage/media-storage";
import { ingestVideo } from "@/lib/video-library/ingest-video";
import { DETECT_SCENE_CUTS, sceneCutsKey } from "@/lib/video-library/scene-cut-jobs";
import { call } from "@/tests/support/requests";
import { makeUndecodableVideo } from "@/tests/support/undecodable-video";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject, makeTask } from "./annotation-helpers";

/**
 * A video ffmpeg cannot decode (issue 21: it kept "Detecting scene cuts…" forever): the library
 * accepts it (it probes, its end decodes, browsers can play it), its scene detection fails each
 * attempt and, once out of attempts, ends FAILED with the error — shown by the scene-cuts route
 * and the workspace payload, never queued again by itself; an admin's retry runs it again (and
 * succeeds once the file is fixed). Non-admins cannot retry.
 */
let dir = "";
let admin: TestUser;
let ann: TestUser;
let reviewer: TestUser;

beforeAll(async () => {
  resetJobsConfig();
  dir = await makeTempDir("playhead-scene-cuts-failed-");
  admin = await createTestUser({ role: "ADMIN" });
  ann = await createTestUser({ role: "ANNOTATOR" });
  reviewer = await createTestUser({ role: "REVIEWER" });
}, 120_000);
afterAll(async () => {
  if (dir) await removeTempDir(dir);
});

describe(`scene cuts of a video ffmpeg cannot decode (${testDb.provider})`, () => {
  it("end FAILED with the error after the retries; the route and the workspace say so; an admin's retry runs them again", async () => {
    const file = path.join(dir, "broken.mp4");
    makeUndecodableVideo(file, `${Date.now()}`);
    const { video } = await ingestVideo({ file, mode: "copy" }, { displayName: "broken.mp4", via: "import" });
    expect(video).toMatchObject({ status: "READY", transcoded: false, frameCount: 300 });

    const p = await annotationProject("VCBENCH", [{ externalId: "broken", labels: { subtype: "O1-Snap" }, videoId: video.id, queryTimes: [1, 5, 11] }], [ann]);
    const taskId = await makeTask(p.projectId, p.itemIds[0], ann.id, "blank");
    const cuts = () => call(getSceneCuts, `/api/videos/${video.id}/scene-cuts`, { as: ann, params: { id: video.id } });
    const payload = async () => (await call(getTask, `/api/annotate/tasks/${taskId}`, { as: ann, params: { taskId } })).json.video;

    expect((await cuts()).json).toEqual({ cuts: null }); // queued
    // three attempts (their backoff skipped here), each failing with ffmpeg's reason
    const ran = await runJobsUntilIdle({ kinds: [DETECT_SCENE_CUTS], includeDelayed: true });
    expect(ran.map((r) => r.outcome)).toEqual(["QUEUED", "QUEUED", "FAILED"]);
    const job = await db.backgroundJob.findFirstOrThrow({ where: { dedupeKey: sceneCutsKey(video.id) } });
    expect(job).toMatchObject({ state: "FAILED", attempts: 3, maxAttempts: 3 });
    expect(job.lastError).toMatch(/^scene detection failed: most frames of the video cannot be decoded \(.*Invalid data found when processing input/);
    expect(job.lastError).not.toMatch(/\/|playback\.mp4|original\.mp4/); // no server path or storage name

    const failed = await cuts();
    expect(failed.status).toBe(200);
    expect(failed.json).toEqual({ cuts: null, failed: { error: job.lastError } });
    expect(await payload()).toMatchObject({ cuts: null, cutsError: job.lastError });
    // not queued again by itself
    expect(await db.backgroundJob.count({ where: { dedupeKey: sceneCutsKey(video.id) } })).toBe(1);
    expect(await runJobsUntilIdle({ kinds: [DETECT_SCENE_CUTS], includeDelayed: true })).toEqual([]);

    // only admins retry
    for (const as of [ann, reviewer]) {
      expect((await call(jobAction, `/api/admin/jobs/${job.id}`, { method: "POST", as, json: { action: "retry" }, params: { id: job.id } })).status).toBe(403);
    }
    expect((await call(jobAction, `/api/admin/jobs/${job.id}`, { method: "POST", as: null, json: { action: "retry" }, params: { id: job.id } })).status).toBe(401);
    expect((await db.backgroundJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe("FAILED");

    // the admin retries: queued again with fresh attempts, "detecting…" again
    const retried = await call(jobAction, `/api/admin/jobs/${job.id}`, { method: "POST", as: admin, json: { action: "retry" }, params: { id: job.id } });
    expect(retried.status).toBe(200);
    expect(retried.json.job).toMatchObject({ id: job.id, state: "QUEUED", attempts: 0, lastError: job.lastError });
    expect((await cuts()).json).toEqual({ cuts: null });
    // a second retry while it is queued is refused
    const twice = await call(jobAction, `/api/admin/jobs/${job.id}`, { method: "POST", as: admin, json: { action: "retry" }, params: { id: job.id } });
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toMatch(/this one is queued/);

    // the file was fixed meanwhile (the decodable original of the same frames): the retry succeeds
    await mediaStorage().putFile(videoStorageKeys(video.storageKey).file(video.playbackFile), `${file}.good.mp4`);
    expect((await runJobsUntilIdle({ kinds: [DETECT_SCENE_CUTS] })).map((r) => r.outcome)).toEqual(["SUCCEEDED"]);
    expect(await db.backgroundJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ state: "SUCCEEDED", attempts: 1 });
    const done = await cuts();
    expect(done.json.failed).toBeUndefined();
    expect(Array.isArray(done.json.cuts)).toBe(true);
    expect(await payload()).toMatchObject({ cutsError: null });
    const audit = await db.auditLog.findMany({ where: { action: "job.retry", targetId: job.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, targetType: "BackgroundJob" });
  });
});
