import { describe, expect, it } from "vitest";
import {
  DEMO_VIDEOS,
  demoDurationSeconds,
  demoFrameCount,
  demoIsVariableFrameRate,
  demoObjectBoxAt,
  demoPtsTicks,
  getDemoVideo,
} from "./demo-videos";
import { decodeFrameIndex, FRAME_CODE_BAND_HEIGHT } from "./frame-code";
import { renderDemoFrame } from "./render-demo-frame";

describe("demo video specs", () => {
  it("has unique ids and file names", () => {
    expect(new Set(DEMO_VIDEOS.map((v) => v.id)).size).toBe(DEMO_VIDEOS.length);
    expect(new Set(DEMO_VIDEOS.map((v) => v.fileName)).size).toBe(DEMO_VIDEOS.length);
    expect(() => getDemoVideo("nope")).toThrow(/unknown demo video/);
  });

  it("covers constant, variable and offset timelines", () => {
    const cfr = getDemoVideo("cfr30");
    expect(demoFrameCount(cfr)).toBe(300);
    expect(demoPtsTicks(cfr).slice(0, 3)).toEqual([0, 3000, 6000]);
    expect(demoDurationSeconds(cfr)).toBe(10);
    const vfr = getDemoVideo("vfr");
    expect(demoIsVariableFrameRate(vfr)).toBe(true);
    expect(demoFrameCount(vfr)).toBe(480);
    const t = demoPtsTicks(vfr);
    expect(t[120] - t[119]).toBe(3000);
    expect(t[121] - t[120]).toBe(6000);
    expect(t[181] - t[180]).toBe(1500);
    expect(t[361] - t[360]).toBe(3750);
    expect(t[480]).toBe(16 * 90000);
    const off = getDemoVideo("offset");
    expect(demoPtsTicks(off)[0]).toBe(225000);
    expect(demoDurationSeconds(off)).toBe(10);
    const mkv = getDemoVideo("mkv-mpeg4");
    expect(demoPtsTicks(mkv).slice(0, 4)).toEqual([0, 42, 83, 125]);
  });

  it("keeps objects inside the frame, below the frame code and above the counter", () => {
    for (const v of DEMO_VIDEOS) {
      for (const o of v.objects) {
        expect(o.appearFrame).toBeLessThan(o.disappearFrame);
        expect(o.disappearFrame).toBeLessThanOrEqual(demoFrameCount(v));
        for (const n of [o.appearFrame, o.disappearFrame - 1]) {
          const b = demoObjectBoxAt(o, n)!;
          expect(b.x).toBeGreaterThanOrEqual(0);
          expect(b.y).toBeGreaterThanOrEqual(FRAME_CODE_BAND_HEIGHT);
          expect(b.x + b.width).toBeLessThanOrEqual(v.width);
          expect(b.y + b.height).toBeLessThanOrEqual(v.height - 50);
        }
        expect(demoObjectBoxAt(o, o.appearFrame - 1)).toBeNull();
        expect(demoObjectBoxAt(o, o.disappearFrame)).toBeNull();
      }
    }
  });

  it("renders frames whose code decodes to the frame index and whose objects are where the spec says", () => {
    const spec = getDemoVideo("cfr30");
    for (const n of [0, 29, 30, 100, 299]) {
      const px = renderDemoFrame(spec, n);
      expect(decodeFrameIndex(px, spec.width, spec.height)).toBe(n);
    }
    const red = spec.objects[0];
    const box = demoObjectBoxAt(red, 60)!;
    const px = renderDemoFrame(spec, 60);
    const o = ((box.y + 10) * spec.width + box.x + 10) * 4;
    expect([px[o], px[o + 1], px[o + 2]]).toEqual([...red.color]);
    const before = renderDemoFrame(spec, red.appearFrame - 1);
    expect([before[o], before[o + 1], before[o + 2]]).not.toEqual([...red.color]);
  });
});
