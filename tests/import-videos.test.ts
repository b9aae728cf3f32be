import { db } from "@/tests/support/test-db";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { attachPendingItems } from "@/lib/benchmarks/attach-pending-items";
import { importBenchmarkFile } from "@/lib/benchmarks/import-project";
import { mediaStorage } from "@/lib/storage/media-storage";
import { encodePtsTable } from "@/lib/video/pts-table";
import { videoStorageKeys } from "@/lib/video/storage-paths";

// Imports of whole files (and CLI runs) on a loaded machine can take a while.
vi.setConfig({ testTimeout: 300_000 });

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures/import", name);

/** A READY library video with a constant-rate PTS sidecar (time base 1/fps·1000). */
async function addVideo(opts: { originalName: string; sourcePath?: string; seconds: number; fps: number; firstPtsSec?: number; sidecar?: boolean }) {
  const storageKey = randomUUID();
  const frames = Math.round(opts.seconds * opts.fps);
  const den = opts.fps * 1000;
  const first = Math.round((opts.firstPtsSec ?? 0) * den);
  const table = { timeBase: { num: 1, den }, pts: Array.from({ length: frames }, (_, i) => first + i * 1000), endPts: first + frames * 1000 };
  if (opts.sidecar !== false) await mediaStorage().put(videoStorageKeys(storageKey).playbackPtsTable, encodePtsTable(table));
  return db.video.create({
    data: {
      sha256: randomUUID().replace(/-/g, "").padEnd(64, "0"),
      originalName: opts.originalName,
      sourcePath: opts.sourcePath ?? null,
      storageKey,
      originalFile: "original.mp4",
      playbackFile: "original.mp4",
      sizeBytes: BigInt(1000),
      mimeType: "video/mp4",
      container: "mov,mp4",
      videoCodec: "h264",
      width: 320,
      height: 240,
      durationSec: opts.seconds,
      avgFrameRate: `${opts.fps}/1`,
      nominalFrameRate: `${opts.fps}/1`,
      frameCount: frames,
      firstPtsSec: opts.firstPtsSec ?? 0,
      timeBase: `1/${den}`,
      variableFrameRate: false,
      ptsFile: "playback-pts.bin",
    },
  });
}

const itemOf = (project: string, externalId: string) =>
  db.item.findFirstOrThrow({
    where: { externalId, project: { name: project } },
    include: { queryPoints: { orderBy: { ordinal: "asc" } }, spans: { orderBy: { startSec: "asc" } } },
  });

describe("linking items to library videos", () => {
  it("links at import by source path and converts query times to frames, warning past the end", async () => {
    const video = await addVideo({ originalName: "09c1414f1b.mp4", sourcePath: "scannetpp/09c1414f1b.mp4", seconds: 100, fps: 10 });
    const out = await importBenchmarkFile({ kind: "VCBENCH", file: fixture("vcbench_data.jsonl"), projectName: "vc" });
    expect(out.errors).toEqual([]);
    expect(out.videos_linked).toBe(1);
    const delta = await itemOf("vc", "0081");
    expect(delta.videoId).toBe(video.id);
    expect(delta.queryPoints.map((q) => [q.timeSec, q.frameIndex])).toEqual([[25, 250]]);
    const unique = await itemOf("vc", "0179");
    expect(unique.queryPoints.map((q) => q.frameIndex)).toEqual([10, 218, 999]);
    const beyond = out.warnings.filter((w) => w.code === "time_beyond_video");
    expect(beyond.map((w) => w.item_id)).toEqual(["0179"]);
    expect(beyond[0].message).toMatch(/168\.7/);
    expect((await itemOf("vc", "0000")).videoId).toBeNull();
  });

  it("attaches pending items when their video arrives, by original name, on a file whose first frame is not at 0", async () => {
    const video = await addVideo({ originalName: "-FZTi5EfPSQ.mp4", seconds: 900, fps: 25, firstPtsSec: 2.5 });
    const res = await attachPendingItems(video.id);
    const ids = (await db.item.findMany({ where: { videoId: video.id }, select: { externalId: true } })).map((i) => i.externalId).sort();
    expect(ids).toEqual(["0000", "0546"]);
    expect(res.attached).toBe(2);
    const snap = await itemOf("vc", "0000");
    expect(snap.queryPoints.map((q) => q.frameIndex)).toEqual([16575, 16632, 20742]);
    expect(res.warnings).toEqual([]);
    // idempotent
    expect((await attachPendingItems(video.id)).attached).toBe(0);
  });

  it("re-importing after a video arrived changes no content", async () => {
    const before = await db.item.findMany({ where: { project: { name: "vc" } }, select: { id: true, version: true } });
    const out = await importBenchmarkFile({ kind: "VCBENCH", file: fixture("vcbench_data.jsonl"), projectName: "vc" });
    expect(out).toMatchObject({ created: 0, updated: 0, unchanged: 11 });
    expect(await db.item.findMany({ where: { project: { name: "vc" } }, select: { id: true, version: true } })).toEqual(before);
  });

  it("matches extension-less ids to file names, fills span frames, and leaves ambiguous names pending", async () => {
    const v1 = await addVideo({ originalName: "1.mp4", seconds: 3600, fps: 1 });
    await addVideo({ originalName: "2.mp4", seconds: 60, fps: 1 });
    await addVideo({ originalName: "2.mkv", seconds: 60, fps: 1 });
    const out = await importBenchmarkFile({ kind: "ECBENCH", file: fixture("ec_dataset.csv"), projectName: "ec" });
    expect(out.errors).toEqual([]);
    const q1 = await itemOf("ec", "1");
    expect(q1.videoId).toBe(v1.id);
    expect(q1.spans.map((s) => [s.startSec, s.endSec, s.startFrame, s.endFrame])).toEqual([
      [199, 203, 199, 203],
      [2698, 2699, 2698, 2699],
    ]);
    expect((await itemOf("ec", "13")).videoId).toBeNull();
    expect(out.warnings.filter((w) => w.code === "video_ambiguous").map((w) => w.item_id)).toEqual(["13"]);
  });

  it("reports a missing PTS sidecar and leaves frames empty", async () => {
    const video = await addVideo({ originalName: "ego4d_garage_07.mp4", sourcePath: "ego4d/garage_07.mp4", seconds: 10, fps: 1, sidecar: false });
    const out = await importBenchmarkFile({ kind: "VSAS", file: fixture("vsas_tasks.jsonl"), projectName: "vsas" });
    expect(out.errors).toEqual([]);
    expect(out.warnings.filter((w) => w.code === "pts_unavailable").map((w) => w.item_id)).toEqual(["3"]);
    expect((await itemOf("vsas", "3")).videoId).toBe(video.id);
  });
});
