/**
 * The ordered list of questions ("asks") of a baseline session and the HLS segments they
 * release (PURE: no Node, no Prisma; shared by server code and tests).
 *
 * Streaming protocol: a video is cut (lib/video/segment-video) right AFTER the frame displayed at
 * every query point of every study item on it, so the segment ending at a query point ends with
 * exactly the frame the question is about. Each query point is one ask (answer key
 * `<itemId>#<ordinal>`); an item without query points is asked once at the end of the video
 * (answer key `<itemId>`). Asks are ordered by frame, then item ordinal, then query-point ordinal;
 * `endSegment` (the last segment released for an ask) never decreases along the list.
 *
 * Free-rewatch protocol: the whole video is available; asks follow item ordinal (then query-point
 * ordinal) and `endSegment` is -1.
 */

export type ProtocolName = "STREAMING" | "FREE_REWATCH";

/** A segment of the study's segmentation, as stored in `Segmentation.segments`. */
export type PlanSegment = {
  index: number;
  startFrame: number;
  endFrameExclusive: number;
  /** Presentation times (seconds) in the segmented file's timeline. */
  startSec: number;
  endSec: number;
  /** Times in the HLS timeline (presentation time minus the segmenter's media time offset). */
  mediaStartSec: number;
  mediaEndSec: number;
  /** Generated file name inside the segmentation directory (never sent to a browser). */
  file: string;
};

export type PlanItemInput = {
  itemId: string;
  itemOrdinal: number;
  format: string;
  attentionCheck: boolean;
  /** Query points with the frame displayed at their time (frame of the segmented file). */
  queryPoints: { id: string; ordinal: number; frame: number }[];
};

export type Ask = {
  index: number;
  itemId: string;
  queryPointId: string | null;
  queryPointOrdinal: number | null;
  /** `<itemId>` or `<itemId>#<ordinal>`: one stored answer per key and session. */
  answerKey: string;
  /** Frame the question is about (last frame released); null for free-rewatch asks without a query point. */
  frame: number | null;
  /** Last segment released when this ask is unlocked (-1 for free rewatch). */
  endSegment: number;
  attentionCheck: boolean;
  format: string;
};

export type SessionPlan = {
  protocol: ProtocolName;
  asks: Ask[];
  /** Streaming only (empty for free rewatch). */
  segments: PlanSegment[];
  frameCount: number;
};

export function answerKeyOf(itemId: string, queryPointOrdinal: number | null): string {
  return queryPointOrdinal === null ? itemId : `${itemId}#${queryPointOrdinal}`;
}

export class PlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlanError";
  }
}

/** The segment whose last frame is `frame` (the cut after it), or the last segment at the video's end. */
export function segmentEndingAtFrame(segments: readonly PlanSegment[], frame: number, frameCount: number): number {
  if (!Number.isInteger(frame) || frame < 0 || frame >= frameCount) {
    throw new PlanError(`frame ${frame} is outside the video (0..${frameCount - 1})`);
  }
  const found = segments.find((s) => s.endFrameExclusive === frame + 1);
  if (!found) throw new PlanError(`the segmentation has no cut after frame ${frame}`);
  return found.index;
}

export function buildStreamingPlan(
  items: readonly PlanItemInput[],
  segments: readonly PlanSegment[],
  frameCount: number,
): SessionPlan {
  if (segments.length === 0) throw new PlanError("the segmentation has no segments");
  const sorted = [...segments].sort((a, b) => a.index - b.index);
  sorted.forEach((s, i) => {
    if (s.index !== i) throw new PlanError(`segment indices are not 0..${sorted.length - 1}`);
  });
  const raw: Omit<Ask, "index">[] = [];
  for (const item of items) {
    if (item.queryPoints.length === 0) {
      raw.push({
        itemId: item.itemId,
        queryPointId: null,
        queryPointOrdinal: null,
        answerKey: answerKeyOf(item.itemId, null),
        frame: frameCount - 1,
        endSegment: sorted.length - 1,
        attentionCheck: item.attentionCheck,
        format: item.format,
      });
      continue;
    }
    for (const qp of item.queryPoints) {
      raw.push({
        itemId: item.itemId,
        queryPointId: qp.id,
        queryPointOrdinal: qp.ordinal,
        answerKey: answerKeyOf(item.itemId, qp.ordinal),
        frame: qp.frame,
        endSegment: segmentEndingAtFrame(sorted, qp.frame, frameCount),
        attentionCheck: item.attentionCheck,
        format: item.format,
      });
    }
  }
  const ordinal = new Map(items.map((i) => [i.itemId, i.itemOrdinal]));
  raw.sort(
    (a, b) =>
      (a.frame ?? 0) - (b.frame ?? 0) ||
      (ordinal.get(a.itemId) ?? 0) - (ordinal.get(b.itemId) ?? 0) ||
      a.itemId.localeCompare(b.itemId) ||
      (a.queryPointOrdinal ?? -1) - (b.queryPointOrdinal ?? -1),
  );
  return { protocol: "STREAMING", asks: raw.map((a, index) => ({ ...a, index })), segments: sorted, frameCount };
}

export function buildFreeRewatchPlan(items: readonly PlanItemInput[], frameCount: number): SessionPlan {
  const sorted = [...items].sort((a, b) => a.itemOrdinal - b.itemOrdinal || a.itemId.localeCompare(b.itemId));
  const asks: Ask[] = [];
  for (const item of sorted) {
    const qps = [...item.queryPoints].sort((a, b) => a.ordinal - b.ordinal);
    const entries = qps.length ? qps.map((q) => ({ q })) : [{ q: null }];
    for (const { q } of entries) {
      asks.push({
        index: asks.length,
        itemId: item.itemId,
        queryPointId: q?.id ?? null,
        queryPointOrdinal: q?.ordinal ?? null,
        answerKey: answerKeyOf(item.itemId, q?.ordinal ?? null),
        frame: q?.frame ?? null,
        endSegment: -1,
        attentionCheck: item.attentionCheck,
        format: item.format,
      });
    }
  }
  return { protocol: "FREE_REWATCH", asks, segments: [], frameCount };
}
