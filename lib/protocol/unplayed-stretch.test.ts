import { describe, expect, it } from "vitest";
import type { PlanSegment } from "./session-plan";
import { unplayedStretch, type Stretch } from "./stretch";

const seg = (index: number, start: number, end: number): PlanSegment => ({
  index,
  startFrame: start * 30,
  endFrameExclusive: end * 30,
  startSec: start,
  endSec: end,
  mediaStartSec: start,
  mediaEndSec: end,
  file: `seg-${index}.m4s`,
});
const stretch: Stretch = { first: 2, last: 4, segments: [seg(2, 4, 6), seg(3, 6, 8), seg(4, 8, 9)], mediaStartSec: 4, durationSec: 5 };

describe("unplayedStretch", () => {
  it("keeps the whole stretch when nothing of it was served", () => {
    expect(unplayedStretch(stretch, null)).toEqual(stretch);
    expect(unplayedStretch(stretch, 1)).toEqual(stretch);
  });

  it("resumes after the last served segment", () => {
    const rest = unplayedStretch(stretch, 2);
    expect(rest.segments.map((s) => s.index)).toEqual([3, 4]);
    expect([rest.mediaStartSec, rest.durationSec]).toEqual([6, 3]);
  });

  it("is empty once the segment ending at the query point was served", () => {
    const rest = unplayedStretch(stretch, 4);
    expect(rest.segments).toEqual([]);
    expect(rest.durationSec).toBe(0);
  });
});
