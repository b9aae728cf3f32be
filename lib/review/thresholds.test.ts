import { describe, expect, it } from "vitest";
import { DEFAULT_REVIEW_THRESHOLDS, resolveThresholds, reviewThresholdsFromSettings, reviewThresholdsSchema } from "./thresholds";

describe("review thresholds", () => {
  it("defaults: every timestamp matched within 2 frames, tIoU 0.5, counts and captions equal, qualification 0.8", () => {
    expect(resolveThresholds(undefined)).toEqual({
      timestampToleranceFrames: 2,
      timestampMinF1: 1,
      kappaBinFrames: 5,
      spanMinIoU: 0.5,
      countMaxDifference: 0,
      captionMinExact: 1,
      qualificationKappa: 0.8,
    });
    expect(reviewThresholdsSchema.parse(DEFAULT_REVIEW_THRESHOLDS)).toEqual(DEFAULT_REVIEW_THRESHOLDS);
  });

  it("a partial input overrides only its keys; bad input names the key", () => {
    expect(resolveThresholds({ spanMinIoU: 0.7 }).spanMinIoU).toBe(0.7);
    expect(() => resolveThresholds({ spanMinIoU: 1.5 })).toThrow(/spanMinIoU must be at most 1/);
    expect(() => resolveThresholds({ timestampToleranceFrames: 1.5 } as never)).toThrow(/whole number of frames/);
    expect(() => resolveThresholds({ nope: 1 } as never)).toThrow(/nope/);
  });

  it("from stored project settings: per key, project-level tolerance and qualification kappa win, junk ignored", () => {
    const t = reviewThresholdsFromSettings({
      timestampToleranceFrames: 4,
      qualificationKappa: 0.9,
      reviewThresholds: { spanMinIoU: 0.6, countMaxDifference: "x", timestampToleranceFrames: 1 },
    });
    expect(t).toMatchObject({ timestampToleranceFrames: 4, qualificationKappa: 0.9, spanMinIoU: 0.6, countMaxDifference: 0 });
    expect(reviewThresholdsFromSettings(null)).toEqual(DEFAULT_REVIEW_THRESHOLDS);
    expect(reviewThresholdsFromSettings({ reviewThresholds: { timestampToleranceFrames: 1 } }).timestampToleranceFrames).toBe(1);
  });
});
