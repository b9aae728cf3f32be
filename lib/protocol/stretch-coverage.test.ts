import { describe, expect, it } from "vitest";
import { lostToRestart, stretchCoverage, type ServedSegment } from "./stretch-coverage";

describe("stretchCoverage", () => {
  const stretch = { first: 2, last: 5 };

  it("is full when every segment of the stretch was served, or the stretch is empty", () => {
    expect(stretchCoverage(stretch, [2, 3, 4, 5])).toEqual({ kind: "full" });
    expect(stretchCoverage(stretch, [1, 2, 3, 4, 5])).toEqual({ kind: "full" });
    expect(stretchCoverage({ first: 3, last: 2 }, [])).toEqual({ kind: "full" });
  });

  it("is pending (may still be served) while the segment ending at the query point was not served", () => {
    expect(stretchCoverage(stretch, [])).toEqual({ kind: "pending", unserved: [2, 3, 4, 5] });
    expect(stretchCoverage(stretch, [2, 3])).toEqual({ kind: "pending", unserved: [4, 5] });
    // a gap and an unserved tail: the tail can still come, so not yet decided
    expect(stretchCoverage(stretch, [3])).toEqual({ kind: "pending", unserved: [2, 4, 5] });
  });

  it("is lost when the last segment was served but an earlier one never was (it never can be)", () => {
    expect(stretchCoverage(stretch, [5])).toEqual({ kind: "lost", missing: [2, 3, 4] });
    expect(stretchCoverage(stretch, [2, 4, 5])).toEqual({ kind: "lost", missing: [3] });
  });
});

describe("lostToRestart", () => {
  // Segments of 2 s from media time 10 s; rate 1.
  const seg = (index: number, atSec: number): ServedSegment => ({ index, at: atSec * 1000, mediaStartSec: 10 + 2 * (index - 2), mediaEndSec: 12 + 2 * (index - 2) });

  it("a reload at the pause (everything served could have been shown) loses nothing", () => {
    expect(lostToRestart([seg(2, 0), seg(3, 0.1), seg(4, 0.2)], [6.5 * 1000], 1)).toBe(false);
    expect(lostToRestart([seg(2, 0), seg(3, 0.1)], [], 1)).toBe(false);
    // restarts before anything was served (the page opened, the playlist requested) do not count
    expect(lostToRestart([seg(2, 5), seg(3, 5.1)], [1000, 4000], 1)).toBe(false);
  });

  it("a reload while buffered video had not been shown yet loses it", () => {
    // 6 s of media served within 0.2 s; reloaded 2 s later: at most 2 s could have been shown
    expect(lostToRestart([seg(2, 0), seg(3, 0.1), seg(4, 0.2)], [2000], 1)).toBe(true);
    // at rate 4 the same 2 s would have shown 8 s: nothing lost
    expect(lostToRestart([seg(2, 0), seg(3, 0.1), seg(4, 0.2)], [2000], 4)).toBe(false);
  });

  it("judges each run separately: a reload that resumed after what was shown loses nothing more", () => {
    // run 1: segment 2 (2 s) served at 0, reload at 2.5 s (shown); run 2: segments 3, 4 from 3 s, reload at 4 s
    expect(lostToRestart([seg(2, 0), seg(3, 3), seg(4, 3.1)], [2500], 1)).toBe(false);
    expect(lostToRestart([seg(2, 0), seg(3, 3), seg(4, 3.1)], [2500, 4000], 1)).toBe(true);
  });
});
