import { db } from "@/tests/support/test-db";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getTask } from "@/app/api/annotate/tasks/[taskId]/route";
import { GET as getSceneCuts } from "@/app/api/videos/[id]/scene-cuts/route";
import { detectSceneCuts } from "@/lib/video/detect-scene-cuts";
import { probeVideo } from "@/lib/video/probe-video";
import { runProcess, stderrTail } from "@/lib/video/run-process";
import { ffmpegPath } from "@/lib/video/tool-paths";
import { makeTempDir, removeTempDir } from "@/lib/video/video-test-fixtures";
import { ingestVideo } from "@/lib/video-library/ingest-video";
import { computeSceneCuts, sceneCutsStorageKey } from "@/lib/video-library/scene-cuts";
import { mediaStorage } from "@/lib/storage/media-storage";
import { DETECT_SCENE_CUTS, sceneCutsKey } from "@/lib/video-library/scene-cut-jobs";
import { runJobsUntilIdle } from "@/lib/jobs/run-until-idle";
import { call } from "@/tests/support/requests";
import { createTestUser, type TestUser } from "@/tests/support/users";
import { annotationProject, makeTask } from "./annotation-helpers";

/**
 * Scene detection on synthetic videos with known cuts: three shots (solid red, solid blue, the
 * moving testsrc pattern) concatenated; the first frame of each new shot is the expected cut.
 */
let dir = "";
let outsider: TestUser;
let ann: TestUser;

async function ffmpeg(args: string[]): Promise<void> {
  const r = await runProcess(ffmpegPath(), ["-hide_banner", "-nostdin", "-v", "error", "-y", ...args]);
  if (r.code !== 0) throw new Error(`ffmpeg failed: ${stderrTail(r.stderr)}`);
}

/** Shots of [colour source, fps, seconds] concatenated into an H.264 MP4 (variable rate kept). */
async function threeShots(name: string, shots: [string, number, number][], extra: string[] = []): Promise<string> {
  const file = path.join(dir, name);
  const inputs = shots.flatMap(([src, fps, d]) => ["-f", "lavfi", "-i", `${src}${src.includes("=") ? ":" : "="}s=160x120:r=${fps}:d=${d}`]);
  const tb = shots.map((_, i) => `[${i}]settb=1/1000[s${i}]`).join(";");
  const labels = shots.map((_, i) => `[s${i}]`).join("");
  await ffmpeg([
    ...inputs,
    "-filter_complex", `${tb};${labels}concat=n=${shots.length}:v=1:a=0`,
    "-fps_mode", "passthrough", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-video_track_timescale", "1000",
    ...extra, file,
  ]);
  return file;
}

beforeAll(async () => {
  dir = await makeTempDir("playhead-scene-cuts-test-");
  outsider = await createTestUser({ role: "ANNOTATOR" });
  ann = await createTestUser({ role: "ANNOTATOR", name: "Cut Checker" });
}, 120_000);

afterAll(async () => {
  if (dir) await removeTempDir(dir);
});

describe("detectSceneCuts", () => {
  it("finds the exact first frames of new shots at 25 fps (frames 50 and 90), and none in a single shot", async () => {
    const file = await threeShots("cfr.mp4", [["color=c=red", 25, 2], ["color=c=blue", 25, 1.6], ["testsrc", 25, 2]]);
    const probe = await probeVideo(file);
    expect(probe.frameCount).toBe(140);
    const cuts = await detectSceneCuts(file, probe.ptsTable);
    expect(cuts.frames).toEqual([50, 90]);
    expect(cuts.detectMs).toBeGreaterThanOrEqual(0);

    const single = path.join(dir, "single.mp4");
    await ffmpeg(["-f", "lavfi", "-i", "testsrc=s=160x120:r=25:d=3", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", single]);
    expect((await detectSceneCuts(single, (await probeVideo(single)).ptsTable)).frames).toEqual([]);
  });

  it("maps cuts of a variable-rate video (25 fps, then 50 fps, then 25 fps) onto its PTS table", async () => {
    const file = await threeShots("vfr.mp4", [["color=c=red", 25, 2], ["color=c=blue", 50, 1], ["testsrc", 25, 2]]);
    const probe = await probeVideo(file);
    expect(probe.variableFrameRate).toBe(true);
    expect((await detectSceneCuts(file, probe.ptsTable)).frames).toEqual([50, 100]);
  });

  it("keeps the first-frame offset of a video starting at 2.5 s (cuts by frame, not by time from 0)", async () => {
    const zero = await threeShots("zero.mp4", [["color=c=red", 25, 2], ["color=c=blue", 25, 1.6], ["testsrc", 25, 2]]);
    const file = path.join(dir, "offset.mp4");
    await ffmpeg(["-i", zero, "-c", "copy", "-output_ts_offset", "2.5", file]);
    const probe = await probeVideo(file);
    expect(probe.firstPts).toBeCloseTo(2.5, 6);
    expect((await detectSceneCuts(file, probe.ptsTable)).frames).toEqual([50, 90]);
  });

  it("names the file when ffmpeg cannot read it", async () => {
    const bad = path.join(dir, "not-a-video.mp4");
    await writeFile(bad, "no video here");
    await expect(detectSceneCuts(bad, { timeBase: { num: 1, den: 25 }, pts: [0, 1], endPts: 2 })).rejects.toThrow(/^not-a-video\.mp4: scene detection failed/);
  });
});

describe("scene cuts in the workspace", () => {
  it("are null while detecting, then carried as {frame, sec} by the payload and GET /api/videos/:id/scene-cuts", async () => {
    const file = await threeShots("library.mp4", [["color=c=red", 25, 2], ["color=c=blue", 25, 1.6], ["testsrc", 25, 2]]);
    const { video } = await ingestVideo({ file, mode: "copy" }, { displayName: "three-shots.mp4", via: "import" });
    // detect once, then forget it to see the "detecting" state
    const stored = await computeSceneCuts(video);
    expect(stored.frames).toEqual([50, 90]);
    await mediaStorage().delete(sceneCutsStorageKey(video));

    const p = await annotationProject("VCBENCH", [{ externalId: "cuts", labels: { subtype: "O1-Snap" }, videoId: video.id, queryTimes: [1, 3.5, 5] }], [ann]);
    const taskId = await makeTask(p.projectId, p.itemIds[0], ann.id, "blank");
    const open = () => call(getTask, `/api/annotate/tasks/${taskId}`, { as: ann, params: { taskId } });
    const cutsOf = (as: TestUser) => call(getSceneCuts, `/api/videos/${video.id}/scene-cuts`, { as, params: { id: video.id } });

    const first = await open();
    expect(first.status).toBe(200);
    expect(first.json.video.cuts).toBeNull();
    expect(first.json.video.cutsError).toBeNull();
    // the payload queued the detection again: one job (a second open does not queue another), run by a job runner
    await open();
    expect(await db.backgroundJob.findMany({ where: { dedupeKey: sceneCutsKey(video.id) }, select: { state: true } })).toEqual([{ state: "QUEUED" }]);
    const ran = await runJobsUntilIdle({ kinds: [DETECT_SCENE_CUTS] });
    expect(ran.map((r) => [r.outcome, r.result])).toEqual([["SUCCEEDED", { cuts: 2, detectMs: expect.any(Number) }]]);
    const expected = [
      { frame: 50, sec: 2 },
      { frame: 90, sec: 3.6 },
    ];
    expect((await open()).json.video.cuts).toEqual(expected);
    const route = await cutsOf(ann);
    expect(route.status).toBe(200);
    expect(route.json).toEqual({ cuts: expected });
    expect((await cutsOf(outsider)).status).toBe(404);
    const row = await db.video.findUniqueOrThrow({ where: { id: video.id }, select: { frameCount: true } });
    expect(row.frameCount).toBe(140);
  });

  it("recomputes a corrupted sidecar instead of failing the workspace", async () => {
    const file = await threeShots("library-2.mp4", [["color=c=green", 25, 1], ["color=c=white", 25, 1], ["color=c=black", 25, 1]]);
    const { video } = await ingestVideo({ file, mode: "copy" }, { displayName: "three-colours.mp4", via: "import" });
    await computeSceneCuts(video);
    await mediaStorage().put(sceneCutsStorageKey(video), JSON.stringify({ version: 1, threshold: 10, frameCount: 75, frames: [30, 20] }));
    const first = await call(getSceneCuts, `/api/videos/${video.id}/scene-cuts`, { as: ann, params: { id: video.id } });
    expect(first.status).toBe(404); // not a member of any project with it
    const p = await annotationProject("VCBENCH", [{ externalId: "c2", labels: { subtype: "E1-Transit" }, videoId: video.id }], [ann]);
    expect(p.itemIds).toHaveLength(1);
    const again = await call(getSceneCuts, `/api/videos/${video.id}/scene-cuts`, { as: ann, params: { id: video.id } });
    expect(again.json).toEqual({ cuts: null });
    expect((await runJobsUntilIdle({ kinds: [DETECT_SCENE_CUTS] })).map((r) => r.outcome)).toEqual(["SUCCEEDED"]);
    const done = await call(getSceneCuts, `/api/videos/${video.id}/scene-cuts`, { as: ann, params: { id: video.id } });
    expect(done.json).toEqual({ cuts: [{ frame: 25, sec: 1 }, { frame: 50, sec: 2 }] });
  });
});
