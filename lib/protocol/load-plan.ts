import "server-only";
import { db } from "@/lib/db/prisma";
import { fromSegmentationJson } from "./segmentation-json";
import { buildFreeRewatchPlan, buildStreamingPlan, PlanError, type PlanItemInput, type SessionPlan } from "./session-plan";

/**
 * The plan (ordered asks and segments) of a study's video. A study's items and segmentations are
 * frozen once it is opened, so plans are cached per process (keyed by study, video and
 * segmentation). Server-only: the plan holds item ids and file names that never reach a browser
 * as such.
 */

export type LoadedPlan = {
  plan: SessionPlan;
  /** Streaming: where the segments are (video storage key + segmentation directory key). */
  storageKey: string;
  dirKey: string | null;
  /** The browser-playable file inside the video's storage directory (the original when not transcoded). */
  playbackFile: string;
  mimeType: string;
};

const cache = new Map<string, LoadedPlan>();
const MAX_CACHED = 500;

export function forgetPlans(studyId?: string): void {
  for (const key of [...cache.keys()]) if (!studyId || key.startsWith(`${studyId}:`)) cache.delete(key);
}

export async function loadPlan(studyId: string, videoId: string, protocol: "STREAMING" | "FREE_REWATCH"): Promise<LoadedPlan> {
  const key = `${studyId}:${videoId}:${protocol}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const [video, studyItems, studyVideo] = await Promise.all([
    db.video.findUniqueOrThrow({
      where: { id: videoId },
      select: { storageKey: true, frameCount: true, playbackFile: true, originalFile: true, transcoded: true, mimeType: true },
    }),
    db.studyItem.findMany({
      where: { studyId, item: { videoId } },
      select: {
        attentionCheck: true,
        item: {
          select: {
            id: true,
            ordinal: true,
            format: true,
            queryPoints: { select: { id: true, ordinal: true, frameIndex: true }, orderBy: { ordinal: "asc" } },
          },
        },
      },
    }),
    protocol === "STREAMING"
      ? db.studyVideo.findFirst({
          where: { studyId, segmentation: { videoId } },
          select: { segmentation: { select: { id: true, dirKey: true, segments: true, status: true } } },
        })
      : Promise.resolve(null),
  ]);
  const items: PlanItemInput[] = studyItems.map((si) => ({
    itemId: si.item.id,
    itemOrdinal: si.item.ordinal,
    format: si.item.format,
    attentionCheck: si.attentionCheck,
    queryPoints: si.item.queryPoints.map((q) => {
      if (protocol === "STREAMING" && q.frameIndex === null) throw new PlanError(`query point ${q.id} has no frame index`);
      return { id: q.id, ordinal: q.ordinal, frame: q.frameIndex ?? -1 };
    }),
  }));
  let loaded: LoadedPlan;
  if (protocol === "STREAMING") {
    const seg = studyVideo?.segmentation;
    if (!seg || seg.status !== "READY") throw new PlanError("the video of this session is not segmented");
    loaded = {
      plan: buildStreamingPlan(items, fromSegmentationJson(seg.segments), video.frameCount),
      storageKey: video.storageKey,
      dirKey: seg.dirKey,
      playbackFile: video.transcoded ? video.playbackFile : video.originalFile,
      mimeType: video.mimeType,
    };
  } else {
    loaded = {
      plan: buildFreeRewatchPlan(items, video.frameCount),
      storageKey: video.storageKey,
      dirKey: null,
      playbackFile: video.transcoded ? video.playbackFile : video.originalFile,
      mimeType: video.mimeType,
    };
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, loaded);
  return loaded;
}
