import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  browserTimeFromPts,
  durationOf,
  firstPtsSeconds,
  formatCfrTimecode,
  formatClockTime,
  formatFrameTimecode,
  frameAtTime,
  frameDuration,
  ptsFromBrowserTime,
  sameFrameTiming,
  seekTimeForFrame,
  timeOfFrame,
} from "./frame-time";
import type { PtsTable } from "./pts-table";

const tb = { num: 1, den: 90000 };
const cfr30: PtsTable = { timeBase: tb, pts: Array.from({ length: 300 }, (_, i) => i * 3000), endPts: 900000 };
// 2 frames at 30 fps, 2 at 15 fps, 3 at 60 fps
const vfrPts = [0, 3000, 6000, 12000, 18000, 19500, 21000];
const vfr: PtsTable = { timeBase: tb, pts: vfrPts, endPts: 22500 };
// 25 fps starting at 2.5 s
const offset: PtsTable = { timeBase: tb, pts: Array.from({ length: 250 }, (_, i) => 225000 + i * 3600), endPts: 1125000 };

describe("frame <-> time", () => {
  it("gives frame start times and durations", () => {
    expect(timeOfFrame(cfr30, 0)).toBe(0);
    expect(timeOfFrame(cfr30, 30)).toBe(1);
    expect(timeOfFrame(offset, 0)).toBe(2.5);
    expect(frameDuration(vfr, 2)).toBeCloseTo(1 / 15, 12);
    expect(frameDuration(vfr, 6)).toBeCloseTo(1 / 60, 12);
    expect(firstPtsSeconds(offset)).toBe(2.5);
    expect(durationOf(offset)).toBe(10);
    expect(() => timeOfFrame(cfr30, 300)).toThrow(RangeError);
    expect(() => timeOfFrame(cfr30, -1)).toThrow(RangeError);
  });

  it("finds the frame displayed at a time", () => {
    expect(frameAtTime(cfr30, 0)).toBe(0);
    expect(frameAtTime(cfr30, 1)).toBe(30);
    expect(frameAtTime(cfr30, 1.033)).toBe(30);
    expect(frameAtTime(cfr30, 0.999999)).toBe(30); // within epsilon of frame 30's start
    expect(frameAtTime(cfr30, 0.99)).toBe(29);
    expect(frameAtTime(vfr, 0.1)).toBe(2);
    expect(frameAtTime(vfr, 0.2)).toBe(4);
    expect(frameAtTime(vfr, 0.22)).toBe(5);
    expect(frameAtTime(offset, 2.5)).toBe(0);
    expect(frameAtTime(offset, 2.54)).toBe(1);
    expect(frameAtTime(offset, 0)).toBe(0); // before the first frame: the first frame
    expect(frameAtTime(offset, 99)).toBe(249); // after the end: the last frame
    expect(frameAtTime({ timeBase: tb, pts: [], endPts: 0 }, 1)).toBeNull();
    expect(frameAtTime(cfr30, Number.NaN)).toBeNull();
  });

  it("honours epsilon (Chromium reports microseconds)", () => {
    const t = timeOfFrame(cfr30, 1); // 0.0333...
    expect(frameAtTime(cfr30, 0.033333, 0)).toBe(0);
    expect(frameAtTime(cfr30, 0.033333)).toBe(1);
    expect(frameAtTime(cfr30, t - 0.0002)).toBe(0);
  });

  it("seek target lies strictly inside the frame and maps back to it (property)", () => {
    for (const table of [cfr30, vfr, offset]) {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: table.pts.length - 1 }), (i) => {
          const s = seekTimeForFrame(table, i);
          expect(s).toBeGreaterThan(timeOfFrame(table, i));
          expect(frameAtTime(table, s)).toBe(i);
          // a player rounding to microseconds still lands on the frame
          expect(frameAtTime(table, Math.round(s * 1e6) / 1e6)).toBe(i);
        }),
      );
    }
    expect(seekTimeForFrame(offset, 0)).toBeCloseTo(2.52, 12);
  });

  it("seeks into a long VFR frame no further than half the shortest frame (Chromium drops frames by average duration)", () => {
    // frame 3 lasts 1/15 s; the shortest frames last 1/60 s (1500 ticks)
    expect(seekTimeForFrame(vfr, 3)).toBeCloseTo((12000 + 750) / 90000, 12);
    expect(seekTimeForFrame(vfr, 0)).toBeCloseTo(750 / 90000, 12);
    expect(seekTimeForFrame(vfr, 6)).toBeCloseTo((21000 + 750) / 90000, 12);
    // constant rate: the middle of the frame
    expect(seekTimeForFrame(cfr30, 10)).toBeCloseTo(10.5 / 30, 12);
  });

  it("converts between presentation and browser time", () => {
    expect(browserTimeFromPts(7.5, 2.5)).toBe(5);
    expect(ptsFromBrowserTime(5, 2.5)).toBe(7.5);
    expect(browserTimeFromPts(3, 0)).toBe(3);
  });

  it("detects same timing up to a shift", () => {
    const shifted: PtsTable = { timeBase: tb, pts: offset.pts.map((p) => p - 225000), endPts: 900000 };
    expect(sameFrameTiming(offset, shifted)).toBe(true);
    const ms: PtsTable = { timeBase: { num: 1, den: 1000 }, pts: offset.pts.map((p) => (p - 225000) / 90), endPts: 10000 };
    expect(sameFrameTiming(offset, ms)).toBe(true);
    expect(sameFrameTiming(offset, cfr30)).toBe(false);
    expect(sameFrameTiming(vfr, { ...vfr, pts: [0, 3000, 6000, 12000, 18000, 19500, 21500] })).toBe(false);
  });
});

describe("timecodes", () => {
  it("formats clock times", () => {
    expect(formatClockTime(0)).toBe("00:00:00.000");
    expect(formatClockTime(3661.5)).toBe("01:01:01.500");
    expect(formatClockTime(59.9996)).toBe("00:01:00.000");
    expect(formatClockTime(1 / 30)).toBe("00:00:00.033");
    expect(formatClockTime(-2.5)).toBe("-00:00:02.500");
    expect(formatClockTime(Number.NaN)).toBe("--:--:--.---");
  });

  it("formats frame timecodes for constant and variable rates", () => {
    expect(formatFrameTimecode(cfr30, 0)).toBe("00:00:00:00");
    expect(formatFrameTimecode(cfr30, 29)).toBe("00:00:00:29");
    expect(formatFrameTimecode(cfr30, 45)).toBe("00:00:01:15");
    expect(formatFrameTimecode(offset, 25)).toBe("00:00:01:00"); // measured from the first frame
    const vfrSeconds: PtsTable = { timeBase: { num: 1, den: 60 }, pts: [0, 30, 60, 70, 80, 90, 120], endPts: 130 };
    expect(vfrSeconds.pts.map((_, i) => formatFrameTimecode(vfrSeconds, i))).toEqual([
      "00:00:00:00", "00:00:00:01", "00:00:01:00", "00:00:01:01", "00:00:01:02", "00:00:01:03", "00:00:02:00",
    ]);
    const long: PtsTable = { timeBase: { num: 1, den: 1 }, pts: [0, 3725], endPts: 3726 };
    expect(formatFrameTimecode(long, 1)).toBe("01:02:05:00");
  });

  it("formats nominal-rate timecodes", () => {
    expect(formatCfrTimecode(0, 30)).toBe("00:00:00:00");
    expect(formatCfrTimecode(30 * 3600 + 31, 30)).toBe("01:00:01:01");
    expect(formatCfrTimecode(59, 29.97)).toBe("00:00:01:29");
    expect(() => formatCfrTimecode(-1, 30)).toThrow(RangeError);
  });
});
