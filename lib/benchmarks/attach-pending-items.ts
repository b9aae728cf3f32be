import "server-only";
import { db } from "@/lib/db/prisma";
import { frameForTime, framesForItem } from "./frame-mapping";
import type { ImportIssue } from "./types";
import { allVideoKeys, normaliseRef, refBasename, refsWithSharedBasename, VideoRefIndex } from "./video-ref";
import { linkableVideos } from "./link-videos";
import { loadVideoTiming } from "./video-timing";

export type AttachResult = {
  /** Items now linked to the video. */
  attached: number;
  /** Query points and truth spans given frame indices. */
  queryPoints: number;
  spans: number;
  /** time_beyond_video, pts_unavailable, video_ambiguous. */
  warnings: ImportIssue[];
};

/**
 * Links the pending items (no video yet) whose videoRef names this video — by
 * `sourcePath` or `originalName`, rules of `video-ref.ts` (pending references that share
 * a file name across directories are not linked by file name) — and converts their query
 * points and truth spans to frame indices with the video's PTS sidecar. Call it when a
 * video becomes READY (upload or directory import). A reference that several library
 * videos match stays pending (warning `video_ambiguous`). Idempotent: linked items are
 * not pending any more. One transaction.
 */
export async function attachPendingItems(videoId: string): Promise<AttachResult> {
  const result: AttachResult = { attached: 0, queryPoints: 0, spans: 0, warnings: [] };
  const video = await db.video.findUnique({
    where: { id: videoId },
    select: { id: true, status: true, originalName: true, sourcePath: true, storageKey: true, ptsFile: true, durationSec: true },
  });
  if (!video || video.status !== "READY") return result;
  const name = refBasename(video.originalName);
  const byName = !video.sourcePath || !normaliseRef(video.sourcePath).includes("/");
  const candidates = await db.item.findMany({
    where: { videoId: null, OR: [{ videoRef: { in: allVideoKeys(video) } }, ...(byName ? [{ videoRef: { endsWith: `/${name}` } }] : [])] },
    select: {
      id: true,
      externalId: true,
      videoRef: true,
      queryPoints: { select: { id: true, timeSec: true } },
      spans: { where: { source: "TRUTH" }, select: { id: true, startSec: true, endSec: true } },
    },
  });
  if (candidates.length === 0) return result;
  // The reference must resolve to THIS video among all library videos (not an ambiguous or better match).
  const index = new VideoRefIndex(await linkableVideos());
  // Pending references with this file name in different directories: linking by name is unsafe.
  const shared = refsWithSharedBasename(new Set(candidates.map((c) => c.videoRef)));
  const mine = candidates.filter((c) => {
    const r = index.resolve(c.videoRef, { allowBasename: !shared.has(normaliseRef(c.videoRef)) });
    if (r.ambiguous.length > 0) {
      result.warnings.push({ code: "video_ambiguous", item_id: c.externalId, line: null, message: `video reference ${JSON.stringify(c.videoRef)} matches ${r.ambiguous.length} videos; the item stays unlinked` });
    }
    return r.video?.id === video.id;
  });
  if (mine.length === 0) return result;
  const timing = await loadVideoTiming(video);
  const videoName = video.sourcePath ?? video.originalName;
  await db.$transaction(
    async (tx) => {
      for (const item of mine) {
        const frames = framesForItem(
          { externalId: item.externalId, line: null, queryTimes: item.queryPoints.map((q) => q.timeSec), spans: item.spans },
          timing,
          videoName,
        );
        result.warnings.push(...frames.warnings);
        const linked = await tx.item.updateMany({ where: { id: item.id, videoId: null }, data: { videoId: video.id } });
        if (linked.count === 0) continue; // linked meanwhile
        result.attached += 1;
        for (const q of item.queryPoints) {
          await tx.queryPoint.update({ where: { id: q.id }, data: { frameIndex: frameForTime(timing, q.timeSec) } });
          result.queryPoints += 1;
        }
        for (const s of item.spans) {
          await tx.evidenceSpan.update({ where: { id: s.id }, data: { startFrame: frameForTime(timing, s.startSec), endFrame: frameForTime(timing, s.endSec) } });
          result.spans += 1;
        }
      }
    },
    { maxWait: 30_000, timeout: 5 * 60_000 },
  );
  return result;
}
