import "server-only";
import { createHash } from "node:crypto";
import { audit } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { streamingCutTimes } from "@/lib/protocol/cut-times";
import { forgetPlans } from "@/lib/protocol/load-plan";
import { frameAtTime } from "@/lib/video/frame-time";
import { probeVideo } from "@/lib/video/probe-video";
import { planSegments } from "@/lib/video/segment-plan";
import { videoStorageKeys } from "@/lib/video/storage-paths";
import { mediaStorage } from "@/lib/storage/media-storage";
import { runJobNow } from "@/lib/jobs/run-now";
import { queueSegmenting } from "./segment-jobs";
import { PLATFORM_LABELS } from "./study-links";
import { missingCompletion, parseStudySettings } from "@/lib/protocol/study-settings";

/** Bump when the way a study's video is cut changes, so segmentations are made again. */
const SEGMENTATION_VERSION = 1;

export type OpenReport = { videos: { videoId: string; segments: number; reused: boolean; seconds: number }[] };

/**
 * Opens a study (DRAFT or CLOSED → OPEN). For a STREAMING study every video is segmented first
 * (lib/video segmentVideo, frame-exact) with a cut right after the frame of every query point of
 * every study item on it (lib/protocol/cut-times.ts), recorded as a Segmentation (shared by
 * studies with the same cuts) and a StudyVideo. Query points without a frame index get the frame
 * displayed at their time (QueryPoint.timeSec in the segmented file's timeline). The segmenting
 * is a job of the queue (lib/studies/segment-jobs.ts) that this request runs and waits for:
 * minutes for long videos; a crash mid-way leaves it to another instance, not PROCESSING forever.
 *
 * A crowd study (settings.crowdPlatforms) without a completion code or completion URL is refused
 * (409 `completion_missing`, naming the field) unless `confirmMissingCompletion` is set: its
 * workers would have no way to show the platform that they finished.
 */
export async function openStudy(studyId: string, actorId: string, options: { confirmMissingCompletion?: boolean } = {}): Promise<OpenReport> {
  const study = await db.study.findUnique({ where: { id: studyId }, select: { status: true, protocol: true, settings: true } });
  if (!study) throw new HttpError(404, "No such study.");
  if (study.status === "OPEN") throw new HttpError(409, "The study is already open.");
  const settings = parseStudySettings(study.settings);
  const items = await db.studyItem.findMany({
    where: { studyId },
    select: {
      item: {
        select: {
          id: true,
          externalId: true,
          videoId: true,
          queryPoints: { select: { id: true, ordinal: true, timeSec: true, frameIndex: true } },
        },
      },
    },
  });
  if (!items.length) throw new HttpError(409, "Add items to the study before opening it.");
  const missing = missingCompletion(settings);
  if (missing && !options.confirmMissingCompletion) {
    const platforms = settings.crowdPlatforms.map((p) => PLATFORM_LABELS[p]).join(" and ");
    throw new HttpError(
      409,
      `${missing}: this study recruits on ${platforms} but has no completion code and no completion URL (settings.redirectUrl), so its workers cannot show that they finished. Set one, or confirm opening without (confirmMissingCompletion: true).`,
      "completion_missing",
      { field: missing, platforms: settings.crowdPlatforms },
    );
  }
  const byVideo = new Map<string, typeof items>();
  for (const si of items) {
    if (!si.item.videoId) throw new HttpError(409, `Item ${si.item.externalId} has no video attached.`);
    byVideo.set(si.item.videoId, [...(byVideo.get(si.item.videoId) ?? []), si]);
  }
  const report: OpenReport = { videos: [] };
  for (const [videoId, videoItems] of byVideo) {
    const video = await db.video.findUniqueOrThrow({
      where: { id: videoId },
      select: { id: true, status: true, storageKey: true, transcoded: true, playbackFile: true, originalFile: true, originalName: true },
    });
    if (video.status !== "READY") throw new HttpError(409, `Video ${video.originalName} is not ready.`);
    if (study.protocol !== "STREAMING") continue;
    const started = performance.now();
    // ffmpeg reads a local file: the stored one itself, or a copy of the bucket's object (lib/storage).
    const inputKey = videoStorageKeys(video.storageKey).file(video.transcoded ? video.playbackFile : video.originalFile);
    const plan = await mediaStorage().withLocalFile(inputKey, async (input) => {
      const table = (await probeVideo(input)).ptsTable;
      const frames: number[] = [];
      for (const si of videoItems) {
        for (const qp of si.item.queryPoints) {
          let frame = qp.frameIndex;
          if (frame === null) {
            frame = frameAtTime(table, qp.timeSec);
            if (frame === null) throw new HttpError(409, `Item ${si.item.externalId}: query point ${qp.ordinal} has no frame.`);
            await db.queryPoint.update({ where: { id: qp.id }, data: { frameIndex: frame } });
          }
          if (frame < 0 || frame >= table.pts.length) {
            throw new HttpError(409, `Item ${si.item.externalId}: query point ${qp.ordinal} is outside the video.`);
          }
          frames.push(frame);
        }
      }
      const times = streamingCutTimes(table, frames, settings.segmentSeconds);
      return { times, cutFrames: planSegments(table, times).cutFrames };
    });
    const cutsHash = createHash("sha256").update(JSON.stringify({ v: SEGMENTATION_VERSION, cutFrames: plan.cutFrames })).digest("hex");
    let seg = await db.segmentation.findUnique({ where: { videoId_cutsHash: { videoId, cutsHash } }, select: { id: true, status: true, segments: true } });
    let reused = true;
    if (!seg || seg.status !== "READY") {
      reused = false;
      seg = await db.segmentation.upsert({
        where: { videoId_cutsHash: { videoId, cutsHash } },
        create: { videoId, cutsHash, dirKey: cutsHash, segments: [], status: "PROCESSING" },
        update: { status: "PROCESSING" },
        select: { id: true, status: true, segments: true },
      });
      const job = await queueSegmenting(seg.id, plan.times, video.originalName);
      const settled = await runJobNow(job.id);
      if (settled.state === "FAILED" || settled.state === "QUEUED") {
        const again = settled.state === "QUEUED" ? "; it is retried in the background: open the study again in a while" : "";
        throw new HttpError(500, `Segmenting video ${video.originalName} failed: ${settled.message ?? "see /admin/jobs"}${again}.`, "segmentation_failed", { jobId: job.id });
      }
      if (settled.state !== "SUCCEEDED") {
        throw new HttpError(409, `Segmenting video ${video.originalName} is still running (job ${job.id}); open the study again when it is done.`, "segmentation_running", { jobId: job.id });
      }
      seg = await db.segmentation.findUniqueOrThrow({ where: { id: seg.id }, select: { id: true, status: true, segments: true } });
    }
    await db.studyVideo.upsert({
      where: { studyId_segmentationId: { studyId, segmentationId: seg.id } },
      create: { studyId, segmentationId: seg.id },
      update: {},
    });
    report.videos.push({
      videoId,
      segments: Array.isArray(seg.segments) ? seg.segments.length : 0,
      reused,
      seconds: (performance.now() - started) / 1000,
    });
  }
  await db.study.update({ where: { id: studyId }, data: { status: "OPEN" } });
  forgetPlans(studyId);
  await audit({ actorId, action: "study.open", targetType: "Study", targetId: studyId, details: { videos: report.videos.length } });
  return report;
}
