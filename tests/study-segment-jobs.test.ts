import { db, testDb } from "@/tests/support/test-db";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { claimCandidate, CANDIDATE_SELECT } from "@/lib/jobs/claim";
import { resetJobsConfig } from "@/lib/jobs/jobs-config";
import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { queueSegmenting, SEGMENT_VIDEO, segmentKey } from "@/lib/studies/segment-jobs";
import { videoStorageKeys } from "@/lib/video/storage-paths";
import { mediaStorage } from "@/lib/storage/media-storage";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { createItems, createOpenStudy, createProject, ingestTestVideo } from "./baseline-fixtures";

/**
 * Segmenting a streaming study's video as a job: opening the study runs it (and reuses a READY
 * segmentation); a segmenting whose instance died is finished by another instead of staying
 * PROCESSING forever; one that keeps failing ends FAILED (the Segmentation too) with the error.
 */
let admin: TestUser;

beforeAll(async () => {
  resetJobsConfig();
  admin = await createTestUser({ role: "ADMIN" });
});

describe(`study segmenting as a job (${testDb.provider})`, () => {
  it("opening a streaming study runs its segmenting job; the segmentation is READY", async () => {
    const video = await ingestTestVideo(90);
    const project = await createProject("VCBENCH");
    const [item] = await createItems(project.id, video.id, [{ externalId: "s1", format: "count", truth: [1, 2], queryFrames: [30, 60], labels: { subtype: "O1-Snap" } }]);
    const { report } = await createOpenStudy(admin, project.id, "STREAMING", [{ itemId: item.id }]);
    expect(report.videos).toEqual([expect.objectContaining({ videoId: video.id, reused: false })]);
    const seg = await db.segmentation.findFirstOrThrow({ where: { videoId: video.id } });
    expect(seg.status).toBe("READY");
    expect(await db.backgroundJob.findFirstOrThrow({ where: { dedupeKey: segmentKey(seg.id) } })).toMatchObject({ kind: SEGMENT_VIDEO, state: "SUCCEEDED", attempts: 1 });
  });

  it("a segmenting whose instance died is taken over after its lease: READY, not PROCESSING forever", async () => {
    const video = await ingestTestVideo(60);
    const seg = await db.segmentation.create({ data: { videoId: video.id, cutsHash: "abcdef0123456789", dirKey: "abcdef0123456789", segments: [], status: "PROCESSING" } });
    const job = await queueSegmenting(seg.id, [1, 1.5], "manual");
    const candidate = await db.backgroundJob.findUniqueOrThrow({ where: { id: job.id }, select: CANDIDATE_SELECT });
    expect(await claimCandidate(db, candidate, { instanceId: "dead", leaseMs: 100, now: new Date() })).toBeTruthy();
    expect(await runJobsUntilIdle({ kinds: [SEGMENT_VIDEO] })).toEqual([]); // still held
    await new Promise((r) => setTimeout(r, 200));
    expect((await runJobsUntilIdle({ kinds: [SEGMENT_VIDEO] })).map((r) => r.outcome)).toEqual(["SUCCEEDED"]);
    const after = await db.segmentation.findUniqueOrThrow({ where: { id: seg.id } });
    expect(after.status).toBe("READY");
    expect(Array.isArray(after.segments) && after.segments.length).toBe(3);
  });

  it("a segmenting that keeps failing ends FAILED after its retries, the segmentation FAILED too (with the error on the job)", async () => {
    const video = await ingestTestVideo(60);
    const row = await db.video.findUniqueOrThrow({ where: { id: video.id } });
    await mediaStorage().put(videoStorageKeys(row.storageKey).file(row.playbackFile), "not a video any more");
    const seg = await db.segmentation.create({ data: { videoId: video.id, cutsHash: "0123456789abcdef", dirKey: "0123456789abcdef", segments: [], status: "PROCESSING" } });
    const job = await queueSegmenting(seg.id, [1], "broken");
    const ran = await runJobsUntilIdle({ kinds: [SEGMENT_VIDEO], includeDelayed: true });
    expect(ran.filter((r) => r.id === job.id).map((r) => r.outcome)).toEqual(["QUEUED", "QUEUED", "FAILED"]);
    const failed = await db.backgroundJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(failed).toMatchObject({ state: "FAILED", attempts: 3 });
    expect(failed.lastError).toBeTruthy();
    expect((await db.segmentation.findUniqueOrThrow({ where: { id: seg.id } })).status).toBe("FAILED");
  });
});
