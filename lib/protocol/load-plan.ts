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
/** Reads under way, by cache key: later callers wait for them. */
const inFlight = new Map<string, Promise<LoadedPlan | Error>>();
/** Bumped by forgetPlans: a read that began before is not cached. */
let plansGeneration = 0;

export function forgetPlans(studyId?: string): void {
  plansGeneration++;
  for (const key of [...cache.keys()]) if (!studyId || key.startsWith(`${studyId}:`)) cache.delete(key);
  for (const key of [...inFlight.keys()]) if (!studyId || key.startsWith(`${studyId}:`)) inFlight.delete(key);
}

export async function loadPlan(studyId: string, videoId: string, protocol: "STREAMING" | "FREE_REWATCH"): Promise<LoadedPlan> {
  const hit = cache.get(`${studyId}:${videoId}:${protocol}`);
  if (hit) return hit;
  const outcome = (await loadPlans(studyId, [videoId], protocol)).get(videoId)!;
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

type VideoRow = { id: string; storageKey: string; frameCount: number; playbackFile: string; originalFile: string; transcoded: boolean; mimeType: string };
type StudyItemRow = { attentionCheck: boolean; item: { id: string; ordinal: number; format: string; videoId: string | null; queryPoints: { id: string; ordinal: number; frameIndex: number | null }[] } };
type SegmentationRow = { id: string; videoId: string; dirKey: string | null; segments: unknown; status: string };

/**
 * The plans of several videos of a study in three queries (the study results page lists every
 * session's ask count): each video's plan, or the error `loadPlan` would throw for it (a missing
 * video, a query point without a frame index, a video not segmented). Plans found are cached as
 * `loadPlan` caches them; a plan already being read is waited for, not read again.
 */
export async function loadPlans(studyId: string, videoIds: readonly string[], protocol: "STREAMING" | "FREE_REWATCH"): Promise<Map<string, LoadedPlan | Error>> {
  const out = new Map<string, LoadedPlan | Error>();
  const waits: [string, Promise<LoadedPlan | Error>][] = [];
  const wanted: string[] = [];
  for (const id of new Set(videoIds)) {
    const key = `${studyId}:${id}:${protocol}`;
    const hit = cache.get(key);
    if (hit) out.set(id, hit);
    else if (inFlight.has(key)) waits.push([id, inFlight.get(key)!]);
    else wanted.push(id);
  }
  if (wanted.length) {
    // A launch: hundreds of participants ask for the same video's plan at once. One read per
    // video serves them all (the rest wait for it) instead of one read each.
    const generation = plansGeneration;
    const batch = readPlans(studyId, wanted, protocol).then(
      (plans) => {
        for (const [id, plan] of plans) {
          if (plan instanceof Error || generation !== plansGeneration) continue;
          if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
          cache.set(`${studyId}:${id}:${protocol}`, plan);
        }
        return plans;
      },
      (error: unknown) => new Map(wanted.map((id) => [id, error instanceof Error ? error : new Error(String(error))])),
    );
    for (const id of wanted) {
      const key = `${studyId}:${id}:${protocol}`;
      const one = batch.then((plans) => plans.get(id)!);
      inFlight.set(key, one);
      void one.finally(() => {
        if (inFlight.get(key) === one) inFlight.delete(key);
      });
      waits.push([id, one]);
    }
  }
  for (const [id, pending] of waits) out.set(id, await pending);
  return out;
}

/** Reads and builds the plans of `wanted` (none cached): each video's plan or its error. */
async function readPlans(studyId: string, wanted: string[], protocol: "STREAMING" | "FREE_REWATCH"): Promise<Map<string, LoadedPlan | Error>> {
  const out = new Map<string, LoadedPlan | Error>();
  const [videos, studyItems, studyVideos] = await Promise.all([
    db.video.findMany({
      where: { id: { in: wanted } },
      select: { id: true, storageKey: true, frameCount: true, playbackFile: true, originalFile: true, transcoded: true, mimeType: true },
    }),
    db.studyItem.findMany({
      where: { studyId, item: { videoId: { in: wanted } } },
      select: {
        attentionCheck: true,
        item: {
          select: {
            id: true,
            ordinal: true,
            format: true,
            videoId: true,
            // Not ordered here (Prisma splits an unordered relation query under SQLite's parameter limit): sorted below.
            queryPoints: { select: { id: true, ordinal: true, frameIndex: true } },
          },
        },
      },
    }),
    protocol === "STREAMING"
      ? db.studyVideo.findMany({
          where: { studyId, segmentation: { videoId: { in: wanted } } },
          select: { segmentation: { select: { id: true, videoId: true, dirKey: true, segments: true, status: true } } },
        })
      : Promise.resolve([]),
  ]);
  const videoById = new Map(videos.map((v) => [v.id, v]));
  const itemsByVideo = new Map<string, StudyItemRow[]>();
  for (const si of studyItems) {
    const list = itemsByVideo.get(si.item.videoId ?? "") ?? [];
    list.push(si);
    itemsByVideo.set(si.item.videoId ?? "", list);
  }
  // As findFirst did: the first study video whose segmentation is of this video.
  const segmentationOf = new Map<string, SegmentationRow>();
  for (const sv of studyVideos) if (!segmentationOf.has(sv.segmentation.videoId)) segmentationOf.set(sv.segmentation.videoId, sv.segmentation);
  for (const id of wanted) {
    const video = videoById.get(id);
    if (!video) {
      out.set(id, new Error(`No video ${id}.`));
      continue;
    }
    try {
      out.set(id, buildLoadedPlan(video, itemsByVideo.get(id) ?? [], segmentationOf.get(id) ?? null, protocol));
    } catch (error) {
      out.set(id, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return out;
}

function buildLoadedPlan(video: VideoRow, studyItems: readonly StudyItemRow[], seg: SegmentationRow | null, protocol: "STREAMING" | "FREE_REWATCH"): LoadedPlan {
  const items: PlanItemInput[] = studyItems.map((si) => ({
    itemId: si.item.id,
    itemOrdinal: si.item.ordinal,
    format: si.item.format,
    attentionCheck: si.attentionCheck,
    queryPoints: [...si.item.queryPoints].sort((a, b) => a.ordinal - b.ordinal).map((q) => {
      if (protocol === "STREAMING" && q.frameIndex === null) throw new PlanError(`query point ${q.id} has no frame index`);
      return { id: q.id, ordinal: q.ordinal, frame: q.frameIndex ?? -1 };
    }),
  }));
  const playbackFile = video.transcoded ? video.playbackFile : video.originalFile;
  if (protocol === "STREAMING") {
    if (!seg || seg.status !== "READY") throw new PlanError("the video of this session is not segmented");
    return {
      plan: buildStreamingPlan(items, fromSegmentationJson(seg.segments), video.frameCount),
      storageKey: video.storageKey,
      dirKey: seg.dirKey,
      playbackFile,
      mimeType: video.mimeType,
    };
  }
  return { plan: buildFreeRewatchPlan(items, video.frameCount), storageKey: video.storageKey, dirKey: null, playbackFile, mimeType: video.mimeType };
}
