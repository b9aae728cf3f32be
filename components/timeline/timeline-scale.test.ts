import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatClock, packLanes, tickStep, tickTimes, timelineDuration, timeOfX, xOfTime } from "./timeline-scale";

const layout = { width: 1000, padLeft: 40, padRight: 20, durationSec: 120 };

describe("timeline geometry", () => {
  it("maps time to x and back, clamped", () => {
    expect(xOfTime(0, layout)).toBe(40);
    expect(xOfTime(120, layout)).toBe(980);
    expect(xOfTime(500, layout)).toBe(980);
    expect(xOfTime(-5, layout)).toBe(40);
    expect(timeOfX(510, layout)).toBeCloseTo(60, 9);
    expect(timeOfX(0, layout)).toBe(0);
    fc.assert(fc.property(fc.double({ min: 0, max: 120, noNaN: true }), (t) => Math.abs(timeOfX(xOfTime(t, layout), layout) - t) < 1e-9));
  });

  it("chooses readable tick steps", () => {
    expect(tickStep(10, 1000)).toBe(1);
    expect(tickStep(2820, 1000)).toBe(300);
    expect(tickStep(0.5, 800)).toBe(0.1);
    expect(tickTimes(10, 1000)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(tickTimes(25, 300)).toEqual([0, 10, 20]);
  });

  it("formats clock times", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(3725)).toBe("1:02:05");
    expect(formatClock(62.46, true)).toBe("1:02.5");
  });

  it("packs overlapping spans into lanes, never overlapping within a lane (property)", () => {
    expect(packLanes([{ startSec: 0, endSec: 5 }, { startSec: 3, endSec: 8 }, { startSec: 6, endSec: 9 }])).toEqual({ lanes: [0, 1, 0], count: 2 });
    const span = fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 30 })).map(([s, d]) => ({ startSec: s, endSec: s + d }));
    fc.assert(
      fc.property(fc.array(span, { maxLength: 30 }), (spans) => {
        const { lanes } = packLanes(spans);
        for (let i = 0; i < spans.length; i++) {
          for (let j = i + 1; j < spans.length; j++) {
            if (lanes[i] !== lanes[j]) continue;
            const a = spans[i];
            const b = spans[j];
            expect(a.endSec <= b.startSec || b.endSec <= a.startSec).toBe(true);
          }
        }
      }),
    );
  });

  it("sizes the timeline from the video or the marks", () => {
    expect(timelineDuration(30, [5, 10])).toBe(30);
    expect(timelineDuration(null, [5, 100])).toBeCloseTo(105, 9);
    expect(timelineDuration(undefined, [])).toBe(1);
  });
});
