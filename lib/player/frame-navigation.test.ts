import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { PtsTable } from "@/lib/video/pts-table";
import { browserSeekTimeForFrame, frameAtBrowserTime, readoutForFrame, stepFrame } from "./frame-navigation";

// 4 frames at 30 fps then 3 at 15 fps, 1/90000 time base (variable frame rate).
const vfr: PtsTable = { timeBase: { num: 1, den: 90000 }, pts: [0, 3000, 6000, 9000, 12000, 18000, 24000], endPts: 30000 };

describe("frame navigation", () => {
  it("seeks strictly inside each frame and reads the same frame back", () => {
    for (let i = 0; i < vfr.pts.length; i++) {
      const t = browserSeekTimeForFrame(vfr, i);
      expect(frameAtBrowserTime(vfr, t)).toBe(i);
      // also a Chromium-style microsecond rounding of the frame's own start time
      expect(frameAtBrowserTime(vfr, Math.floor((vfr.pts[i] / 90000) * 1e6) / 1e6)).toBe(i);
    }
  });

  it("clamps steps to the video", () => {
    expect(stepFrame(vfr, 0, -1)).toBe(0);
    expect(stepFrame(vfr, 5, 10)).toBe(6);
    expect(stepFrame(vfr, 3, 1)).toBe(4);
  });

  it("shows original-timeline PTS (offset added) and a VFR-aware timecode", () => {
    expect(readoutForFrame(vfr, 5, 2.5)).toEqual({ frameIndex: 5, pts: 0.2 + 2.5, timecode: "00:00:00:05" });
  });

  it("stepping forward then back returns to the same frame (away from the ends)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: -10, max: 10 }), (i, d) => {
        const j = stepFrame(vfr, i, d);
        if (j === i + d) expect(stepFrame(vfr, j, -d)).toBe(i);
        expect(frameAtBrowserTime(vfr, browserSeekTimeForFrame(vfr, j))).toBe(j);
      }),
    );
  });
});
