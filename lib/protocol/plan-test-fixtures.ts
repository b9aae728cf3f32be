/**
 * A small streaming plan for unit tests of the protocol (PURE): 10 segments of 10 frames (1 s
 * each); item a asks at frames 19 (ends segment 1) and 49 (segment 4), item b at frame 49 too
 * (a second question at the same frame), item c at the end of the video.
 */
import { buildStreamingPlan, type PlanSegment, type SessionPlan } from "./session-plan";

export function tenSegmentPlan(): SessionPlan {
  const segments: PlanSegment[] = Array.from({ length: 10 }, (_, i) => ({
    index: i,
    startFrame: i * 10,
    endFrameExclusive: i * 10 + 10,
    startSec: i,
    endSec: i + 1,
    mediaStartSec: i,
    mediaEndSec: i + 1,
    file: `seg-${i}.m4s`,
  }));
  return buildStreamingPlan(
    [
      { itemId: "a", itemOrdinal: 0, format: "count", attentionCheck: false, queryPoints: [{ id: "qa0", ordinal: 0, frame: 19 }, { id: "qa1", ordinal: 1, frame: 49 }] },
      { itemId: "b", itemOrdinal: 1, format: "count", attentionCheck: false, queryPoints: [{ id: "qb0", ordinal: 0, frame: 49 }] },
      { itemId: "c", itemOrdinal: 2, format: "mcq_4", attentionCheck: false, queryPoints: [] },
    ],
    segments,
    100,
  );
}
