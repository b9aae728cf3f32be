import { describe, expect, it } from "vitest";
import { decidePlayback, type PlayabilityInput } from "./browser-playable";

const mp4: PlayabilityInput = {
  containerKind: "mp4",
  container: "mov,mp4,m4a,3gp,3g2,mj2",
  videoCodec: "h264",
  videoProfile: "High",
  pixelFormat: "yuv420p",
  audioCodec: "aac",
  firstPts: 0,
  frameCount: 300,
};

describe("decidePlayback", () => {
  it("serves H.264/AAC MP4 and VP9/Opus WebM starting at 0 directly", () => {
    expect(decidePlayback(mp4)).toEqual({ action: "direct", reasons: [] });
    expect(decidePlayback({ ...mp4, audioCodec: null }).action).toBe("direct");
    expect(decidePlayback({ ...mp4, containerKind: "mov" }).action).toBe("direct");
    expect(
      decidePlayback({ ...mp4, containerKind: "webm", container: "matroska,webm", videoCodec: "vp9", audioCodec: "opus" }).action,
    ).toBe("direct");
    expect(decidePlayback({ ...mp4, containerKind: "webm", videoCodec: "vp8", audioCodec: "vorbis" }).action).toBe("direct");
    expect(decidePlayback({ ...mp4, videoCodec: "av1" }).action).toBe("direct");
  });

  it("transcodes when a keyframe is decoded earlier before display than the first frame (VFR with B-frames)", () => {
    const constantDelay = { ...mp4, startDecodeDelay: 2 / 30, maxKeyframeDecodeDelay: 2 / 30 };
    expect(decidePlayback(constantDelay).action).toBe("direct");
    expect(decidePlayback({ ...constantDelay, maxKeyframeDecodeDelay: 1 / 30 }).action).toBe("direct");
    const vfr = decidePlayback({ ...mp4, startDecodeDelay: 2 / 30, maxKeyframeDecodeDelay: 2 / 15 });
    expect(vfr.action).toBe("transcode");
    expect(vfr.reasons[0]).toMatch(/0\.133 s before display but the first frame 0\.067 s/);
    // even with a start offset (a stream copy would keep the delays)
    expect(decidePlayback({ ...mp4, firstPts: 2.5, startDecodeDelay: 0, maxKeyframeDecodeDelay: 0.1 }).action).toBe("transcode");
    // unknown delays (no DTS): nothing to decide on
    expect(decidePlayback({ ...mp4, startDecodeDelay: null, maxKeyframeDecodeDelay: null }).action).toBe("direct");
  });

  it("remuxes an MP4 whose first frame is not at 0", () => {
    const d = decidePlayback({ ...mp4, firstPts: 2.5 });
    expect(d.action).toBe("remux");
    expect(d.reasons[0]).toMatch(/2\.5 s/);
  });

  it("transcodes other containers, codecs and pixel formats, with reasons", () => {
    const mkv = decidePlayback({ ...mp4, containerKind: "matroska", container: "matroska,webm", videoCodec: "mpeg4" });
    expect(mkv.action).toBe("transcode");
    expect(mkv.reasons.join(" ")).toMatch(/matroska/);
    expect(decidePlayback({ ...mp4, videoCodec: "hevc" }).reasons.join()).toMatch(/hevc/);
    expect(decidePlayback({ ...mp4, pixelFormat: "yuv444p" }).reasons.join()).toMatch(/yuv444p/);
    expect(decidePlayback({ ...mp4, pixelFormat: "yuv420p10le" }).action).toBe("transcode");
    expect(decidePlayback({ ...mp4, audioCodec: "pcm_s16le" }).reasons.join()).toMatch(/pcm_s16le/);
    expect(decidePlayback({ ...mp4, containerKind: "webm", videoCodec: "h264" }).action).toBe("transcode");
    expect(decidePlayback({ ...mp4, containerKind: "avi", container: "avi" }).action).toBe("transcode");
    expect(decidePlayback({ ...mp4, containerKind: "webm", videoCodec: "vp9", audioCodec: "opus", firstPts: 1 }).action).toBe(
      "transcode",
    );
  });
});
