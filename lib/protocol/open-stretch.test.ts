import { describe, expect, it } from "vitest";
import { buildStreamingPlan, type PlanSegment } from "./session-plan";
import { openStretch } from "./stretch";

/** 10 segments of 10 frames; query points at frames 19 (ends segment 1), 49 (segment 4) twice, and the end. */
function plan() {
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
const at = (unlockedIndex: number, status = "ACTIVE") => ({ status, unlockedIndex, answeredIndex: unlockedIndex - 1 });

describe("openStretch: is there a stretch to play, and which", () => {
  it("gives the ask the participant is at and its whole stretch", () => {
    const p = plan();
    const first = openStretch(p, at(0));
    expect(first?.askIndex).toBe(0);
    expect(first?.stretch.segments.map((s) => s.index)).toEqual([0, 1]);
    const second = openStretch(p, at(1));
    expect(second?.askIndex).toBe(1);
    expect(second?.stretch.segments.map((s) => s.index)).toEqual([2, 3, 4]);
    expect(openStretch(p, at(3))?.stretch.segments.map((s) => s.index)).toEqual([5, 6, 7, 8, 9]);
  });

  it("gives an empty stretch, not none, for a second question at the same frame (answered without video)", () => {
    const same = openStretch(plan(), at(2));
    expect(same?.askIndex).toBe(2);
    expect(same?.stretch.segments).toEqual([]);
  });

  it("gives none once every ask is answered, or the session is not active", () => {
    const p = plan();
    expect(openStretch(p, at(4))).toBeNull();
    for (const status of ["COMPLETED", "ABANDONED", "EXPIRED"]) expect(openStretch(p, at(1, status))).toBeNull();
  });
});
