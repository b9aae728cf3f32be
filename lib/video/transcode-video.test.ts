import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decidePlayback } from "./browser-playable";
import { decodeFrameCodes } from "./decode-frames";
import { probeVideo } from "./probe-video";
import { checkPlaybackTiming, makePlaybackCopy, playbackCopyArgs } from "./transcode-video";
import { generateInto, makeTempDir, miniDemoSpec, removeTempDir } from "./video-test-fixtures";

let dir = "";
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(() => removeTempDir(dir));

const size = { width: 640, height: 360 };
const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("playback copies", { timeout: 30_000 }, () => {
  it("transcodes MPEG-4 in Matroska to H.264 MP4 with the same frames and times", async () => {
    const input = await generateInto(dir, miniDemoSpec("mkv-mpeg4", 48));
    const original = await probeVideo(input);
    expect(decidePlayback(original).action).toBe("transcode");
    const out = await makePlaybackCopy(input, original, path.join(dir, "mkv-playback.mp4"), "transcode", { preset: "ultrafast" });
    const copy = await probeVideo(out);
    expect(copy).toMatchObject({ containerKind: "mp4", videoCodec: "h264", pixelFormat: "yuv420p", frameCount: 48 });
    expect(decidePlayback(copy).action).toBe("direct");
    expect(copy.ptsTable.pts.map((t) => (t * copy.timeBase.num) / copy.timeBase.den)).toEqual(
      original.ptsTable.pts.map((t) => t / 1000),
    );
    expect(checkPlaybackTiming(original, copy).mediaTimeOffset).toBe(0);
    expect(await decodeFrameCodes(out, size)).toEqual(indices(48));
  });

  it("keeps variable frame timing exactly when transcoding", async () => {
    const input = await generateInto(dir, miniDemoSpec("vfr", 12));
    const original = await probeVideo(input);
    expect(original.variableFrameRate).toBe(true);
    const out = await makePlaybackCopy(input, original, path.join(dir, "vfr-playback.mp4"), "transcode", { preset: "ultrafast" });
    const copy = await probeVideo(out);
    expect(copy.variableFrameRate).toBe(true);
    expect(copy.timeBase.den).toBe(original.timeBase.den);
    expect(copy.ptsTable.pts).toEqual(original.ptsTable.pts);
    expect(await decodeFrameCodes(out, size)).toEqual(indices(48));
    // no B-frames: every frame is decoded at its display time, so browsers can seek to each one
    expect(copy.startDecodeDelay).toBe(0);
    expect(copy.maxKeyframeDecodeDelay).toBe(0);
    expect(decidePlayback(copy).action).toBe("direct");
  });

  it("remuxes an MP4 starting at 2.5 s into a zero-based copy (mediaTimeOffset 2.5)", async () => {
    const input = await generateInto(dir, miniDemoSpec("offset", 40));
    const original = await probeVideo(input);
    expect(decidePlayback(original).action).toBe("remux");
    const out = await makePlaybackCopy(input, original, path.join(dir, "offset-playback.mp4"), "remux");
    const copy = await probeVideo(out);
    expect(copy.firstPts).toBe(0);
    expect(copy.ptsTable.pts).toEqual(original.ptsTable.pts.map((p) => p - 225000));
    expect(checkPlaybackTiming(original, copy)).toEqual({ mediaTimeOffset: 2.5 });
    expect(decidePlayback(copy).action).toBe("direct");
    expect(await decodeFrameCodes(out, size)).toEqual(indices(40));
  });

  it("keeps (and re-encodes only if needed) the audio track", async () => {
    const input = await generateInto(dir, miniDemoSpec("cfr30", 30));
    const original = await probeVideo(input);
    expect(original.audioCodec).toBe("aac");
    expect(playbackCopyArgs(input, original, "o.mp4", "remux")).toEqual(expect.arrayContaining(["-c:a", "copy"]));
    const out = await makePlaybackCopy(input, original, path.join(dir, "cfr-playback.mp4"), "transcode", { preset: "ultrafast" });
    const copy = await probeVideo(out);
    expect(copy.audioCodec).toBe("aac");
    expect(checkPlaybackTiming(original, copy).mediaTimeOffset).toBe(0);
  });

  it("reports a failure naming the input, and leaves no partial output", async () => {
    const input = await generateInto(dir, miniDemoSpec("cfr30", 5));
    const original = await probeVideo(input);
    await expect(
      makePlaybackCopy(input, original, path.join(dir, "bad.mp4"), "transcode", { preset: "no-such-preset" }),
    ).rejects.toThrow(/^mini-demo-cfr30\.mp4: transcode to MP4 failed/);
  });

  it("checkPlaybackTiming refuses copies with different frames", async () => {
    const a = await probeVideo(await generateInto(dir, miniDemoSpec("cfr30", 5)));
    const b = { ...a, frameCount: 4, ptsTable: { ...a.ptsTable, pts: a.ptsTable.pts.slice(0, 4) } };
    expect(() => checkPlaybackTiming(a, b)).toThrow(/4 frames, the original 5/);
    const c = { ...a, ptsTable: { ...a.ptsTable, pts: a.ptsTable.pts.map((p, i) => p + i * 100) } };
    expect(() => checkPlaybackTiming(a, c)).toThrow(/frame times differ/);
  });
});
