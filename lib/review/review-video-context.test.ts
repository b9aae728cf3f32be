import { describe, expect, it } from "vitest";
import { reviewVideoContext } from "./review-video-context";
import { e1Doc } from "./test-docs";

describe("reviewVideoContext", () => {
  it("reads the video's average rate and frame count", () => {
    expect(reviewVideoContext({ avgFrameRate: "25/1", frameCount: 100, durationSec: 4 }, [e1Doc([10], [20])])).toEqual({ fps: 25, frameCount: 100 });
  });

  it("without a video: 30 fps over the frames the documents reach", () => {
    expect(reviewVideoContext(null, [e1Doc([10, 140], [20]), e1Doc([12], [20])])).toEqual({ fps: 30, frameCount: 141 });
    expect(reviewVideoContext({ avgFrameRate: "n/a", frameCount: 50, durationSec: 2 }, [])).toEqual({ fps: 25, frameCount: 50 });
  });
});
