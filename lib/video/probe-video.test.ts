import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPtsTable,
  isVariableFrameRate,
  matroskaDocType,
  parseFrameCsv,
  parsePacketCsv,
  parseRational,
  ProbeError,
  probeVideo,
} from "./probe-video";
import { runProcess } from "./run-process";
import { ffmpegPath } from "./tool-paths";
import { makeTempDir, removeTempDir } from "./video-test-fixtures";

describe("probe parsing (pure)", () => {
  it("parses rationals", () => {
    expect(parseRational("30000/1001")).toMatchObject({ num: 30000, den: 1001, text: "30000/1001" });
    expect(parseRational("0/0").value).toBeNull();
    expect(parseRational("25").value).toBe(25);
    expect(parseRational("garbage").value).toBeNull();
    expect(parseRational(undefined).value).toBeNull();
  });

  it("parses packet CSV, skipping discarded packets and noting missing PTS", () => {
    const r = parsePacketCsv("0,-6000,N/A,K_\n9000,-3000,N/A,__\n3000,0,3000,__\n-3000,-3000,3000,_D\n6000,3000,3000,__\n");
    expect(r.pts).toEqual([0, 9000, 3000, 6000]);
    expect(r.lastDuration).toBeNull(); // duration of the packet with the largest pts (9000)
    expect(r.missingPts).toBe(false);
    expect(r.startDecodeDelay).toBe(6000);
    expect(r.maxKeyframeDecodeDelay).toBe(6000);
    expect(parsePacketCsv("N/A,N/A,0,K_\n").missingPts).toBe(true);
  });

  it("finds keyframes decoded earlier (relative to their PTS) than the first frame", () => {
    // start delay 2 frames of 3000; a later keyframe (pts 30000) is decoded 4 frames early
    const r = parsePacketCsv("0,-6000,3000,K_\n3000,-3000,3000,__\n30000,18000,3000,K_\n");
    expect(r.startDecodeDelay).toBe(6000);
    expect(r.maxKeyframeDecodeDelay).toBe(12000);
    // no DTS: unknown
    expect(parsePacketCsv("0,N/A,3000,K_\n").startDecodeDelay).toBeNull();
  });

  it("parses frame CSV and synthesizes missing timestamps", () => {
    expect(parseFrameCsv("0,40\n40,40\n\n", 40)).toEqual({ pts: [0, 40], lastDuration: 40, synthesized: false });
    expect(parseFrameCsv("N/A,120000,\nN/A,120000,\n", null)).toMatchObject({ pts: [0, 120000], synthesized: true });
    // AVI with B-frames: shifted guesses and a missing last one -> synthesized from the start
    expect(parseFrameCsv("1,1\n2,1\n3,1\nN/A,1\n", 1, 0)).toMatchObject({ pts: [0, 1, 2, 3], synthesized: true });
  });

  it("detects variable frame rate beyond one tick of rounding", () => {
    expect(isVariableFrameRate([0, 3000, 6000, 9000])).toBe(false);
    expect(isVariableFrameRate([0, 42, 83, 125, 167, 208])).toBe(false); // 24 fps in ms
    expect(isVariableFrameRate([0, 3000, 6000, 12000, 18000])).toBe(true);
    expect(isVariableFrameRate([0, 3000])).toBe(false);
  });

  it("builds a sorted table with a sensible last-frame duration", () => {
    const tb = { num: 1, den: 90000 };
    expect(buildPtsTable({ pts: [6000, 0, 3000], lastDuration: null }, tb, { streamEnd: null, nominalTicks: null })).toEqual({
      timeBase: tb,
      pts: [0, 3000, 6000],
      endPts: 9000,
    });
    expect(buildPtsTable({ pts: [0, 3000], lastDuration: 1500 }, tb, { streamEnd: null, nominalTicks: null }).endPts).toBe(4500);
    expect(buildPtsTable({ pts: [100], lastDuration: null }, tb, { streamEnd: 3100, nominalTicks: 3000 }).endPts).toBe(3100);
    expect(buildPtsTable({ pts: [100], lastDuration: null }, tb, { streamEnd: null, nominalTicks: 3000 }).endPts).toBe(3100);
    expect(buildPtsTable({ pts: [], lastDuration: null }, tb, { streamEnd: null, nominalTicks: null }).pts).toEqual([]);
  });

  it("reads the Matroska DocType", () => {
    const head = (doc: string) => Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x80 | doc.length, ...Buffer.from(doc)]);
    expect(matroskaDocType(head("webm"))).toBe("webm");
    expect(matroskaDocType(head("matroska"))).toBe("matroska");
    expect(matroskaDocType(new Uint8Array(16))).toBeNull();
  });
});

describe("probeVideo (ffprobe)", { timeout: 30_000 }, () => {
  let dir = "";
  const ff = async (name: string, args: string[]) => {
    const file = path.join(dir, name);
    const r = await runProcess(ffmpegPath(), ["-hide_banner", "-nostdin", "-v", "error", "-y", ...args, file]);
    if (r.code !== 0) throw new Error(r.stderr);
    return file;
  };
  const src = ["-f", "lavfi", "-i", "testsrc=s=64x48:r=10", "-frames:v", "10"];

  beforeAll(async () => {
    dir = await makeTempDir();
  });
  afterAll(() => removeTempDir(dir));

  it("recognises WebM, MOV and MPEG-TS (which starts at 1.4 s)", async () => {
    const webm = await probeVideo(await ff("a.webm", [...src, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"]));
    expect(webm).toMatchObject({ containerKind: "webm", videoCodec: "vp9", frameCount: 10, firstPts: 0 });
    const mov = await probeVideo(await ff("a.mov", [...src, "-c:v", "libx264", "-preset", "ultrafast"]));
    expect(mov).toMatchObject({ containerKind: "mov", videoCodec: "h264", frameCount: 10, pixelFormat: expect.any(String) });
    const ts = await probeVideo(await ff("a.ts", [...src, "-c:v", "libx264", "-preset", "ultrafast"]));
    expect(ts.containerKind).toBe("mpegts");
    expect(ts.firstPts).toBeCloseTo(1.4, 6);
    expect(ts.ptsTable.pts[1] - ts.ptsTable.pts[0]).toBe(9000);
    expect(ts.duration).toBeCloseTo(1, 6);
  });

  it("falls back to decoded frames when packets have no PTS (AVI with B-frames)", async () => {
    const p = await probeVideo(await ff("a.avi", [...src, "-c:v", "mpeg4", "-bf", "2"]));
    expect(p.ptsSource).toBe("synthesized");
    expect(p.frameCount).toBe(10);
    expect(p.ptsTable.pts).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(p.variableFrameRate).toBe(false);
  });

  it("synthesizes timestamps for a raw H.264 stream", async () => {
    const p = await probeVideo(await ff("a.h264", [...src, "-c:v", "libx264", "-preset", "ultrafast", "-f", "h264"]));
    expect(p.ptsSource).toBe("synthesized");
    expect(p.frameCount).toBe(10);
    expect(p.variableFrameRate).toBe(false);
  });

  it("reads rotation metadata", async () => {
    const base = await ff("r0.mp4", [...src, "-c:v", "libx264", "-preset", "ultrafast"]);
    const p = await probeVideo(await ff("r90.mp4", ["-i", base, "-c", "copy", "-metadata:s:v:0", "rotate=90"]));
    expect([90, 270]).toContain(p.rotation);
  });

  it("throws ProbeError for non-videos, audio-only files and missing files", async () => {
    const text = path.join(dir, "notes.txt");
    await writeFile(text, "hello, this is not a video\n");
    await expect(probeVideo(text)).rejects.toBeInstanceOf(ProbeError);
    await expect(probeVideo(text)).rejects.toThrow(/^notes\.txt: ffprobe could not read the file/);
    const audio = await ff("tone.m4a", ["-f", "lavfi", "-i", "sine=d=0.5", "-c:a", "aac"]);
    await expect(probeVideo(audio)).rejects.toThrow(/no video stream/);
    await expect(probeVideo(path.join(dir, "missing.mp4"))).rejects.toThrow(/file not found/);
  });
});
