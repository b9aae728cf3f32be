import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { clampView, followView, fullView, lowerBound, minSpan, panView, secOfX, xOfSec, zoomView } from "./timeline-view";

const D = 7200; // a 2-hour video
const fps = 25;
const min = minSpan(fps, D);

describe("timeline view", () => {
  it("zooms from the whole video down to a dozen frames and no further", () => {
    let v = fullView(D);
    for (let i = 0; i < 40; i++) v = zoomView(v, 2, 3600, D, min);
    expect(v.end - v.start).toBeCloseTo(12 / 25, 9);
    expect(v.start).toBeLessThanOrEqual(3600);
    expect(v.end).toBeGreaterThanOrEqual(3600);
    for (let i = 0; i < 40; i++) v = zoomView(v, 0.5, 3600, D, min);
    expect(v).toEqual({ start: 0, end: D });
  });

  it("keeps the anchor under the cursor while zooming (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: D, noNaN: true }), fc.double({ min: 1.1, max: 8, noNaN: true }), (anchor, factor) => {
        const v0 = { start: 1000, end: 5000 };
        const a = Math.min(5000, Math.max(1000, anchor));
        const x0 = xOfSec(a, v0, 1000);
        const v1 = zoomView(v0, factor, a, D, min);
        expect(Math.abs(xOfSec(a, v1, 1000) - x0)).toBeLessThan(1e-6);
      }),
    );
  });

  it("pans within the video and maps x and seconds both ways", () => {
    const v = panView({ start: 10, end: 20 }, -50, D, min);
    expect(v).toEqual({ start: 0, end: 10 });
    expect(panView({ start: 7190, end: 7200 }, 100, D, min)).toEqual({ start: 7190, end: 7200 });
    expect(secOfX(xOfSec(13.37, { start: 10, end: 20 }, 800), { start: 10, end: 20 }, 800)).toBeCloseTo(13.37, 9);
    expect(clampView({ start: NaN, end: NaN }, 60, 0.5)).toEqual({ start: 0, end: 60 });
  });

  it("pages the view to follow the playhead", () => {
    const v = { start: 100, end: 200 };
    expect(followView(v, 150, D, min)).toBe(v);
    expect(followView(v, 250, D, min)).toEqual({ start: 240, end: 340 });
    expect(followView(v, 50, D, min)).toEqual({ start: -40 + 40, end: 100 }); // clamped at 0
  });

  it("binary search finds the first visible mark", () => {
    const arr = [1, 3, 3, 7, 9];
    expect([0, 1, 2, 3, 4, 8, 10].map((x) => lowerBound(arr, x))).toEqual([0, 0, 1, 1, 3, 4, 5]);
  });
});
