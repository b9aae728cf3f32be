import "server-only";
import { db } from "@/lib/db/prisma";
import { framesForItem, type VideoTiming } from "./frame-mapping";
import { issue } from "./issues";
import type { ImportIssue, NormalisedItem } from "./types";
import { refsWithSharedBasename, VideoRefIndex, normaliseRef } from "./video-ref";
import { loadVideoTiming } from "./video-timing";

export type LinkableVideo = { id: string; originalName: string; sourcePath: string | null; storageKey: string; ptsFile: string; durationSec: number };

/** A resolved link of an item to a library video, with the video's timing for frame indices. */
export type ItemLink = { videoId: string; videoName: string; timing: VideoTiming };

const videoSelect = { id: true, originalName: true, sourcePath: true, storageKey: true, ptsFile: true, durationSec: true } as const;

/** READY videos of the library (the ones items may link to). */
export async function linkableVideos(): Promise<LinkableVideo[]> {
  return db.video.findMany({ where: { status: "READY" }, select: videoSelect });
}

/**
 * Resolves every item's videoRef against the library (lib/benchmarks/video-ref.ts rules),
 * reads the PTS tables of the videos found, and reports `video_ambiguous` (one reference,
 * several videos), `time_beyond_video` and `pts_unavailable`. Items whose video is not in
 * the library yet get no link (pending; `attachPendingItems` links them when it arrives).
 */
export async function resolveVideoLinks(
  items: readonly NormalisedItem[],
  videos: readonly LinkableVideo[],
): Promise<{ links: Map<string, ItemLink>; warnings: ImportIssue[]; videosLinked: number }> {
  const index = new VideoRefIndex(videos);
  const shared = refsWithSharedBasename(items.map((i) => i.videoRef));
  const byRef = new Map<string, LinkableVideo | null>();
  const warnings: ImportIssue[] = [];
  for (const it of items) {
    if (byRef.has(it.videoRef)) continue;
    const r = index.resolve(it.videoRef, { allowBasename: !shared.has(normaliseRef(it.videoRef)) });
    byRef.set(it.videoRef, r.video);
    if (r.ambiguous.length > 0) {
      warnings.push(
        issue("video_ambiguous", `video reference ${JSON.stringify(it.videoRef)} matches ${r.ambiguous.length} videos (${r.ambiguous.map((v) => v.sourcePath ?? v.originalName).slice(0, 5).join(", ")}); the items stay unlinked`, {
          item_id: it.externalId,
          line: it.line,
        }),
      );
    }
  }
  const needed = [...new Set([...byRef.values()].filter((v): v is LinkableVideo => v !== null))];
  const timings = new Map<string, VideoTiming>();
  for (const v of needed) timings.set(v.id, await loadVideoTiming(v));
  const links = new Map<string, ItemLink>();
  for (const it of items) {
    const v = byRef.get(it.videoRef);
    if (!v) continue;
    const link: ItemLink = { videoId: v.id, videoName: v.sourcePath ?? v.originalName, timing: timings.get(v.id)! };
    links.set(it.externalId, link);
    const times = { externalId: it.externalId, line: it.line, queryTimes: it.queryPoints.map((q) => q.timeSec), spans: it.truthSpans };
    warnings.push(...framesForItem(times, link.timing, link.videoName).warnings);
  }
  return { links, warnings, videosLinked: needed.length };
}
